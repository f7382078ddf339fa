/**
 * One benchmark run: a fresh simulator and fake Discord in this process and the bot in a process
 * of its own (bench/bot-process.ts), as in production, on one clock; the workload played into
 * it, the drain, and the figures. Each run goes in its own child process too (bench/run.ts forks
 * bench/run-one.ts), so that no run inherits another's heap or timers.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSimulator } from '../src/sim/server.ts';
import { botEnv } from '../testkit/bot-env.ts';
import { autocompleteInteraction, type FakeGuildSpec, startFakeDiscord } from '../testkit/fake-discord.ts';
import { ADMIN, ART, DEFAULT_GUILD, GUILD } from '../testkit/ids.ts';
import { opt } from '../testkit/options.ts';
import { startRedisServer } from '../testkit/redis-server.ts';
import { startBotProcesses } from './bot-process.ts';
import { ShiftableClock } from './clock.ts';
import { collect, drain, play, type Stage, waitForAcks } from './driver.ts';
import { watchLoopDelay } from './loop-delay.ts';
import { figures, type RunFigures } from './metrics.ts';
import { burstPlan, memberIds, type Plan, seededRandom, steadyPlan } from './workloads.ts';

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

interface RunSpec {
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

const SPECS: Record<RunName, RunSpec> = {
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

/** The second server of the two-process run: on shard 1 of 2 (Discord's formula), the first on 0. */
const SECOND_GUILD = '1300000000004194305';
const SECOND_ART = '1300000000004194306';
const SECOND_SERVER: FakeGuildSpec = {
  id: SECOND_GUILD,
  name: 'Art Club 2',
  channels: [{ id: SECOND_ART, name: 'art' }],
};
/** Half of the members ask in each server (by their id's parity, which the workload's ids spread). */
const channelOfMember = (member: string) => (BigInt(member) % 2n === 0n ? ART : SECOND_ART);

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

/** The steady run's length and warm-up (clock minutes). */
function steadyMinutes(spec: RunSpec): { minutes: number; warmUpMinutes: number } {
  return spec.realtime ? SETTINGS.realtime : SETTINGS.steady;
}

function planFor(spec: RunSpec): Plan {
  if (spec.workload === 'steady') {
    const s = SETTINGS.steady;
    const members = memberIds(s.members, seededRandom(s.seed + 1));
    return steadyPlan({
      ...s,
      ...(spec.realtime ? SETTINGS.realtime : {}),
      ...(spec.perMinute ? { perMinute: spec.perMinute } : {}),
      members,
    });
  }
  const b = SETTINGS.burst;
  const members = memberIds(b.members, seededRandom(b.seed + 1));
  return burstPlan({ ...b, members });
}

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

const log = (name: string, text: string) => console.log(`  [${name}] ${text}`);

/** A few autocompletes before the run, so that the first measured interaction does not pay for JIT warm-up. */
async function warmUp(h: Stage): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const payload = autocompleteInteraction(h.discord, {
      commandName: 'imagine',
      options: [opt.string('prompt', 'warm-up'), opt.string('model', '', true)],
      channelId: ART,
      userId: ADMIN,
    });
    await h.discord.sendInteraction(payload);
    await h.discord.waitForCall(
      (c) => c.route === 'interactionCallback' && c.path.includes(`/${payload.id}/`),
    );
  }
}

/** A one-line state of the run for the progress lines. */
function status(h: Stage): string {
  let posts = 0;
  let api = 0;
  let limited = 0;
  for (const r of h.sim.requests) {
    if (!r.path.startsWith('/api/')) continue;
    api++;
    if (r.method === 'POST' && r.status === 201) posts++;
    if (r.status === 429) limited++;
  }
  return `submitted ${posts} · delivered ${h.bots.done.size} · API requests ${api} (429: ${limited})`;
}

/** Runs one scenario end to end and returns its figures. */
export async function runScenario(name: RunName): Promise<RunFigures> {
  const spec = SPECS[name];
  const { workload, poller } = spec;
  const plan = planFor(spec);
  const realStart = Date.now();
  // The burst's arrivals are played in real time; everything else at the time scale.
  const clock = new ShiftableClock(workload === 'burst' || spec.realtime ? 1 : SETTINGS.timeScale.steady);
  const redis = spec.twoOnRedis ? await startRedisServer() : undefined;
  const storeDir = mkdtempSync(join(storeParent(spec.store), 'bench-'));
  const sim = await startSimulator({
    clock,
    balanceUsd: SETTINGS.simBalanceUsd,
    rateLimitPerMinute: SETTINGS.rateLimitPerMinute,
  });
  const discord = await startFakeDiscord({
    guilds: redis ? [DEFAULT_GUILD, SECOND_SERVER] : [DEFAULT_GUILD],
    interactionsTo: redis ? 'shard' : 'last',
  });
  const quota = {
    guilds: redis ? [GUILD, SECOND_GUILD] : [GUILD],
    allowanceMicros: SETTINGS.quota.allowanceUsdPerDay * 1_000_000,
    inFlightCap: SETTINGS.quota.inFlightCap,
    admin: ADMIN,
  };
  const closeServers = async () => {
    await discord.close();
    await sim.close();
    rmSync(storeDir, { recursive: true, force: true });
    await redis?.stop();
  };
  let bots: Awaited<ReturnType<typeof startBotProcesses>>;
  try {
    bots = await startBotProcesses(
      {
        clock: clock.state,
        poller,
        discordGlobalPerSecond: SETTINGS.discordGlobalPerSecond,
        env: {
          ...botEnv(discord, sim, join(storeDir, 'bot.sqlite'), 'warn'),
          // The cadence as an operator sets it (videos follow at 5/3).
          MEDIA_POLL_SECONDS: String(imagePollOf(name) / 1000),
          ...(redis ? { STORE_URL: `${redis.url}/0`, SHARD_COUNT: '2' } : {}),
        },
      },
      redis ? [{ env: { SHARD_IDS: '0' }, quota }, { env: { SHARD_IDS: '1' } }] : [{ quota }],
    );
  } catch (err) {
    await closeServers();
    throw err;
  }
  const h: Stage = { clock, sim, discord, bots };
  const setScale = (scale: number) => {
    clock.setScale(scale);
    bots.setClock(clock.state);
  };
  try {
    await warmUp(h);

    // Whether the bench's own process (the simulator and the fake Discord) kept up: when its one
    // thread is saturated every real millisecond of queueing becomes `scale` simulated ones. The
    // bots measure the same of theirs.
    let stagePeakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      stagePeakRss = Math.max(stagePeakRss, process.memoryUsage().rss);
    }, 100);
    const loopDelay = watchLoopDelay();
    const cpuStart = process.cpuUsage();
    const measuredFrom = performance.now();
    bots.measure();

    log(
      name,
      `playing ${plan.arrivals.length} interactions and ${plan.autocompletes.length} autocompletes at x${clock.scale}, store on ${spec.store}`,
    );
    const recording = await play(
      h,
      plan,
      (r) => {
        const simMin = (h.clock.now() - r.startClock) / 60_000;
        log(name, `sim ${simMin.toFixed(1)} min · sent ${r.generates.length} · ${status(h)}`);
      },
      redis ? channelOfMember : undefined,
    );
    const firstSent = Math.min(...recording.generates.map((s) => s.sentClock));
    const windowStart =
      workload === 'steady' ? recording.startClock + steadyMinutes(spec).warmUpMinutes * 60_000 : firstSent;
    let windowEnd = recording.startClock + steadyMinutes(spec).minutes * 60_000;
    let left = 0;
    const drainClock = h.clock.now();
    const drainReal = Date.now();
    if (workload === 'steady') {
      const wait = windowEnd - h.clock.now();
      if (wait > 0) await h.clock.sleep(wait);
      log(name, `window over · ${status(h)}${spec.acksOnly ? '' : '; draining'}`);
      // Without a drain, the answers still on their way at the window's end are waited for.
      if (spec.acksOnly) await waitForAcks(h, recording, SETTINGS.ackWaitCapS * 1000);
    } else {
      const unanswered = await waitForAcks(h, recording, SETTINGS.ackWaitCapS * 1000);
      log(
        name,
        `all sent in ${((h.clock.now() - firstSent) / 1000).toFixed(1)} s, ${unanswered} unanswered · ${status(h)}${spec.acksOnly ? '' : `; now x${SETTINGS.timeScale.burst}`}`,
      );
      if (!spec.acksOnly) setScale(SETTINGS.timeScale.burst);
    }
    if (!spec.acksOnly) {
      left = await drain(h, recording, SETTINGS.drainCapMinutes[workload] * 60_000, (n) =>
        log(
          name,
          `draining: ${n} not done · sim +${((h.clock.now() - drainClock) / 60_000).toFixed(1)} min · ${status(h)}`,
        ),
      );
      if (left > 0) log(name, `drain cap reached: ${left} interactions not done`);
    }
    const runEnd = h.clock.now();
    if (workload === 'burst') windowEnd = runEnd;
    clearInterval(sampler);
    loopDelay.stop();
    const cpu = process.cpuUsage(cpuStart);
    const stageCpuCores = (cpu.user + cpu.system) / 1000 / (performance.now() - measuredFrom);
    const failure = bots.failure();
    if (failure) throw new Error(`${name}: ${failure}; its figures would read as a slow bot`);
    const botStats = await bots.stats();
    await collect(h, recording);

    const result = figures({
      name,
      poller,
      workload,
      acksOnly: spec.acksOnly,
      recording,
      windowStart,
      windowEnd,
      runEnd,
      requests: sim.requests,
      calls: discord.calls,
      generation: (id) => sim.generation(id),
      rateLimitPerMinute: SETTINGS.rateLimitPerMinute,
      // Two bots: the CPU of both, the larger RSS and loop delay (each is a process of its own).
      peakRssBytes: Math.max(...botStats.map((b) => b.peakRssBytes)),
      atPeak: botStats.reduce((a, b) => (b.peakRssBytes > a.peakRssBytes ? b : a)).atPeak,
      cpuCores: botStats.reduce((sum, b) => sum + b.cpuCores, 0),
      eventLoopDelayP99Ms: Math.max(...botStats.map((b) => b.eventLoopDelayP99Ms)),
      stage: {
        cpuCores: stageCpuCores,
        peakRssMb: stagePeakRss / 2 ** 20,
        eventLoopDelayP99Ms: loopDelay.p99Ms(),
      },
      drain: { simS: (runEnd - drainClock) / 1000, realS: (Date.now() - drainReal) / 1000, leftUndone: left },
      realS: (Date.now() - realStart) / 1000,
      logs: bots.logs,
    });
    log(name, `done in ${result.realS.toFixed(0)} s real · ${status(h)}`);
    return result;
  } finally {
    // Work the bot accepted but did not finish (a capped drain, an acks-only run) fails in its
    // process once it stops; that is expected, and the figures are already taken.
    await bots.stop();
    await closeServers();
  }
}
