import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ShiftableClock } from '../../bench/clock.ts';

describe("the benchmark's clock", () => {
  it('reads the same time in another process that was sent its state (the bot runs in its own)', () => {
    const bench = new ShiftableClock(10, Date.parse('2026-01-01T00:00:00Z'));
    const before = bench.now();
    // What bench/bot-child.ts does with the state it is sent, in a process of its own.
    const code = `import { ShiftableClock } from './bench/clock.ts';
      process.stdout.write(String(new ShiftableClock(${JSON.stringify(bench.state)}).now()));`;
    const there = Number(
      execFileSync(process.execPath, ['--input-type=module', '-e', code], {
        encoding: 'utf8',
      }),
    );
    // Read between the two readings here: a clock that counted from its own process's start
    // (performance.now() alone) would read earlier than `before`.
    expect(there).toBeGreaterThanOrEqual(before);
    expect(there).toBeLessThanOrEqual(bench.now());
  });

  it('runs at the new scale once it adopts another process’s setScale', () => {
    const bench = new ShiftableClock(1);
    const bot = new ShiftableClock(bench.state);
    bench.setScale(20);
    bot.adopt(bench.state);
    expect(bot.scale).toBe(20);
    const [a, b, c] = [bench.now(), bot.now(), bench.now()];
    expect(b).toBeGreaterThanOrEqual(a);
    expect(b).toBeLessThanOrEqual(c);
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
