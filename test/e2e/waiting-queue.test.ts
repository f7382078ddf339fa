import { join } from 'node:path';
import { type APIInteraction, Locale } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { buttonInteraction, type RecordedCall } from '../../testkit/fake-discord.ts';
import { ALICE, ART, BOB, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { holdWriteLock } from '../support/sqlite-lock.ts';
import { type Answer, buttonUpdate, ephemeralReply, fieldsOf } from './quota-helpers.ts';
import { expectSentCustomIdsParse, shapeOf } from './sent-custom-ids.ts';

// The English texts expected below, read from the bot's texts themselves.
const REPEATED_PRESS = english.t('actions:press.repeated');

let h: Harness | undefined;
afterEach(async () => {
  try {
    if (h) expectSentCustomIdsParse(h);
  } finally {
    await h?.close();
    h = undefined;
  }
});

const bodyOf = (c: RecordedCall) => c.body as Partial<Answer>;
const posted = (harness: Harness, prompt: string) =>
  harness.sim.requests.some(
    (r) => r.method === 'POST' && (r.body as { prompt?: string } | undefined)?.prompt === prompt,
  );
/** Members beside Alice and Bob whose requests are first in line, one for each of the four sending slots. */
const OTHERS = ['1300000000000000031', '1300000000000000032', '1300000000000000033', '1300000000000000034'];

async function press(
  harness: Harness,
  command: APIInteraction,
  customId: string,
  userId: string,
  locale?: Locale,
) {
  const message = harness.discord.originalMessage(command.token);
  if (!message) throw new Error('the reply was not stored by the fake Discord');
  const click = buttonInteraction(harness.discord, {
    customId,
    messageId: message.id,
    channelId: ART,
    userId,
    ...(locale ? { locale } : {}),
  });
  await harness.discord.sendInteraction(click);
  return click;
}

/**
 * Starts the bot with four requests first in the fair queue, one for each of its four sending
 * slots (a request of the budget is asked for each), and behind them Bob's and then Alice's. One
 * request a minute (the catalog's load at start uses it) on a clock that does not move: nothing
 * is granted, and everything waits in line for as long as the test needs, however slow the
 * machine (a real-time window raced the test under load).
 */
async function fillTheLine() {
  const clock = new ManualClock(Date.now());
  const harness = await startHarness({ clock, env: { MEDIA_RATE_LIMIT_PER_MINUTE: '1' } });
  h = harness;
  const { submitter } = harness.bot.services;
  const imagine = (prompt: string, userId: string) =>
    harness.command('imagine', [opt.string('prompt', prompt)], { userId });
  // The catalog's load takes the minute's one request; until it has, a filler could take it and
  // be sent at once.
  await vi.waitFor(() => expect(harness.bot.services.catalog.ready).toBe(true), { timeout: 10_000 });
  // Four members are first in line. Each is let join before the next is sent: interactions are
  // handled side by side, and Bob's or Alice's overtaking a filler would change their places.
  for (const [i, userId] of OTHERS.entries()) {
    await imagine(`filler ${i}`, userId);
    await vi.waitFor(() => expect(submitter.waiting).toBe(i + 1), { timeout: 10_000 });
  }
  const bobs = await imagine('bob waits', BOB);
  await vi.waitFor(() => expect(submitter.waiting).toBe(5), { timeout: 10_000 });
  const alices = await imagine('alice waits', ALICE);
  await vi.waitFor(() => expect(submitter.waiting).toBe(6), { timeout: 10_000 });
  // Nothing is taken before the budget lets a request go.
  expect(submitter.sending).toBe(0);
  return { harness, clock, submitter, bobs, alices };
}

const isPlace = (c: RecordedCall) => String(bodyOf(c).content).includes('expected to be sent');
const figuresOf = (harness: Harness) =>
  harness.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

describe('a request waiting for capacity', () => {
  it('shows its place and a Cancel button that only its member may press; Cancel releases the hold and nothing is sent', async () => {
    const { harness, clock, submitter, bobs, alices } = await fillTheLine();
    // One request per 61 s (the bot's window keeps a second's margin over the service's minute),
    // and the window's one request was a status check (the catalog's load), so submissions count
    // on the share the limiter guarantees them, one in two: the ones ahead go first, 122 s each
    // (the clock stands still, so the times are exact).
    const sentIn = (requests: number) => `<t:${Math.ceil((clock.now() + requests * 122_000) / 1000)}:R>`;
    const bobsPlace = bodyOf(await harness.editOf(bobs, isPlace));
    expect(bobsPlace.content).toBe(
      `4 requests ahead of yours · expected to be sent ${sentIn(5)}. Nothing is charged until it is sent; you can cancel it until then.`,
    );
    const waiting = bodyOf(await harness.editOf(alices, isPlace));
    expect(waiting.content).toBe(
      `5 requests ahead of yours · expected to be sent ${sentIn(6)}. Nothing is charged until it is sent; you can cancel it until then.`,
    );
    const cancelId = waiting.components?.[0]?.components[0]?.custom_id;
    expect(cancelId).toMatch(/^queue:v1:cancel:\d+:\d+:[0-9a-f-]{36}$/);
    expect(expectSentCustomIdsParse(harness).map(shapeOf)).toContain('queue');
    const figures = () => figuresOf(harness);
    expect((await figures()).reservedMicros).toBe(20_000);

    // Bob may not cancel Alice's request.
    const refused = await ephemeralReply(harness, await press(harness, alices, cancelId as string, BOB));
    expect(refused.content).toBe('This request is not yours: only the member who asked can cancel it.');
    // Nor may another member, who is told so in their own language.
    const japanese = await press(harness, alices, cancelId as string, OTHERS[0] as string, Locale.Japanese);
    expect((await ephemeralReply(harness, japanese)).content).toBe(
      'このリクエストはあなたのものではありません。キャンセルできるのはリクエストしたメンバーだけです。',
    );
    expect((await figures()).reservedMicros).toBe(20_000);

    const answer = await buttonUpdate(harness, await press(harness, alices, cancelId as string, ALICE));
    expect(answer.content).toBe(
      'Cancelled before it was sent. Nothing was charged; the $0.02 held for it is yours again.',
    );
    expect(answer.components).toEqual([]);
    expect(await figures()).toMatchObject({ reservedMicros: 0, spentMicros: 0, inFlight: 0 });
    // The reply's last word is the cancellation (no waiting edit lands after it).
    const last = await harness.editOf(alices, (c) => String(bodyOf(c).content).startsWith('Cancelled'));
    expect(bodyOf(last).components).toEqual([]);

    // Taken out of the fair queue, so it can never be sent; the fillers' and Bob's still wait.
    expect(submitter.waiting).toBe(5);
    expect(submitter.sending).toBe(0);
    expect(posted(harness, 'alice waits')).toBe(false);
    // A second press right after counts as the same press and changes nothing.
    const again = await ephemeralReply(harness, await press(harness, alices, cancelId as string, ALICE));
    expect(again.content).toBe(REPEATED_PRESS);
    expect(await figures()).toMatchObject({ reservedMicros: 0, spentMicros: 0 });
  });

  it('acknowledges a Cancel at once when the store is slow to give the hold back, then says it was cancelled', async () => {
    const { harness, alices } = await fillTheLine();
    const waiting = bodyOf(await harness.editOf(alices, isPlace));
    const cancelId = waiting.components?.[0]?.components[0]?.custom_id as string;
    // Another connection holds the SQLite file's write lock: the release waits for it.
    const lock = await holdWriteLock(join(harness.storeDir, 'bot.sqlite'));
    let click: APIInteraction;
    try {
      click = await press(harness, alices, cancelId, ALICE);
      const ack = await harness.callbackOf(click);
      // A deferred update (type 6): the press is answered before Discord's 3 s are up.
      expect((ack.body as { type: number }).type).toBe(6);
    } finally {
      await lock.release();
    }
    const answer = bodyOf(
      await harness.editOf(alices, (c) => String(bodyOf(c).content).startsWith('Cancelled')),
    );
    expect(answer.content).toBe(
      'Cancelled before it was sent. Nothing was charged; the $0.02 held for it is yours again.',
    );
    expect(answer.components).toEqual([]);
    expect(await figuresOf(harness)).toMatchObject({ reservedMicros: 0, spentMicros: 0 });
    expect(posted(harness, 'alice waits')).toBe(false);
  });
});

describe('the expected finish', () => {
  it('is shown on a generating request once the bot has seen that model finish, and not before', async () => {
    const harness = await startHarness();
    h = harness;
    const first = await harness.command('imagine', [opt.string('prompt', 'first [sim:duration=20000]')]);
    const firstQueued = bodyOf(await harness.editOf(first, (c) => (bodyOf(c).embeds?.length ?? 0) > 0));
    expect(fieldsOf(firstQueued.embeds?.[0])['Usually takes']).toBeUndefined();
    await harness.jobDone(first);

    const second = await harness.command('imagine', [opt.string('prompt', 'second [sim:duration=20000]')], {
      userId: BOB,
    });
    const generating = bodyOf(
      await harness.editOf(second, (c) => String(bodyOf(c).embeds?.[0]?.title).endsWith('Generating…')),
    );
    const fields = fieldsOf(generating.embeds?.[0]);
    // A duration, not a relative time: "in 20 seconds" would read "4 seconds ago" once it passed.
    // On a loaded machine the scaled clock may pass that time before the edit: the card then says so.
    expect(fields['Usually takes']).toMatch(/^about \d+ s(; this one is taking longer than usual)?$/);
    const usual = Number(/(\d+) s/.exec(fields['Usually takes'] ?? '')?.[1]);
    // About the 20 s (service time) the first one took.
    expect(usual).toBeGreaterThanOrEqual(18);
    expect(usual).toBeLessThanOrEqual(23);
    await harness.jobDone(second);
  });
});
