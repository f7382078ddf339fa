/**
 * A batch takes its turns of the fair queue at any budget: with the request budget spent, Alice's
 * `/imagine count:4` and then Bob's `/imagine` both wait for it, and Bob's POST reaches the service
 * before Alice's second take's. (Before, the batch's 4 takes filled the 4 sending slots and waited
 * for the budget in the rate limiter's first-come queue: the service saw Alice ×4, then Bob.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOB, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { ManualClock } from '../support/manual-clock.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The bot's window: one request per 61 s at MEDIA_RATE_LIMIT_PER_MINUTE=1 (app.ts, RATE_WINDOW_MS). */
const ONE_REQUEST_MS = 61_000;

describe("a batch and another member's request waiting for the request budget", () => {
  it("take turns: Bob's POST goes before Alice's second take", async () => {
    // One request a minute, on a clock that moves only when the test says: nothing is let go
    // until both requests are in line, however slow the machine.
    const clock = new ManualClock(Date.now());
    const harness = await startHarness({ clock, env: { MEDIA_RATE_LIMIT_PER_MINUTE: '1' } });
    h = harness;
    const { submitter, catalog } = harness.bot.services;
    // The catalog's load at start spends the minute's one request.
    await vi.waitFor(() => expect(catalog.ready).toBe(true), { timeout: 10_000 });
    const inLine = () => submitter.waiting + submitter.sending;

    await harness.command('imagine', [
      opt.string('prompt', 'alice batch'),
      opt.string('model', 'lang-4o-image'),
      opt.integer('count', 4),
    ]);
    await vi.waitFor(() => expect(inLine()).toBe(4), { timeout: 10_000 });
    await harness.command(
      'imagine',
      [opt.string('prompt', 'bob single'), opt.string('model', 'lang-4o-image')],
      {
        userId: BOB,
      },
    );
    await vi.waitFor(() => expect(inLine()).toBe(5), { timeout: 10_000 });

    // Whose each POST to the service was, in the order the service saw them.
    const order = () =>
      harness.sim.requests
        .filter((r) => r.method === 'POST' && r.path.endsWith('/generations'))
        .map((r) => ((r.body as { prompt: string }).prompt.startsWith('bob') ? 'bob' : 'alice'));
    // Nothing was let go yet: both wait for the budget.
    expect(order()).toEqual([]);
    // One request's worth of budget at a time (a POST or a status check), each seen by the service
    // before the next is allowed, until Bob's is sent or Alice's second take is.
    while (!order().includes('bob') && order().filter((who) => who === 'alice').length < 2) {
      const seen = harness.sim.requests.length;
      await clock.run(ONE_REQUEST_MS);
      await vi.waitFor(() => expect(harness.sim.requests.length).toBeGreaterThan(seen), { timeout: 10_000 });
    }
    // Alice asked first, so her first take went first; Bob's turn came next.
    expect(order()).toEqual(['alice', 'bob']);
  });
});
