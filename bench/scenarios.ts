/**
 * The benchmark's runs and everything that shapes them: each run's name and spec (workload,
 * poller, store, clock), and the settings written with the results so that a figure can be
 * traced to its setup. How one run is played is run-scenario.ts.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

export type RunName =
  | 'steady-list'
  | 'steady-naive'
  | 'burst-list'
  | 'burst-naive'
  | 'burst-disk'
  | 'steady-realtime'
  | 'steady-poll-2s'
  | 'steady-poll-4.5s'
  | 'steady-poll-3.6s'
  | 'steady-redis2'
  | 'steady-light';
export const RUNS: RunName[] = [
  'steady-list',
  'steady-naive',
  'burst-list',
  'burst-naive',
  'burst-disk',
  'steady-realtime',
  'steady-poll-2s',
  'steady-poll-4.5s',
  'steady-poll-3.6s',
  'steady-redis2',
  'steady-light',
];

/** The bot's poll cadence for images (clock ms); videos are polled 5/3 as far apart (videoPollFor), as by default (3 s / 5 s). */
export const DEFAULT_IMAGE_POLL_MS = 3_000;

export interface RunSpec {
  workload: 'steady' | 'burst';
  poller: 'list' | 'naive';
  /** Where the SQLite file lives: tmpfs, or this machine's disk. */
  store: 'tmpfs' | 'disk';
  /**
   * Only the answers to interactions are measured: a burst stops once every interaction is
   * answered, a steady run at the end of its window (no drain).
   */
  acksOnly: boolean;
  /** The steady workload in real time (x1), shortened (SETTINGS.realtime). */
  realtime?: boolean;
  /** The list-first poller's image cadence (clock ms), for the cadence sweep; default 3 s. */
  imagePollMs?: number;
  /**
   * Two bot processes on one Redis (a redis-server started for the run), each running one shard
   * of two: the members are split over two servers, one on each shard, so both processes take
   * commands; they share the request budget, one polls, and either delivers.
   */
  twoOnRedis?: boolean;
  /** Submissions offered per clock minute, when not the steady workload's (SETTINGS.steady.perMinute). */
  perMinute?: number;
}

/** steady-light's offered load (clock minute): well under the ~102 submissions a minute the token can carry. */
export const LIGHT_PER_MINUTE = 30;

export const SPECS: Record<RunName, RunSpec> = {
  'steady-list': { workload: 'steady', poller: 'list', store: 'tmpfs', acksOnly: false },
  'steady-naive': { workload: 'steady', poller: 'naive', store: 'tmpfs', acksOnly: false },
  'burst-list': { workload: 'burst', poller: 'list', store: 'tmpfs', acksOnly: false },
  'burst-naive': { workload: 'burst', poller: 'naive', store: 'tmpfs', acksOnly: false },
  'burst-disk': { workload: 'burst', poller: 'list', store: 'disk', acksOnly: true },
  // The interactions' answers with the bot as busy as one token can make it in real time.
  'steady-realtime': { workload: 'steady', poller: 'list', store: 'tmpfs', acksOnly: true, realtime: true },
  // The cadence sweep: steady-list again at other poll cadences, for the trade-off's chart.
  'steady-poll-2s': {
    workload: 'steady',
    poller: 'list',
    store: 'tmpfs',
    acksOnly: false,
    imagePollMs: 2_000,
  },
  'steady-poll-4.5s': {
    workload: 'steady',
    poller: 'list',
    store: 'tmpfs',
    acksOnly: false,
    imagePollMs: 4_500,
  },
  'steady-poll-3.6s': {
    workload: 'steady',
    poller: 'list',
    store: 'tmpfs',
    acksOnly: false,
    imagePollMs: 3_600,
  },
  'steady-redis2': { workload: 'steady', poller: 'list', store: 'tmpfs', acksOnly: false, twoOnRedis: true },
  // A server that never saturates the token: what the poller does with the budget left over.
  'steady-light': {
    workload: 'steady',
    poller: 'list',
    store: 'tmpfs',
    acksOnly: false,
    perMinute: LIGHT_PER_MINUTE,
  },
};

/** The image cadence of a run of the list-first poller (clock ms). */
export function imagePollOf(name: RunName): number {
  return SPECS[name].imagePollMs ?? DEFAULT_IMAGE_POLL_MS;
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Everything that shapes the runs; written with the results so a figure can be traced to its setup. */
export const SETTINGS = {
  /**
   * Clock speed. Steady at x10: at x20 the one process (bot, fake Discord, simulator) needs more
   * than its one JavaScript thread (measured: 1.0 core busy, acks p50 1 s), and every real
   * millisecond it queues becomes 20 simulated ones. At x10 it stays near 0.6 core. The burst's
   * arrivals are played at x1 (below), the rest of the burst at x20.
   */
  timeScale: { steady: envNumber('BENCH_STEADY_SCALE', 10), burst: envNumber('BENCH_BURST_SCALE', 20) },
  rateLimitPerMinute: 120,
  /**
   * The steady figures are taken after `warmUpMinutes`: the start, when nothing is in flight yet
   * and every list is short, is not the state the bot lives in.
   */
  steady: {
    minutes: 12,
    warmUpMinutes: 2,
    perMinute: 150,
    members: 50,
    /** Spread over the 12 minutes; those in the window (~830) are measured. */
    autocompletes: 1_000,
    seed: 20_240_611,
  },
  /**
   * steady-realtime: the steady workload at x1, where the bot does per real second what one
   * token allows it (at x10 it does ten times that). Short, because its minutes are real: the
   * budget is saturated within the first (150 offered a minute against ~102 sent).
   */
  realtime: { minutes: 3, warmUpMinutes: 1, autocompletes: 450 },
  burst: { members: 50, perMember: 10, windowMs: 10_000, seed: 20_240_612 },
  /**
   * Clock minutes the bot gets after the workload to finish what it accepted. The steady figures
   * count the window only, so its drain is short: it lets the window's last generations show
   * their lag. A burst is measured until its last job is delivered.
   */
  drainCapMinutes: { steady: 2, burst: 30 },
  /** Real seconds the burst waits, after its last interaction, for every one to be answered. */
  ackWaitCapS: 30,
  /**
   * Raised through the bot's own admin API before each run, so that the quota never refuses the
   * workload: the benchmark measures the request budget, not the members' allowances.
   */
  quota: { allowanceUsdPerDay: 100_000, inFlightCap: 1_000 },
  /** The simulator's prepaid balance, large enough for every run. */
  simBalanceUsd: 10_000_000,
  /**
   * discord.js limits its own REST calls to 50 per REAL second (globalRequestsPerSecond; the
   * interaction callbacks are exempt), outside the bot's clock. At a time scale of 10 the bot
   * makes 10 times as many Discord calls per real second as in production, so the limit follows
   * the clock's scale: 50/s while the burst plays in real time, 50 x scale otherwise. Otherwise the
   * benchmark would measure that client-side throttle instead of the bot.
   */
  discordGlobalPerSecond: 50,
} as const;

/**
 * Where the SQLite file goes. The store is the real SQLite store either way; on tmpfs its
 * writes cost what SQLite and keyv cost (~0.2 ms), on this VM's disk each also waits for a sync
 * (~3.4 ms measured), which at x10 would weigh 10 times what it weighs in production. The
 * burst-disk run measures acknowledgements with the file on disk, in real time, where that cost
 * is real (the file goes under data/, where the bot keeps it by default). BENCH_STORE_DIR
 * overrides the tmpfs choice.
 */
export function storeParent(store: 'tmpfs' | 'disk' = 'tmpfs'): string {
  if (store === 'disk') {
    // data/ (git-ignored) is where the bot keeps its store by default: the disk production uses.
    const data = fileURLToPath(new URL('../data/', import.meta.url));
    mkdirSync(data, { recursive: true });
    return data;
  }
  if (process.env.BENCH_STORE_DIR) return process.env.BENCH_STORE_DIR;
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}
