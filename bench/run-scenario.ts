/**
 * One benchmark run, as scenarios.ts specifies it: a fresh simulator and fake Discord in this
 * process and the bot in a process of its own (bench/bot-process.ts), as in production, on one
 * clock; the workload played into it, the drain, and the figures. Each run goes in its own child
 * process too (bench/run.ts forks bench/run-one.ts), so that no run inherits another's heap or
 * timers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startSimulator } from '../src/sim/server.ts';
import { botEnv } from '../testkit/bot-env.ts';
import { autocompleteInteraction, type FakeGuildSpec, startFakeDiscord } from '../testkit/fake-discord.ts';
import { ADMIN, ART, DEFAULT_GUILD, GUILD } from '../testkit/ids.ts';
import { opt } from '../testkit/options.ts';
import { startRedisServer } from '../testkit/redis-server.ts';
import { seededRandom } from '../testkit/seeded-random.ts';
import { startBotProcesses } from './bot-process.ts';
import { ShiftableClock } from './clock.ts';
import { collect, drain, play, type Stage, waitForAcks } from './driver.ts';
import { watchLoopDelay } from './loop-delay.ts';
import { figures, type RunFigures } from './metrics.ts';
import { imagePollOf, type RunName, type RunSpec, SETTINGS, SPECS, storeParent } from './scenarios.ts';
import { burstPlan, memberIds, type Plan, steadyPlan } from './workloads.ts';

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
