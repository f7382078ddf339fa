/**
 * The fair queue orders what is sent whatever the request budget and the number of sending slots:
 * a submission is taken only when the rate limiter lets a request go, and that request goes to
 * whoever's turn it is then. A batch of 4 taken into free slots used to wait for the budget in
 * the limiter's first-come queue, so another member's request asked a moment later went out
 * after the whole batch.
 */
import { describe, expect, it, vi } from 'vitest';
import { createLocalRateLimiter } from '../../src/media/rate-limiter.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { BOB, posts, reserved, reservedBatch, submitterOf, useWorld } from './helpers.ts';

const w = useWorld();

describe.each([
  { budget: 'one request a minute', limit: 1, slots: 4, sending: '4 sending slots' },
  { budget: 'one request a minute', limit: 1, slots: 1, sending: '1 sending slot' },
  { budget: '120 a minute, its burst spent', limit: 120, slots: 4, sending: '4 sending slots' },
  { budget: '120 a minute, its burst spent', limit: 120, slots: 2, sending: '2 sending slots' },
])(
  'a batch of 4 and another member’s request waiting for the budget ($budget, $sending)',
  ({ limit, slots }) => {
    it("take turns: Bob's request goes before Alice's second take", async () => {
      // The budget moves only when the test says: one request's worth at a time.
      const budgetClock = new ManualClock(Date.now());
      const windowMs = 60_000;
      const limiter = createLocalRateLimiter({ limit, windowMs, clock: budgetClock });
      // Another caller of the token has just spent what the budget allowed at once.
      for (let i = 0; i < Math.min(limit, 3); i++) await limiter.acquire('poll');
      const submitter = submitterOf(w, w.proc, {
        client: w.newClient(limiter),
        concurrency: slots,
        // The scaled clock runs on while the budget's stands still: nothing is given up meanwhile.
        maxWaitMs: 24 * 60 * 60_000,
      });
      const inLine = () => submitter.waiting + submitter.sending;
      const sending = (await reservedBatch(w.proc.quota, { prompt: 'alice', count: 4 })).map((take) =>
        submitter.submit(take),
      );
      // The whole batch is in line before Bob asks.
      await vi.waitFor(() => expect(inLine()).toBe(4));
      sending.push(submitter.submit(await reserved(w.proc.quota, { prompt: 'bob', userId: BOB })));
      await vi.waitFor(() => expect(inLine()).toBe(5));

      // One request's worth of budget at a time, each POST seen before the next is allowed, so the
      // order the service sees is the order requests were let go.
      for (let n = 1; n <= 5; n++) {
        budgetClock.advance(windowMs / limit);
        await vi.waitFor(() => expect(posts(w.sim)).toHaveLength(n), { timeout: 5_000 });
      }
      expect((await Promise.all(sending)).map((o) => o.kind)).toEqual(Array(5).fill('submitted'));
      // Whose request each POST was (Alice's takes may join the line in any order among themselves).
      const order = posts(w.sim).map((r) => (r.body as { prompt: string }).prompt.split(' ')[0]);
      // Alice asked first, so her first take goes first; then members take turns.
      expect(order).toEqual(['alice', 'bob', 'alice', 'alice', 'alice']);
    });
  },
);
