/**
 * Every change of a batch's take is shown on its card, whoever makes it and whatever happens to
 * the edit: takes released by the recovery sweep when none of them became a generation (no take's
 * job to draw the card through), a redraw Discord fails (tried again), one the bot stopped before
 * landing (the next start draws it), and one made after the interaction token's 15 minutes (the
 * bot token edits the card). The service is the simulator behind a proxy that answers chosen POSTs
 * with 500 and creates nothing; the store a real SQLite file, or a real redis-server.
 */
import type { APIInteraction } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type Clock, scaledClock } from '../../src/clock.ts';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { ALICE, GUILD, type Harness, opt, startHarness, useHarness } from '../support/bot-harness.ts';
import type { ProxyHandler } from '../support/media-proxy.ts';
import { useRedisServer } from '../support/redis-server.ts';
import { bodyOf, takeLines, textsOf } from './card-helpers.ts';

const NOT_SENT = 'not sent, nothing charged';

type Sent = { components?: unknown[] };

const isPostOfGeneration = (req: { method: string; url: string }) =>
  req.method === 'POST' && req.url.endsWith('/generations');

/**
 * Answers the POSTs numbered in `failing` (1 = the first) with 500, creating nothing; once `answer`
 * resolves, when given (till then the take waits for its answer, and nothing can release it).
 */
function failingPosts(failing: readonly number[], answer?: Promise<unknown>): ProxyHandler {
  let posts = 0;
  return async (req, forward) => {
    if (!isPostOfGeneration(req)) return forward();
    posts += 1;
    if (!failing.includes(posts)) return forward();
    await answer;
    return { status: 500, json: { message: 'internal error' } };
  };
}

/** An edit of the interaction's reply: by its token, or by the bot token (the reply's message id). */
function isEditOf(h: Harness, interaction: APIInteraction) {
  return (c: Pick<RecordedCall, 'route' | 'path'>) => {
    if (c.route === 'webhookEdit') return c.path.includes(`/${interaction.token}/`);
    const messageId = h.deliveredMessage(interaction)?.id;
    return c.route === 'messageEdit' && messageId !== undefined && c.path.endsWith(`/messages/${messageId}`);
  };
}

/** The first edit of the reply (answered `status`) whose take lines satisfy `lines`. */
function cardEdit(
  h: Harness,
  interaction: APIInteraction,
  lines: (lines: string[]) => boolean,
  status = 200,
): Promise<RecordedCall> {
  const edit = isEditOf(h, interaction);
  return h.discord.waitForCall((c) => edit(c) && c.status === status && lines(takeLines(bodyOf(c))), 15_000);
}

const allNotSent = (size: number) => (lines: string[]) =>
  lines.length === size && lines.every((l) => l.endsWith(`· ${NOT_SENT}`));
// The takes of one request send the same body, and their POSTs may reach the proxy in either
// order: which take the failing POST was is not known, only that one is done and the other not.
const isDone = (line: string) => /^\*\*\d\*\* · done/.test(line);
const firstDoneSecondNotSent = (lines: string[]) =>
  lines.length === 2 && lines.some(isDone) && lines.some((l) => l.endsWith(`· ${NOT_SENT}`));
const firstDone = (lines: string[]) => lines.some(isDone);

const imagine = (h: Harness, prompt: string, count: number) =>
  h.command('imagine', [
    opt.string('prompt', prompt),
    opt.string('model', 'lang-4o-image'),
    opt.integer('count', count),
  ]);

/**
 * The harness's fast clock (100 times real time), which the test can also move forward at once
 * while the bot is down (nothing of the bot sleeps on it then).
 */
function jumpingClock(): Clock & { jump(ms: number): void } {
  const scaled = scaledClock(100);
  let ahead = 0;
  return {
    now: () => scaled.now() + ahead,
    sleep: (ms, signal) => scaled.sleep(ms, signal),
    jump: (ms) => {
      ahead += ms;
    },
  };
}

const figuresOf = (h: Harness) =>
  h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

describe('a batch none of whose takes became a generation', () => {
  const redis = useRedisServer();
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  for (const store of ['sqlite', 'redis'] as const) {
    it(`shows every take not sent once the sweep releases them (${store})`, async () => {
      h = await startHarness({
        proxy: true,
        ...(store === 'redis' ? { env: { STORE_URL: `${redis.url}/5` } } : {}),
      });
      const harness = h;
      // Both POSTs answered 500, and the recent list shows nothing: both takes are unconfirmed,
      // so no take has a job the card could be drawn through.
      harness.proxy?.handle(failingPosts([1, 2]));
      const command = await imagine(harness, `a lighthouse nobody made (${store})`, 2);
      // The sweep (2 minutes' grace, then every minute, on the harness's fast clock) finds nothing
      // at the service and releases both: the card is drawn again from the reply kept for it.
      const final = await cardEdit(harness, command, allNotSent(2));
      expect(takeLines(bodyOf(final))).toEqual([`**1** · ${NOT_SENT}`, `**2** · ${NOT_SENT}`]);
      expect(textsOf(bodyOf(final)).join('\n')).toContain('$0.00 charged');
      expect(takeLines(harness.deliveredMessage(command) ?? {})).toEqual(takeLines(bodyOf(final)));
      expect(await figuresOf(harness)).toMatchObject({ reservedMicros: 0, spentMicros: 0 });
    });
  }
});

describe("a batch card's redraw that does not land", () => {
  const h = useHarness({ proxy: true });

  /** Any edit of a card (each test sends one command) showing take 1 done and take 2 not sent. */
  const showsTheRelease = (r: Pick<RecordedCall, 'route' | 'body'>) =>
    (r.route === 'webhookEdit' || r.route === 'messageEdit') &&
    firstDoneSecondNotSent(takeLines(r.body as Sent));

  /**
   * Sends a batch of 2 whose second take is answered 500 (nothing created) only once the first is
   * shown done: the sweep cannot release it before, so the release is the card's next change.
   */
  async function batchWithALostTake(prompt: string) {
    let firstShown!: () => void;
    const shown = new Promise<void>((resolve) => {
      firstShown = resolve;
    });
    h.proxy?.handle(failingPosts([2], shown));
    const command = await imagine(h, prompt, 2);
    await cardEdit(h, command, firstDone);
    firstShown();
    return command;
  }

  it('is tried again when Discord fails it', async () => {
    // The redraw that shows the released take meets a Discord that answers 500 to every try
    // discord.js makes of it (the first and its 3 retries).
    h.discord.injectFault({
      kind: 'refuse',
      status: 500,
      message: 'Internal Server Error',
      times: 4,
      match: showsTheRelease,
    });
    const command = await batchWithALostTake('a harbour in the rain');
    await cardEdit(h, command, firstDoneSecondNotSent, 500);
    // Tried again after a wait: the card shows the take not sent.
    const final = await cardEdit(h, command, firstDoneSecondNotSent);
    expect(takeLines(bodyOf(final)).filter((l) => l.endsWith(`· ${NOT_SENT}`))).toHaveLength(1);
    expect(await figuresOf(h)).toMatchObject({ reservedMicros: 0, spentMicros: 20_000 });
  });

  it('is drawn by the next start when the bot stopped before it landed', async () => {
    // Discord fails every redraw that shows the released take until the bot has stopped: the
    // change is recorded (the hold released) and never shown by this process.
    let down = true;
    h.discord.injectFault({
      kind: 'refuse',
      status: 500,
      message: 'Internal Server Error',
      times: Number.POSITIVE_INFINITY,
      match: (r) => down && showsTheRelease(r),
    });
    const command = await batchWithALostTake('a pier at low tide');
    await cardEdit(h, command, firstDoneSecondNotSent, 500);
    expect(await figuresOf(h)).toMatchObject({ reservedMicros: 0, spentMicros: 20_000 });
    await h.restart(async () => {
      down = false;
    });
    // No submission is left to resolve: the start draws the card because it still owes the redraw.
    const final = await cardEdit(h, command, firstDoneSecondNotSent);
    expect(takeLines(bodyOf(final)).filter((l) => l.endsWith(`· ${NOT_SENT}`))).toHaveLength(1);
  });
});

describe('a batch released at a start after the interaction token expired', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('is drawn again with the bot token', async () => {
    const clock = jumpingClock();
    h = await startHarness({ clock, proxy: true });
    const harness = h;
    // Every POST answered 500, and the recent list cannot be read until the bot has stopped: the
    // takes stay unconfirmed, and no sweep can release them before the next start.
    let listing = false;
    const posts = failingPosts([1, 2, 3]);
    harness.proxy?.handle((req, forward) => {
      const isList = req.method === 'GET' && /\/generations(\?|$)/.test(req.url);
      if (isList && !listing) return Promise.resolve({ status: 503, json: { message: 'unavailable' } });
      return posts(req, forward);
    });
    const command = await imagine(harness, 'a lantern nobody lit', 3);
    // Every take is answered, unconfirmed, and the card drawn again once all are (its second edit):
    // still waiting to be sent.
    let edits = 0;
    const redrawn = await cardEdit(harness, command, (lines) => lines.length === 3 && ++edits === 2);
    expect(takeLines(bodyOf(redrawn)).every((l) => l.endsWith('· waiting to be sent'))).toBe(true);
    expect(await figuresOf(harness)).toMatchObject({ reservedMicros: 60_000 });
    // Down for 20 minutes: the interaction token is gone when the next start releases the takes.
    await harness.restart(async () => {
      clock.jump(20 * 60_000);
      listing = true;
    });
    const final = await cardEdit(harness, command, allNotSent(3));
    expect(final.route).toBe('messageEdit');
    expect(takeLines(harness.deliveredMessage(command) ?? {})).toEqual([
      `**1** · ${NOT_SENT}`,
      `**2** · ${NOT_SENT}`,
      `**3** · ${NOT_SENT}`,
    ]);
    expect(await figuresOf(harness)).toMatchObject({ reservedMicros: 0, spentMicros: 0 });
  });
});
