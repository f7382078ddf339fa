/**
 * A bot of the benchmark in a process of its own, as in production: its event loop, CPU and
 * memory are its own, not shared with the simulator and the fake Discord that play the service
 * and Discord in the benchmark's process. Started by bench/bot-process.ts; driven over IPC
 * (bench/bot-protocol.ts) only for what an operator does not do through Discord: the clock, the
 * quota raised before the run, and the figures.
 */
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { writeHeapSnapshot } from 'node:v8';
import type { Bot } from '../src/app.ts';
import { startBot } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { createLogger } from '../src/log.ts';
import type { FromBot, ProcessStats, StartMessage, ToBot } from './bot-protocol.ts';
import { ShiftableClock } from './clock.ts';
import { watchLoopDelay } from './loop-delay.ts';
import { NaivePoller } from './naive-poller.ts';

const send = (message: FromBot) => process.send?.(message);

let bot: Bot | undefined;
let clock: ShiftableClock | undefined;
let globalPerSecond = 50;

/** discord.js limits its REST calls per real second; the bot's clock runs `scale` times faster. */
function followScale(): void {
  if (!bot || !clock) return;
  // discord.js reads this option at each request.
  (bot.client.rest.options as { globalRequestsPerSecond: number }).globalRequestsPerSecond =
    globalPerSecond * clock.scale;
}

async function start(m: StartMessage): Promise<void> {
  clock = new ShiftableClock(m.clock);
  globalPerSecond = m.discordGlobalPerSecond;
  const config = parseConfig(m.env);
  const destination = new Writable({
    write(chunk, _enc, done) {
      send({ type: 'log', line: String(chunk) });
      done();
    },
  });
  bot = await startBot(config, {
    clock,
    logger: createLogger({
      level: config.logLevel,
      secrets: [config.discord.token, config.media?.token],
      destination,
    }),
    onJobDone: (job) => send({ type: 'done', at: clock?.now() ?? Date.now(), job }),
    ...(m.poller === 'naive' ? { createPoller: (options) => new NaivePoller(options) } : {}),
  });
  followScale();
  if (m.quota) {
    const { quotaAdmin } = bot.services;
    for (const guild of m.quota.guilds) {
      await quotaAdmin.setDefault(guild, m.quota.allowanceMicros, 'daily', m.quota.admin);
      await quotaAdmin.setInFlightCap(guild, m.quota.inFlightCap, m.quota.admin);
      // Simulated members never press Confirm: every request is sent at once.
      await quotaAdmin.setConfirmThreshold(guild, 0, m.quota.admin);
    }
  }
}

/** CPU, peak RSS and event-loop delay from `measure` on (until the process ends). */
function measuring(): () => ProcessStats {
  const loopDelay = watchLoopDelay();
  const cpuStart = process.cpuUsage();
  const from = performance.now();
  let atPeak = process.memoryUsage();
  // BENCH_BOT_HEAP_SNAPSHOT=<dir>: a heap snapshot each time the RSS passes a new 25 MB step (diagnosis only: it costs seconds).
  const snapshots = process.env.BENCH_BOT_HEAP_SNAPSHOT;
  let nextStep = atPeak.rss + 25 * 2 ** 20;
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > atPeak.rss) atPeak = now;
    if (snapshots && now.rss > nextStep) {
      nextStep = now.rss + 25 * 2 ** 20;
      writeHeapSnapshot(
        join(snapshots, `bot-${process.pid}-${Math.round(now.rss / 2 ** 20)}MB.heapsnapshot`),
      );
    }
  };
  setInterval(sample, 100).unref();
  return () => {
    const cpu = process.cpuUsage(cpuStart);
    sample();
    return {
      cpuCores: (cpu.user + cpu.system) / 1000 / (performance.now() - from),
      peakRssBytes: atPeak.rss,
      atPeak,
      eventLoopDelayP99Ms: loopDelay.p99Ms(),
    };
  };
}

let figures: (() => ProcessStats) | undefined;

process.on('message', (raw) => {
  const m = raw as ToBot;
  switch (m.type) {
    case 'start':
      start(m).then(
        () => send({ type: 'ready' }),
        (err: unknown) =>
          send({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
      );
      break;
    case 'clock':
      clock?.adopt(m.state);
      followScale();
      break;
    case 'measure':
      figures = measuring();
      break;
    case 'stats': {
      const stats = figures?.() ?? {
        cpuCores: 0,
        peakRssBytes: process.memoryUsage().rss,
        eventLoopDelayP99Ms: 0,
      };
      send({ type: 'stats', id: m.id, stats });
      break;
    }
    case 'open-jobs':
      void (async () => {
        const open = bot ? await bot.services.jobs.open() : [];
        const jobs = open.map((j) => ({ token: j.reply.interactionToken, generationId: j.generationId }));
        send({ type: 'open-jobs', id: m.id, jobs });
      })();
      break;
    case 'stop':
      // Work the bot accepted but did not finish fails against the closing store; that is expected.
      void Promise.race([bot?.stop(), new Promise((resolve) => setTimeout(resolve, 5_000))])
        .catch(() => undefined)
        .then(() => process.send?.({ type: 'stopped', id: m.id } satisfies FromBot, () => process.exit(0)));
      break;
  }
});
// A drain the benchmark capped leaves work that fails once Discord and the service are gone.
process.on('unhandledRejection', () => undefined);
// The benchmark's process went away: nothing left to serve.
process.on('disconnect', () => process.exit(0));
