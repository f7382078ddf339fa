/**
 * Turns one run's raw records (what the driver sent, what the simulator received, what the fake
 * Discord received, what the bot reported done) into the figures of the report. Pure functions
 * of recorded data: no timing happens here, so the definitions below and in the modules they draw
 * on are the whole truth about each figure: statistics.ts (percentiles), request-kinds.ts (which
 * budget line a request falls on), status-answers.ts (when a finished generation was first seen)
 * and checks.ts (exactly once, fair turns).
 */
import type { Generation } from '../src/media/schemas.ts';
import type { RecordedRequest } from '../src/sim/server.ts';
import type { RecordedCall } from '../testkit/fake-discord.ts';
import { type ExactlyOnce, exactlyOnce, type Fairness, fairness } from './checks.ts';
import type { Recording } from './driver.ts';
import { countRequests, kindOf, type RequestCounts } from './request-kinds.ts';
import { type Spread, spread } from './statistics.ts';
import { statusAnswers } from './status-answers.ts';

/**
 * For each 429: how much later (clock ms) the request would have fitted in the service's window,
 * i.e. when the oldest of the 120 accepted requests before it left the window. Tiny values mean
 * the bot's limiter and the service count the same window from slightly different instants (the
 * limiter when it grants, the service when the request arrives), not that the bot overspent.
 */
export function rateLimitedEarlyMs(requests: RecordedRequest[], limit: number, windowMs = 60_000): Spread {
  const accepted: number[] = [];
  const early: number[] = [];
  for (const r of requests) {
    if (!kindOf(r)) continue;
    if (r.status !== 429) {
      accepted.push(r.at);
      continue;
    }
    const oldest = accepted[accepted.length - limit];
    if (oldest !== undefined) early.push(oldest + windowMs - r.at);
  }
  return spread(early);
}

export interface RunFigures {
  name: string;
  poller: 'list' | 'naive';
  workload: 'steady' | 'burst';
  acksOnly: boolean;
  /** The minutes the per-minute figures divide by (steady: the window; burst: until all delivered). */
  minutes: number;
  interactions: number;
  acknowledged: number;
  /** Answered with an immediate reply instead of a defer (quota refusals). */
  refused: number;
  submitted: number;
  deliveredInWindow: number;
  deliveredTotal: number;
  completedInWindow: number;
  undelivered: number;
  failedJobs: number;
  /** Completed generations delivered in the window, per simulated minute. */
  generationsPerMinute: number;
  window: RequestCounts;
  whole: RequestCounts;
  /** How early each 429'd request was (clock ms), see rateLimitedEarlyMs. */
  rateLimitedEarlyMs: Spread;
  /** Over the window. */
  requestsPerMinute: {
    total: number;
    submissions: number;
    listPolls: number;
    singlePolls: number;
    other: number;
  };
  /**
   * Steady: API requests in the window / generations delivered in the window (the steady-state
   * cost, req/min over gen/min). Burst: all requests / all generations (the run ends when the last
   * is delivered).
   */
  requestsPerDelivered: number | null;
  /** Completion at the service -> job done in the bot, clock seconds. */
  lagS: Spread & { undelivered: number };
  /** The same, images and videos apart (videos fall off the combined list sooner). */
  lagByTypeS: { image: Spread; video: Spread };
  /**
   * The lag in two parts (clock s): until the first status request whose answer included the
   * finished generation (the poller's share), and from that answer to the job being done
   * (delivery: quota, download, the Discord edit and whatever they wait for).
   */
  lagSplitS: { detect: Spread; deliver: Spread };
  /** Clock seconds between consecutive combined-list polls in the window (the poller's real cadence). */
  listPollGapS: Spread;
  /** The three longest of those gaps: when (clock s into the window), how long, and what the budget went to meanwhile. */
  longestListGaps: { atS: number; gapS: number; meanwhile: RequestCounts }[];
  ackMs: Spread & { within3s: number };
  autocompleteMs: Spread | null;
  /** The bot's process (the larger of two). */
  peakRssMb: number;
  /** Where the peak went (MB): V8's heap committed and used, memory outside it (Buffers among it). */
  atPeakMb?: { heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  /** CPU time of the bot's process (of both, with two) over real time: 1 = one core busy. */
  cpuCores: number;
  /** Event-loop delay p99 of the bot's process over the run (real ms): how long a ready callback waited for the loop. */
  eventLoopDelayP99Ms: number;
  /** The same of the benchmark's own process (simulator, fake Discord, driver): whether it kept up. */
  stage: StageFigures;
  /** Burst only. */
  allDeliveredS?: number | null;
  exactlyOnce?: ExactlyOnce;
  fairness?: Fairness;
  drain: { simS: number; realS: number; leftUndone: number };
  realS: number;
  /** Bot log lines at warn or above, counted by message. */
  botWarnings: Record<string, number>;
}

export interface RunInput {
  name: string;
  poller: 'list' | 'naive';
  workload: 'steady' | 'burst';
  /** Only the acknowledgements count (the run stopped once every interaction was answered). */
  acksOnly: boolean;
  recording: Recording;
  /** Clock ms: the steady window [start, end); for a burst, from the first interaction to the run's end. */
  windowStart: number;
  windowEnd: number;
  /** Clock ms when the run stopped waiting (end of the drain). */
  runEnd: number;
  requests: RecordedRequest[];
  calls: RecordedCall[];
  generation: (id: string) => Generation | undefined;
  /** The service's requests per minute. */
  rateLimitPerMinute: number;
  peakRssBytes: number;
  /** process.memoryUsage() of the bot at its RSS peak (bytes). */
  atPeak?: { heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  cpuCores: number;
  eventLoopDelayP99Ms: number;
  stage: StageFigures;
  drain: { simS: number; realS: number; leftUndone: number };
  realS: number;
  logs: string[];
}

export interface StageFigures {
  cpuCores: number;
  peakRssMb: number;
  eventLoopDelayP99Ms: number;
}

const callbackType = (c: RecordedCall) => (c.body as { type?: number } | undefined)?.type;

/** Every figure of one run. */
export function figures(input: RunInput): RunFigures {
  const { recording, windowStart, windowEnd, requests, calls } = input;
  const inWindow = (t: number | undefined) => t !== undefined && t >= windowStart && t < windowEnd;
  const generates = recording.generates;

  // Interaction -> its first callback (a defer, or an immediate reply), in real ms: the driver
  // took Date.now() before sending, the fake Discord took Date.now() when the callback arrived.
  const callbackById = new Map<string, RecordedCall>();
  for (const c of calls) {
    if (c.route !== 'interactionCallback') continue;
    const id = c.path.split('/')[2];
    if (id && !callbackById.has(id)) callbackById.set(id, c);
  }
  const acks: number[] = [];
  let refused = 0;
  for (const s of generates) {
    const c = callbackById.get(s.interactionId);
    if (!c) continue;
    // Steady: after the warm-up, like every figure (a burst's window holds all of it).
    if (inWindow(s.sentClock)) acks.push(c.at - s.sentReal);
    if (callbackType(c) === 4) refused++;
  }
  const autocompleteTimes: number[] = [];
  for (const a of recording.autocompletes) {
    // Like every steady figure, after the warm-up: the bot is not yet busy before it.
    if (!inWindow(recording.startClock + a.arrival.at)) continue;
    const c = callbackById.get(a.interactionId);
    if (c && callbackType(c) === 8) autocompleteTimes.push(c.at - a.sentReal);
  }

  const done = generates.filter((s) => s.job && s.doneClock !== undefined);
  const deliveredInWindow = done.filter((s) => inWindow(s.doneClock));
  const completedInWindow = deliveredInWindow.filter((s) => s.job?.status === 'completed');
  const lastDone = Math.max(windowStart, ...done.map((s) => s.doneClock as number));
  const minutes =
    input.workload === 'steady' ? (windowEnd - windowStart) / 60_000 : (lastDone - windowStart) / 60_000;

  // Lag: from the service's completed_at to the job being done in the bot, for the generations
  // that finished at the service inside the window (what members lived through during the run).
  // One that finished but was not delivered when the run stopped counts with the lag it had then.
  const lags: number[] = [];
  const lagsByType = { image: [] as number[], video: [] as number[] };
  const detect: number[] = [];
  const deliver: number[] = [];
  const firstSeen = statusAnswers(requests, generates);
  let lagUndelivered = 0;
  for (const s of generates) {
    const generationId = s.job?.generationId ?? s.generationId;
    const g = generationId ? input.generation(generationId) : undefined;
    const completedAt = g?.completed_at ? Date.parse(g.completed_at) : undefined;
    if (completedAt === undefined || !inWindow(completedAt)) continue;
    if (s.doneClock === undefined) lagUndelivered++;
    const lag = ((s.doneClock ?? input.runEnd) - completedAt) / 1000;
    lags.push(lag);
    lagsByType[s.arrival.command === 'imagine' ? 'image' : 'video'].push(lag);
    const seen = firstSeen(s, completedAt);
    if (seen !== undefined && s.doneClock !== undefined) {
      detect.push((seen - completedAt) / 1000);
      deliver.push((s.doneClock - seen) / 1000);
    }
  }

  const window = countRequests(requests, windowStart, windowEnd);
  const whole = countRequests(requests);
  const combined = requests.filter((r) => kindOf(r) === 'listPolls' && !r.query.type && inWindow(r.at));
  const listGaps = combined.slice(1).map((r, i) => ({ from: (combined[i] as RecordedRequest).at, to: r.at }));
  const perMinute = (n: number) => (minutes > 0 ? n / minutes : 0);
  const result: RunFigures = {
    name: input.name,
    poller: input.poller,
    workload: input.workload,
    acksOnly: input.acksOnly,
    minutes,
    interactions: generates.length,
    acknowledged: acks.length,
    refused,
    submitted: requests.filter((r) => kindOf(r) === 'submissions' && r.status === 201).length,
    deliveredInWindow: deliveredInWindow.length,
    deliveredTotal: done.length,
    completedInWindow: completedInWindow.length,
    undelivered: generates.length - done.length - refused,
    failedJobs: done.filter((s) => s.job?.status === 'failed').length,
    generationsPerMinute: perMinute(completedInWindow.length),
    window,
    whole,
    rateLimitedEarlyMs: rateLimitedEarlyMs(requests, input.rateLimitPerMinute),
    requestsPerMinute: {
      total: perMinute(window.total),
      submissions: perMinute(window.submissions),
      listPolls: perMinute(window.listPolls),
      singlePolls: perMinute(window.singlePolls),
      other: perMinute(window.other),
    },
    requestsPerDelivered:
      input.workload === 'steady'
        ? deliveredInWindow.length > 0
          ? window.total / deliveredInWindow.length
          : null
        : done.length > 0
          ? whole.total / done.length
          : null,
    lagS: { ...spread(lags), undelivered: lagUndelivered },
    lagByTypeS: { image: spread(lagsByType.image), video: spread(lagsByType.video) },
    lagSplitS: { detect: spread(detect), deliver: spread(deliver) },
    listPollGapS: spread(listGaps.map((g) => (g.to - g.from) / 1000)),
    longestListGaps: [...listGaps]
      .sort((a, b) => b.to - b.from - (a.to - a.from))
      .slice(0, 3)
      .map((g) => ({
        atS: (g.from - windowStart) / 1000,
        gapS: (g.to - g.from) / 1000,
        meanwhile: countRequests(requests, g.from + 0.001, g.to),
      })),
    ackMs: { ...spread(acks), within3s: acks.filter((ms) => ms <= 3_000).length },
    autocompleteMs: recording.autocompletes.length > 0 ? spread(autocompleteTimes) : null,
    peakRssMb: input.peakRssBytes / (1024 * 1024),
    ...(input.atPeak
      ? {
          atPeakMb: {
            heapTotal: input.atPeak.heapTotal / 2 ** 20,
            heapUsed: input.atPeak.heapUsed / 2 ** 20,
            external: input.atPeak.external / 2 ** 20,
            arrayBuffers: input.atPeak.arrayBuffers / 2 ** 20,
          },
        }
      : {}),
    cpuCores: input.cpuCores,
    eventLoopDelayP99Ms: input.eventLoopDelayP99Ms,
    stage: input.stage,
    drain: input.drain,
    realS: input.realS,
    botWarnings: warnings(input.logs),
  };
  // Steady runs too: a job delivered twice is a fault whatever the load (one not delivered at the
  // end of a steady run is only cut off by its drain).
  if (!input.acksOnly) result.exactlyOnce = exactlyOnce(generates, calls);
  if (input.workload === 'burst' && !input.acksOnly) {
    const first = Math.min(...generates.map((s) => s.sentClock));
    result.allDeliveredS = done.length === generates.length ? (lastDone - first) / 1000 : null;
    result.fairness = fairness(generates, requests);
  }
  return result;
}

/** Bot log lines at warn (40) or above, counted by message. */
function warnings(logs: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of logs) {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string };
      if ((entry.level ?? 0) < 40) continue;
      const key = `${entry.level === 40 ? 'warn' : 'error'}: ${entry.msg ?? '(no message)'}`;
      counts[key] = (counts[key] ?? 0) + 1;
    } catch {
      // not a JSON line
    }
  }
  return counts;
}
