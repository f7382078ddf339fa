import { describe, expect, it } from 'vitest';
import { ShiftableClock } from '../../bench/clock.ts';

describe("the benchmark's clock", () => {
  it('reads the same time in another process that adopted its state (the bot runs in its own)', () => {
    const bench = new ShiftableClock(10, Date.parse('2026-01-01T00:00:00Z'));
    // What bench/bot-child.ts builds from the state it is sent.
    const bot = new ShiftableClock(bench.state);
    expect(Math.abs(bot.now() - bench.now())).toBeLessThan(10 * 5);
    bench.setScale(20);
    bot.adopt(bench.state);
    expect(bot.scale).toBe(20);
    expect(Math.abs(bot.now() - bench.now())).toBeLessThan(20 * 5);
  });

  it('wakes a pending sleep at the new scale once it adopts a faster one', async () => {
    const clock = new ShiftableClock(1);
    // An hour of clock time at x1: only the rescheduling ends it before the test's timeout.
    const slept = clock.sleep(3_600_000);
    clock.adopt({
      originClock: clock.now(),
      originReal: performance.timeOrigin + performance.now(),
      rate: 72_000,
    });
    await slept;
    expect(clock.scale).toBe(72_000);
  });
});
