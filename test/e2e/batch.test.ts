/**
 * Several takes at once (`count`): one reply for the batch, all-or-nothing reservation, each take
 * charged by its own 201 and refunded on its own failure, the confirmation threshold on the total.
 */
import { type APIInteraction, ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { buttonInteraction } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { bodyOf, galleryOf, isCard, takeLines } from './card-helpers.ts';
import { adminSetsAlice, ephemeralReply, refusedAfterDefer, sub } from './quota-helpers.ts';
import { expectSentCustomIdsParse } from './sent-custom-ids.ts';

const h = useHarness({ beforeClose: expectSentCustomIdsParse });

const posts = () => h.sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/generations'));
const aliceFigures = () => h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });
const ledgerKinds = async () =>
  (await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 50)).map((e) => e.kind).sort();

/** The member's ledger after a batch of 4 whose one take failed: 4 reserved, 4 charged, 1 refunded. */
const FOUR_TAKES_ONE_REFUNDED = [
  'charge',
  'charge',
  'charge',
  'charge',
  'refund',
  'reserve',
  'reserve',
  'reserve',
  'reserve',
];

type Node = { type: number; content?: string; label?: string; custom_id?: string; components?: Node[] };

/** Every button of a message, by label: its custom id. */
function buttonsOf(message: { components?: readonly unknown[] | null }): Map<string, string> {
  const buttons = new Map<string, string>();
  const walk = (nodes: readonly Node[] | undefined) => {
    for (const n of nodes ?? []) {
      if (n.type === ComponentType.Button && n.label && n.custom_id) buttons.set(n.label, n.custom_id);
      walk(n.components);
    }
  };
  walk((message.components ?? undefined) as Node[] | undefined);
  return buttons;
}

/** The card's edit once every take is delivered, refunded or not sent. */
const settledCard = (c: RecordedCall) => {
  const lines = takeLines(bodyOf(c));
  return lines.length > 0 && lines.every((l) => /· (done$|failed, \$[\d.]+ refunded|not sent)/.test(l));
};

/** lang-4o-image costs $0.02 a take. */
const batch = (count: number, prompt = 'a lighthouse at dusk') =>
  h.command('imagine', [
    opt.string('prompt', prompt),
    opt.string('model', 'lang-4o-image'),
    opt.integer('count', count),
  ]);

async function press(on: APIInteraction, customId: string): Promise<APIInteraction> {
  const message = h.discord.originalMessage(on.token);
  if (!message) throw new Error('no message to press on');
  const click = buttonInteraction(h.discord, {
    customId,
    messageId: message.id,
    channelId: ART,
    userId: ALICE,
  });
  await h.discord.sendInteraction(click);
  return click;
}

describe('several takes at once', () => {
  it('delivers a batch of 4 whose second take fails in one reply: 3 shown, 1 refunded, the quota exact', async () => {
    h.sim.injectNext({});
    h.sim.injectNext({ fail: 'infrastructure' });
    const command = await batch(4);
    expect((await h.callbackOf(command)).body).toMatchObject({ type: 5 });
    const final = await h.editOf(command, settledCard, 30_000);

    expect(posts()).toHaveLength(4);
    const lines = takeLines(bodyOf(final));
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.endsWith('· done'))).toHaveLength(3);
    expect(lines.filter((l) => l.endsWith('· failed, $0.02 refunded'))).toHaveLength(1);
    // One reply: the three results together in its gallery, each uploaded with the edit.
    const reply = h.deliveredMessage(command);
    expect(reply && isCard({ body: reply } as unknown as RecordedCall)).toBe(true);
    expect(galleryOf(reply ?? {})).toHaveLength(3);
    expect(reply?.attachments).toHaveLength(3);
    // Nothing posted beside it in the channel; the failed take is reported in the reply's thread.
    await h.bot.delivery.idle();
    expect(
      h.discord.calls.filter((c) => c.route === 'channelMessage' && c.path.includes(`/channels/${ART}/`)),
    ).toHaveLength(0);
    expect(h.discord.calls.filter((c) => c.route === 'threadCreate')).toHaveLength(1);

    // Each take charged by its own 201; only the failed one refunded; nothing left held.
    await h.bot.delivery.idle();
    expect(await ledgerKinds()).toEqual(FOUR_TAKES_ONE_REFUNDED);
    const figures = await aliceFigures();
    expect(figures).toMatchObject({ spentMicros: 60_000, reservedMicros: 0, inFlight: 0 });
  });

  it('refuses a batch as a whole when the allowance fits fewer takes, and sends nothing', async () => {
    await adminSetsAlice(h, '0.05');
    const refusal = await ephemeralReply(h, await batch(4));
    expect(refusal.content).toContain(
      '4 takes cost about $0.08 in all ($0.02 each), but your allowance has $0.05 left: enough for 2 of the 4 takes',
    );
    expect(refusal.content).toContain('Nothing was sent or charged.');
    expect(posts()).toHaveLength(0);
    expect(await aliceFigures()).toMatchObject({ reservedMicros: 0, spentMicros: 0 });
    expect(await ledgerKinds()).toEqual([]);
  });

  it('applies the confirmation threshold to the total, and a double Confirm sends the batch once', async () => {
    const threshold = await ephemeralReply(
      h,
      await h.command('quota', [sub('confirm', [opt.string('usd', '0.05')])], { userId: ADMIN }),
    );
    expect(threshold.content).toContain('$0.05');
    // One take ($0.02) is below the threshold; four ($0.08) are above it.
    const command = await batch(4);
    const card = await ephemeralReply(h, command);
    expect(card.content).toContain('**These 4 takes cost about $0.08 in all** ($0.02 each).');
    expect(posts()).toHaveLength(0);
    expect((await aliceFigures()).reservedMicros).toBe(80_000);

    const confirm = card.components[0]?.components[0]?.custom_id ?? '';
    const first = await press(command, confirm);
    const second = await press(command, confirm);
    await h.editOf(first, settledCard, 30_000);
    await h.callbackOf(second);
    await h.bot.delivery.idle();
    expect(posts()).toHaveLength(4);
    expect(await aliceFigures()).toMatchObject({ spentMicros: 80_000, reservedMicros: 0, inFlight: 0 });
  });

  it('resumes a batch across a restart: every take delivered once in the one reply, none charged twice', async () => {
    h.sim.injectNext({});
    h.sim.injectNext({ fail: 'infrastructure' });
    const command = await batch(4, 'a slow lighthouse [sim:duration=120000]');
    // The waiting card; a stop lets the running command finish, so every take is sent before it.
    await h.editOf(command);
    await h.restart(async () => {
      // Stopped mid-batch: every take sent, none delivered yet.
      expect(posts()).toHaveLength(4);
      expect(h.doneCount.get(command.token) ?? 0).toBe(0);
      // Every take finishes (one fails) while the bot is down.
      await h.clock.sleep(121_000);
    });
    const final = await h.editOf(command, settledCard, 30_000);
    await h.bot.delivery.idle();

    expect(posts()).toHaveLength(4);
    const lines = takeLines(bodyOf(final));
    expect(lines.filter((l) => l.endsWith('· done'))).toHaveLength(3);
    expect(lines.filter((l) => l.endsWith('· failed, $0.02 refunded'))).toHaveLength(1);
    expect(galleryOf(h.deliveredMessage(command) ?? {})).toHaveLength(3);
    expect(await ledgerKinds()).toEqual(FOUR_TAKES_ONE_REFUNDED);
    expect(await aliceFigures()).toMatchObject({ spentMicros: 60_000, reservedMicros: 0, inFlight: 0 });
    // Each take's job was recorded done exactly once.
    expect(h.doneCount.get(command.token)).toBe(4);
  });

  it("numbers each finished take's buttons, and a take's button acts on that take", async () => {
    const command = await batch(3);
    await h.editOf(command, settledCard, 30_000);
    await h.bot.delivery.idle();
    const reply = h.deliveredMessage(command);
    const buttons = buttonsOf(reply ?? {});
    expect([...buttons.keys()].sort()).toEqual(
      [
        'Again 1',
        'Again 2',
        'Again 3',
        'Animate 1',
        'Animate 2',
        'Animate 3',
        'Delete',
        'Details 1',
        'Details 2',
        'Details 3',
        'Vary 1',
        'Vary 2',
        'Vary 3',
      ].sort(),
    );
    // Take n's buttons name take n's own generation.
    for (const n of [1, 2, 3]) {
      const generationId = (buttons.get(`Again ${n}`) ?? '').split(':').pop() as string;
      expect((await h.bot.services.jobs.get(generationId))?.batch?.index).toBe(n - 1);
      expect(buttons.get(`Details ${n}`)).toBe(`result:v1:details:${generationId}`);
    }
    const third = (buttons.get('Again 3') ?? '').split(':').pop();
    const again = await press(command, buttons.get('Again 3') ?? '');
    const job = await h.jobDone(again);
    expect(job.origin?.generationId).toBe(third);
    expect(job.batch).toBeUndefined();
    expect(posts()).toHaveLength(4);
  });

  it('shows a take the service refused as not sent, releases its hold, and delivers the others', async () => {
    h.sim.injectNext({});
    h.sim.injectNext({ status: 422 });
    const command = await batch(4);
    const final = await h.editOf(command, settledCard, 30_000);
    await h.bot.delivery.idle();
    const lines = takeLines(bodyOf(final));
    expect(lines.filter((l) => l.endsWith('· done'))).toHaveLength(3);
    expect(lines.filter((l) => l.endsWith('· not sent, nothing charged'))).toHaveLength(1);
    expect(await ledgerKinds()).toEqual([
      'charge',
      'charge',
      'charge',
      'release',
      'reserve',
      'reserve',
      'reserve',
      'reserve',
    ]);
    expect(await aliceFigures()).toMatchObject({ spentMicros: 60_000, reservedMicros: 0, inFlight: 0 });
  });

  it('tells only the member, privately, when the shared balance is used up for every take', async () => {
    h.sim.setBalanceUsd(0.01);
    const command = await batch(2);
    // The card goes: the channel is not told that the server's balance is empty.
    const answer = await refusedAfterDefer(h, command);
    expect(answer.content).toMatch(/shared balance .* used up.*Nothing was charged to your quota/);
    expect(h.deliveredMessage(command)).toBeUndefined();
    const publicEdits = h.discord.calls.filter(
      (c) => c.route === 'webhookEdit' && c.path.includes(`/${command.token}/`),
    );
    expect(publicEdits.map((c) => JSON.stringify(c.body)).join('')).not.toMatch(/balance/i);
    expect(await aliceFigures()).toMatchObject({ spentMicros: 0, reservedMicros: 0, inFlight: 0 });
  });

  it('sends a batch whose command the gateway delivers twice once', async () => {
    const command = await batch(4);
    await h.discord.sendInteraction(command);
    await h.editOf(command, settledCard, 30_000);
    await h.bot.delivery.idle();
    const callbacks = h.discord.calls.filter(
      (c) => c.route === 'interactionCallback' && c.path.includes(`/${command.id}/`),
    );
    expect(callbacks).toHaveLength(1);
    expect(posts()).toHaveLength(4);
    expect(await aliceFigures()).toMatchObject({ spentMicros: 80_000, reservedMicros: 0 });
  });

  it('makes takes of a video too, each with a new seed when the request sets one', async () => {
    // Two 4 s takes cost $0.8448: no confirmation here, to see the takes themselves.
    await ephemeralReply(
      h,
      await h.command('quota', [sub('confirm', [opt.string('usd', '0')])], { userId: ADMIN }),
    );
    const command = await h.command('video', [
      opt.string('prompt', 'waves on a pier'),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 4),
      opt.integer('seed', 42),
      opt.integer('count', 2),
    ]);
    const final = await h.editOf(command, settledCard, 30_000);
    expect(takeLines(bodyOf(final))).toEqual(['**1** · done', '**2** · done']);
    expect(galleryOf(h.deliveredMessage(command) ?? {})).toHaveLength(2);
    const seeds = posts().map((r) => (r.body as { seed?: number }).seed);
    expect(seeds[0] === 42 || seeds[1] === 42).toBe(true);
    expect(new Set(seeds).size).toBe(2);
  });

  it('shows the takes generating once all are sent, before any finishes', async () => {
    const command = await batch(2, 'a slow one [sim:duration=600000]');
    const generating = await h.editOf(command, (c) => {
      const lines = takeLines(bodyOf(c));
      return lines.length === 2 && lines.every((l) => /· (queued|generating…)$/.test(l));
    });
    expect(galleryOf(bodyOf(generating))).toEqual([]);
    expect(h.done.get(command.token)).toBeUndefined();
  });

  it("takes the member's default count from /settings, and an explicit count wins", async () => {
    const saved = await ephemeralReply(
      h,
      await h.command('settings', [opt.integer('count', 3)], { userId: ALICE }),
    );
    expect(saved.content).toContain('Saved.');

    const byDefault = await h.command('imagine', [
      opt.string('prompt', 'three by default'),
      opt.string('model', 'lang-4o-image'),
    ]);
    await h.editOf(byDefault, settledCard, 30_000);
    expect(posts().filter((r) => (r.body as { prompt?: string }).prompt === 'three by default')).toHaveLength(
      3,
    );
    expect(takeLines(bodyOf(await h.editOf(byDefault, settledCard, 30_000)))).toHaveLength(3);

    const explicit = await h.command('imagine', [
      opt.string('prompt', 'just one'),
      opt.string('model', 'lang-4o-image'),
      opt.integer('count', 1),
    ]);
    await h.jobDone(explicit);
    expect(posts().filter((r) => (r.body as { prompt?: string }).prompt === 'just one')).toHaveLength(1);
  });
});
