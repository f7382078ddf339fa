import type { APIInteraction } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { buttonInteraction } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, BOB, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { type Answer, buttonUpdate, ephemeralReply, sub } from './quota-helpers.ts';
import { relabelButton } from './result-helpers.ts';
import { expectSentCustomIdsParse, shapeOf } from './sent-custom-ids.ts';

// The English texts expected below, read from the bot's texts themselves.
const REPEATED_PRESS = english.t('actions:press.repeated');

const h = useHarness({ beforeClose: expectSentCustomIdsParse });

const posts = () => h.sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/generations'));
const aliceFigures = () => h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

/** motion-2.0-fast at 480p costs $0.1056 a second: 5 s is $0.528, above the default $0.50. */
const costlyVideo = (prompt = 'a slow pan over hills') =>
  h.command('video', [
    opt.string('prompt', prompt),
    opt.string('model', 'motion-2.0-fast'),
    opt.integer('duration', 5),
  ]);

async function cardOf(
  interaction: APIInteraction,
): Promise<{ card: Answer; confirm: string; cancel: string }> {
  const card = await ephemeralReply(h, interaction);
  const [confirm, cancel] = card.components[0]?.components.map((b) => b.custom_id ?? '') ?? [];
  if (!confirm || !cancel) throw new Error('the card has no Confirm / Cancel buttons');
  return { card, confirm, cancel };
}

async function press(command: APIInteraction, customId: string, userId = ALICE): Promise<APIInteraction> {
  const message = h.discord.originalMessage(command.token);
  if (!message) throw new Error('the card was not stored by the fake Discord');
  const click = buttonInteraction(h.discord, { customId, messageId: message.id, channelId: ART, userId });
  await h.discord.sendInteraction(click);
  return click;
}

async function adminSetsThreshold(usd: string): Promise<string> {
  const answer = await ephemeralReply(
    h,
    await h.command('quota', [sub('confirm', [opt.string('usd', usd)])], { userId: ADMIN }),
  );
  return answer.content;
}

describe('confirmation of a costly request', () => {
  it('holds the reservation and sends nothing until Confirm, then submits once and delivers on the press', async () => {
    const command = await costlyVideo();
    const { card, confirm, cancel } = await cardOf(command);
    expect(card.content).toContain('**This request costs about $0.528.**');
    expect(card.content).toContain('After it you will have $0.472 left of your $1.00 allowance.');
    expect(confirm).toMatch(/^confirmation:v1:confirm:[0-9a-f-]{36}$/);
    expect(cancel).toBe(confirm.replace(':confirm:', ':cancel:'));
    expect(expectSentCustomIdsParse(h).map(shapeOf)).toEqual(['confirmation:confirm', 'confirmation:cancel']);
    expect(posts()).toHaveLength(0);
    expect((await aliceFigures()).reservedMicros).toBe(528_000);

    const click = await press(command, confirm);
    // The press's own reply is public and becomes the job's reply.
    const deferred = (await h.callbackOf(click)).body as { type: number; data?: { flags?: number } };
    expect(deferred.type).toBe(5);
    expect((deferred.data?.flags ?? 0) & (1 << 6)).toBe(0);
    const job = await h.jobDone(click);
    expect(job.status).toBe('completed');
    expect(posts()).toHaveLength(1);
    const cardEdit = await h.editOf(command, (c) =>
      String((c.body as Answer).content).startsWith('Confirmed'),
    );
    expect((cardEdit.body as Answer).components).toEqual([]);
    const figures = await aliceFigures();
    expect(figures.reservedMicros).toBe(0);
    expect(figures.spentMicros).toBe(528_000);
  });

  it('releases the reservation on Cancel and sends nothing', async () => {
    const command = await costlyVideo();
    const { cancel } = await cardOf(command);
    expect((await aliceFigures()).reservedMicros).toBe(528_000);

    const answer = await buttonUpdate(h, await press(command, cancel));
    expect(answer.content).toBe('Cancelled. Nothing was sent, and the $0.528 held for it is yours again.');
    expect(answer.components).toEqual([]);
    const figures = await aliceFigures();
    expect(figures.reservedMicros).toBe(0);
    expect(figures.spentMicros).toBe(0);
    expect(posts()).toHaveLength(0);
  });

  it('releases the reservation after 5 minutes without an answer, and refuses a Confirm pressed later', async () => {
    const command = await costlyVideo();
    const { confirm } = await cardOf(command);
    expect((await aliceFigures()).reservedMicros).toBe(528_000);

    // The recovery sweep releases it once 5 minutes of the harness clock (3 real seconds) have passed.
    await vi.waitFor(async () => expect((await aliceFigures()).reservedMicros).toBe(0), {
      timeout: 20_000,
      interval: 50,
    });
    const answer = await buttonUpdate(h, await press(command, confirm));
    expect(answer.content).toBe('This confirmation expired; nothing was sent or charged.');
    expect(answer.components).toEqual([]);
    expect(posts()).toHaveLength(0);
    expect((await aliceFigures()).spentMicros).toBe(0);
  });

  it('releases at start a confirmation that expired while the bot was down, and refuses its Confirm after the restart', async () => {
    const command = await costlyVideo();
    const { confirm } = await cardOf(command);
    await h.restart(() => h.clock.sleep(5 * 60_000 + 1_000));
    // Right after the start, before the first periodic sweep: the start released it.
    expect((await aliceFigures()).reservedMicros).toBe(0);
    const answer = await buttonUpdate(h, await press(command, confirm));
    expect(answer.content).toBe('This confirmation expired; nothing was sent or charged.');
    expect(posts()).toHaveLength(0);
  });

  it('still honours a Confirm after a restart within the 5 minutes', async () => {
    const command = await costlyVideo();
    const { confirm } = await cardOf(command);
    await h.restart();
    expect((await aliceFigures()).reservedMicros).toBe(528_000);
    const click = await press(command, confirm);
    expect((await h.jobDone(click)).status).toBe('completed');
    expect(posts()).toHaveLength(1);
  });

  it('honours a Confirm on a card shown before the ids were versioned (`video:confirm:<id>`)', async () => {
    const command = await costlyVideo();
    const { confirm } = await cardOf(command);
    const card = h.discord.originalMessage(command.token);
    if (!card) throw new Error('the card was not stored by the fake Discord');
    const legacy = `video:confirm:${confirm.split(':').at(-1)}`;
    relabelButton(h, card.id, confirm, legacy);
    const click = await press(command, legacy);
    expect((await h.jobDone(click)).status).toBe('completed');
    expect(posts()).toHaveLength(1);
  });

  it('submits once when Confirm is double-clicked, answering the second press that it is on its way', async () => {
    const command = await costlyVideo('twice [sim:duration=20000]');
    const { confirm } = await cardOf(command);
    const first = await press(command, confirm);
    const second = await press(command, confirm);
    const answers = await Promise.all([h.callbackOf(first), h.callbackOf(second)]);
    const bodies = answers.map((c) => c.body as { type: number; data?: { content?: string } });
    // Exactly one press got the public reply; the other was told privately.
    expect(bodies.map((b) => b.type).sort()).toEqual([4, 5]);
    expect(bodies.find((b) => b.type === 4)?.data?.content).toBe(REPEATED_PRESS);
    const winner = bodies[0]?.type === 5 ? first : second;
    await h.jobDone(winner);
    expect(posts()).toHaveLength(1);
    expect((await aliceFigures()).spentMicros).toBe(528_000);
  });

  it('handles a press that the gateway delivers twice once', async () => {
    const command = await costlyVideo('redelivered [sim:duration=20000]');
    const { confirm } = await cardOf(command);
    const click = await press(command, confirm);
    await h.discord.sendInteraction(click);
    await h.jobDone(click);
    const callbacks = h.discord.calls.filter(
      (c) => c.route === 'interactionCallback' && c.path.includes(`/${click.id}/`),
    );
    expect(callbacks).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect((await aliceFigures()).spentMicros).toBe(528_000);
  });

  it('tells another member privately that the confirmation is not theirs, and keeps it for its owner', async () => {
    const command = await costlyVideo();
    const { confirm } = await cardOf(command);
    const answer = await ephemeralReply(h, await press(command, confirm, BOB));
    expect(answer.content).toBe('This confirmation is not yours: only the member who asked can answer it.');
    expect(posts()).toHaveLength(0);
    expect((await aliceFigures()).reservedMicros).toBe(528_000);
  });

  it('sends a costly request at once when an admin set /quota confirm usd:0, and records the change', async () => {
    expect(await adminSetsThreshold('0')).toBe(
      'Requests are sent at once, whatever they cost: no confirmation is asked.',
    );
    const command = await costlyVideo();
    expect((await h.callbackOf(command)).body).toMatchObject({ type: 5 });
    await h.jobDone(command);
    expect(posts()).toHaveLength(1);
    const [audit] = await h.bot.services.quotaAdmin.auditLog(GUILD);
    expect(audit).toMatchObject({ by: ADMIN, action: 'set-confirm-threshold', detail: { micros: 0 } });
  });

  it('asks for confirmation above a threshold an admin lowered', async () => {
    expect(await adminSetsThreshold('0.40')).toBe(
      'Requests that cost more than $0.40 now ask the member to confirm before anything is sent.',
    );
    const command = await h.command('video', [
      opt.string('prompt', 'a short pan'),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 4),
    ]);
    const { card } = await cardOf(command);
    expect(card.content).toContain('**This request costs about $0.4224.**');
    expect(posts()).toHaveLength(0);
  });

  it('sends a request at or below the threshold at once, as before', async () => {
    const command = await h.command('video', [
      opt.string('prompt', 'a short pan'),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 4),
    ]);
    expect((await h.callbackOf(command)).body).toMatchObject({ type: 5 });
    await h.jobDone(command);
    expect(posts()).toHaveLength(1);
  });
});
