/**
 * A server's prompt rules on every path that takes a prompt, through the fake Discord: /video,
 * /video-pro, Animate's and Continue's forms, "Generate from this", Higher resolution of a result
 * made before the rule, /imagine from a member whose own defaults (/settings) are set, and /show
 * (which posts a result's prompt again). Each is refused privately with the server's words, with
 * nothing sent to the service and nothing reserved. Two paths hold money before the rule comes:
 * a costly request's Confirm pressed after the rule was added, and a request (or a batch's takes)
 * that waited for its turn in the fair queue; they run on a clock that moves only when the test
 * says (nothing expires under them), and nothing of them is sent.
 */
import type { APIInteraction } from 'discord.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeAttachmentSpec, RecordedCall } from '../../testkit/fake-discord.ts';
import {
  ADMIN,
  ALICE,
  ART,
  BOB,
  componentsOf,
  GUILD,
  type Harness,
  type MessageLike,
  textOf as messageText,
  opt,
  useHarness,
} from '../support/bot-harness.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { type Answer, adminSetsAlice, buttonUpdate, ephemeralReply, sub } from './quota-helpers.ts';
import { asOptions, makeResult, resultButton, sentRequests } from './result-helpers.ts';
import { expectSentCustomIdsParse } from './sent-custom-ids.ts';

const REFUSED = 'This prompt holds a word this server does not allow. Nothing was sent or charged.';

/** The quota's reservations of a member in the test guild, as the ledger records them. */
const reservations = async (h: Harness, userId: string) =>
  (await h.bot.services.quotaLedger.forMember(GUILD, userId, 500)).filter((e) => e.kind === 'reserve').length;

const heldBy = async (h: Harness, userId: string) =>
  (await h.bot.services.quota.summary({ guildId: GUILD, userId, roleIds: [] })).reservedMicros;

const addRule = (h: Harness, pattern: string) =>
  h.bot.services.quotaAdmin.addPromptPattern(GUILD, pattern, ADMIN);

/**
 * `act`'s interaction is answered with the refusal, privately, and meanwhile the service received
 * nothing and the member's ledger gained no reservation.
 */
async function expectRefused(h: Harness, userId: string, act: () => Promise<APIInteraction>): Promise<void> {
  const sent = sentRequests(h).length;
  const reserved = await reservations(h, userId);
  const answer = await ephemeralReply(h, await act());
  expect(answer.content).toBe(REFUSED);
  expect(sentRequests(h)).toHaveLength(sent);
  expect(await reservations(h, userId)).toBe(reserved);
}

let nextId = 1;
/** An attachment as Discord's CDN serves it (a public URL the service can fetch). */
function file(filename: string, contentType: string): FakeAttachmentSpec {
  const id = String(1_500_000_000_000_000_000n + BigInt(nextId++));
  return {
    id,
    filename,
    contentType,
    url: `https://cdn.discordapp.com/attachments/${ART}/${id}/${filename}`,
  };
}

describe('prompt rules on every path that takes a prompt', () => {
  const h = useHarness({ per: 'file', beforeClose: expectSentCustomIdsParse });

  beforeAll(async () => {
    // Room for every result made below, whatever their order.
    await adminSetsAlice(h, '20');
  });

  it('refuse /video and /video-pro', async () => {
    await addRule(h, 'nandu');
    await expectRefused(h, ALICE, () => h.command('video', [opt.string('prompt', 'a Ñandú runs')]));
    await expectRefused(h, ALICE, () =>
      h.command('video-pro', [sub('quick', [opt.string('prompt', 'two NANDUS, no: one nandu')])]),
    );
    await expectRefused(h, ALICE, () =>
      h.command('video-pro', [
        sub('motion', [opt.string('prompt', 'a nandu dances'), opt.string('model', 'motion-2.0-fast')]),
      ]),
    );
  });

  it("refuse Animate's form on an image result", async () => {
    const image = await makeResult(h, 'imagine', { prompt: 'a lighthouse', model: 'lang-4o-image' });
    await addRule(h, 'kraken*');
    const press = await h.press(image.messageId, resultButton('animate', image.job));
    await ephemeralReply(h, press);
    const menu = h.deliveredMessage(press);
    const [select] = componentsOf(menu ?? {});
    const modal = await h.modalOf(await h.select(menu?.id ?? '', select?.custom_id ?? '', ['quick-video-1']));
    expect(modal.custom_id).toBe(resultButton('animate-modal', image.job, 'quick-video-1'));
    await expectRefused(h, ALICE, () =>
      h.submitModal(modal.custom_id, { prompt: 'the Krakens rise' }, {}, { messageId: menu?.id }),
    );
  });

  it("refuse Continue's form on a video with its last frame", async () => {
    const video = await makeResult(h, 'video', {
      prompt: 'a wave rises',
      model: 'motion-2.0-fast',
      duration: 4,
      return_last_frame: true,
    });
    await addRule(h, 'tsunami');
    const modal = await h.modalOf(await h.press(video.messageId, resultButton('continue', video.job)));
    expect(modal.custom_id).toBe(resultButton('continue-modal', video.job));
    await expectRefused(h, ALICE, () =>
      h.submitModal(modal.custom_id, { prompt: 'it becomes a TSUNAMI' }, {}, { messageId: video.messageId }),
    );
  });

  it('refuse "Generate from this"', async () => {
    await addRule(h, 'gryphon');
    const modal = await h.modalOf(
      await h.messageCommand('Generate from this', { attachments: [file('cat.png', 'image/png')] }),
    );
    await expectRefused(h, ALICE, () =>
      h.submitModal(modal.custom_id, { prompt: 'my cat as a gryphon', model: ['lang-image-2'] }),
    );
  });

  it('refuse Higher resolution of a result made before the rule', async () => {
    const before = await makeResult(h, 'imagine', { prompt: 'a basilisk at rest', model: 'lang-image-2' });
    await addRule(h, 'basilisk');
    // Refused before its confirmation card, which would hold the price.
    await expectRefused(h, ALICE, () =>
      h.press(before.messageId, resultButton('higher-resolution', before.job)),
    );
  });

  it('refuse /show of a result made before the rule: it would post the prompt again', async () => {
    const before = await makeResult(h, 'imagine', { prompt: 'an old windmill', model: 'lang-4o-image' });
    await addRule(h, 'windmill');
    await expectRefused(h, ALICE, () => h.command('show', [opt.string('id', before.job.generationId)]));
  });

  it('refuse /imagine from a member whose own defaults are set, before any confirmation they asked for', async () => {
    const saved = await ephemeralReply(
      h,
      await h.command('settings', asOptions({ image_model: 'dream-4.5', count: 2, always_confirm: true }), {
        userId: BOB,
      }),
    );
    expect(saved.content).toBe('Saved.');
    await addRule(h, 'chimera');
    await expectRefused(h, BOB, () =>
      h.command('imagine', [opt.string('prompt', 'a Chimera, two takes')], { userId: BOB }),
    );
    // The defaults are in force: the same request without the word asks Bob to confirm two takes.
    const card = await ephemeralReply(
      h,
      await h.command('imagine', [opt.string('prompt', 'a lion, two takes')], { userId: BOB }),
    );
    expect(card.components[0]?.components[0]?.custom_id).toMatch(/^confirmation:v1:confirm:/);
    expect(card.content).toContain('**These 2 takes cost about');
  });
});

describe('prompt rules added while money is held for a request', () => {
  // Nothing expires and nothing is granted unless the test moves the clock: a confirmation card
  // stays open and a request stays in line for as long as the test needs, however slow the machine.
  const clock = new ManualClock(Date.now());
  // One request a minute, which the catalog's load takes: a request then waits for its turn.
  const h = useHarness({ per: 'file', clock, env: { MEDIA_RATE_LIMIT_PER_MINUTE: '1' } });
  const bodyOf = (c: RecordedCall) => c.body as Partial<Answer>;
  const posted = (prompt: string) => sentRequests(h).some((r) => r.prompt === prompt);

  beforeAll(async () => {
    await vi.waitFor(() => expect(h.bot.services.catalog.ready).toBe(true), { timeout: 10_000 });
  });

  it('refuse at Confirm a costly request whose card was shown before the rule; its hold waits for Cancel', async () => {
    const prompt = 'a slow pan over the fjords';
    // motion-2.0-fast at 480p, 5 s: $0.528, above the default threshold of $0.50.
    const command = await h.command('video', [
      opt.string('prompt', prompt),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 5),
    ]);
    const card = await ephemeralReply(h, command);
    const [confirm, cancel] = card.components[0]?.components.map((b) => b.custom_id ?? '') ?? [];
    expect(confirm).toMatch(/^confirmation:v1:confirm:/);
    expect(await heldBy(h, ALICE)).toBe(528_000);

    await addRule(h, 'fjord*');
    const cardMessage = h.discord.originalMessage(command.token);
    if (!cardMessage) throw new Error('the card was not stored by the fake Discord');
    await expectRefused(h, ALICE, () => h.press(cardMessage.id, confirm as string));
    expect(posted(prompt)).toBe(false);
    // The card's own hold, from before the rule, is still the card's: Cancel gives it back.
    expect(await heldBy(h, ALICE)).toBe(528_000);
    const cancelled = await buttonUpdate(h, await h.press(cardMessage.id, cancel as string));
    expect(cancelled.content).toBe('Cancelled. Nothing was sent, and the $0.528 held for it is yours again.');
    expect(await heldBy(h, ALICE)).toBe(0);
    expect(posted(prompt)).toBe(false);
  });

  it('refuse a request that waited in line when its turn comes, releasing its hold and telling the member', async () => {
    const { submitter } = h.bot.services;
    const prompt = 'a quetzal in the rain';
    const waiting = await h.command('imagine', [opt.string('prompt', prompt)]);
    await vi.waitFor(() => expect(submitter.waiting).toBe(1), { timeout: 10_000 });
    // Its place is shown once it has waited 2 s (a request sent at once never shows one).
    clock.advance(2_000);
    await h.editOf(waiting, (c) => String(bodyOf(c).content).includes('expected to be sent'));
    expect(await heldBy(h, ALICE)).toBe(20_000);

    await addRule(h, 'quetzal');
    // The window's request comes back a minute after the catalog's load: the request is taken.
    await clock.runUntil(() => submitter.waiting === 0);
    const told = await h.editOf(waiting, (c) => String(bodyOf(c).content).includes('waited for its turn'));
    expect(bodyOf(told).content).toBe(
      `${REFUSED} This request waited for its turn and was not sent; nothing was charged.`,
    );
    await vi.waitFor(async () => expect(await heldBy(h, ALICE)).toBe(0), { timeout: 10_000 });
    expect(posted(prompt)).toBe(false);
    expect(sentRequests(h)).toHaveLength(0);
  });

  it('refuse every take of a batch that waited for the budget, though no take was shown a place', async () => {
    const { submitter } = h.bot.services;
    const prompt = 'two quokkas at play';
    const batch = await h.command('imagine', [opt.string('prompt', prompt), opt.integer('count', 2)]);
    // Both takes wait for a request of the budget at the head of the line (a pass is asked for
    // each): neither has a place to show, yet they may wait minutes.
    await vi.waitFor(() => expect(submitter.waiting).toBe(2), { timeout: 10_000 });
    expect(await heldBy(h, ALICE)).toBe(40_000);

    await addRule(h, 'quokka*');
    await clock.runUntil(() => submitter.waiting === 0 && submitter.sending === 0);
    const cardText = (c: RecordedCall) => messageText(c.body as MessageLike);
    const told = await h.editOf(batch, (c) => cardText(c).includes('could be sent'));
    expect(cardText(told)).toContain(
      "None of the 2 takes could be sent: the server's rules changed. Nothing was charged to your quota.",
    );
    await vi.waitFor(async () => expect(await heldBy(h, ALICE)).toBe(0), { timeout: 10_000 });
    expect(posted(prompt)).toBe(false);
  });
});
