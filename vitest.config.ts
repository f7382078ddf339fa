import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // expect.poll waits for an event (the bot's POSTs, a stored value), not a promise of the bot's
    // speed: its 1 s default was missed beside a CPU hog. A test that means a bound says so itself.
    expect: { poll: { timeout: 10_000 } },
    // Vitest runs one file fewer than there are CPUs at a time: on CI's two CPUs, one file. Most
    // files (the end-to-end ones above all) spend their time waiting on sockets, child processes
    // and scaled clocks, not on the CPU, so three at a time there halve the run (530 s → 267 s)
    // with the same results. Ports are picked free, stores are per-test folders.
    maxWorkers: Math.max(3, availableParallelism()),
  },
});
