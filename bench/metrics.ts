/**
 * Turns one run's raw records (what the driver sent, what the simulator received, what the fake
 * Discord received, what the bot reported done) into the figures of the report. Pure functions
 * of recorded data: no timing happens here, so the definitions below are the whole truth about
 * each figure.
 */
import { MessageFlags } from 'discord.js';
import type { Generation } from '../src/media/schemas.ts';
import type { RecordedRequest } from '../src/sim/server.ts';
import type { RecordedCall } from '../testkit/fake-discord.ts';
import type { Recording, SentGenerate } from './driver.ts';

export type RequestKind = 'submissions' | 'listPolls' | 'singlePolls' | 'other';

export interface RequestCounts {
  total: number;
  submissions: number;
  listPolls: number;
  /** Of the list polls, those asking for one type's page (the rest are the combined list). */
  typedPages: number;
  singlePolls: number;
  /** GET /models, /account, ... */
  other: number;
  /** Answered 429 (also counted in their kind). */
  rateLimited: number;
}

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

export interface Spread {
  n: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
}

export interface Fairness {
  batchSize: number;
  /** Members whose first job had to wait for others' jobs (the rest went out on arrival). */
  queuedMembers: number;
  /**
   * Over all members: the most jobs of ONE other member submitted after the member arrived and
   * before its first job was submitted. First come first served shows the whole batch here (the
   * batch size); strict turns show 1, plus whatever was already handed to the rate limiter.
   */
  maxJobsOfOneOtherMemberAhead: number;
  /** Members who waited behind another member's whole batch (every job of it went first). */
  membersBehindAWholeBatch: number;
  /** Clock seconds from a member's first interaction to its first submission. */
  firstSubmissionWaitS: Spread;
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
  exactlyOnce?: {
    jobs: number;
    deliveredOnce: number;
    duplicated: number;
    missing: number;
    doneReportedTwice: number;
  };
  fairness?: Fairness;
  drain: { simS: number; realS: number; leftUndone: number };
  realS: number;
  /** Bot log lines at warn or above, counted by message. */
  botWarnings: Record<string, number>;
}

/** Nearest-rank percentile of already sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? null;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? (sorted[sorted.length - 1] ?? null) : null,
  };
}

const API_PREFIX = '/api/v1';

/** Which budget line a request falls on; output downloads (/files) are not API requests and not counted. */
export function kindOf(r: RecordedRequest): RequestKind | undefined {
  if (!r.path.startsWith(API_PREFIX)) return undefined;
  const path = r.path.slice(API_PREFIX.length);
  if (path === '/generations') return r.method === 'POST' ? 'submissions' : 'listPolls';
  if (/^\/generations\/[^/]+$/.test(path) && r.method === 'GET') return 'singlePolls';
  return 'other';
}

/** API requests received in [from, to) of clock time, by kind. */
export function countRequests(requests: RecordedRequest[], from = -Infinity, to = Infinity): RequestCounts {
  const counts: RequestCounts = {
    total: 0,
    submissions: 0,
    listPolls: 0,
    typedPages: 0,
    singlePolls: 0,
    other: 0,
    rateLimited: 0,
  };
  for (const r of requests) {
    if (r.at < from || r.at >= to) continue;
    const kind = kindOf(r);
    if (!kind) continue;
    counts.total++;
    counts[kind]++;
    if (kind === 'listPolls' && r.query.type) counts.typedPages++;
    if (r.status === 429) counts.rateLimited++;
  }
  return counts;
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

/**
 * When a status request first answered with a finished generation: the first request received at
 * or after `completedAt` that covered it. A single check covers its own id; the combined list
 * (`per_page` most recent of all) covers it while fewer than `per_page` generations were created
 * after it; a typed page `p` while the newer ones of its type number in [(p-1)·per_page, p·per_page).
 * Creation order comes from the simulator's log of accepted POSTs, matched by the unique prompts.
 */
function statusAnswers(
  requests: RecordedRequest[],
  generates: SentGenerate[],
): (s: SentGenerate, completedAt: number) => number | undefined {
  const typeOf = new Map(
    generates.map((s) => [s.arrival.prompt, s.arrival.command === 'imagine' ? 'image' : 'video']),
  );
  const created = { all: [] as number[], image: [] as number[], video: [] as number[] };
  const createdAt = new Map<string, number>();
  const reads: RecordedRequest[] = [];
  for (const r of requests) {
    const kind = kindOf(r);
    if (kind === 'submissions' && r.status === 201) {
      const prompt = (r.body as { prompt?: string } | undefined)?.prompt ?? '';
      const type = typeOf.get(prompt);
      createdAt.set(prompt, r.at);
      created.all.push(r.at);
      if (type === 'image' || type === 'video') created[type].push(r.at);
    } else if ((kind === 'listPolls' || kind === 'singlePolls') && r.status === 200) reads.push(r);
  }
  /** How many of `times` (sorted) fall in (after, upTo]. */
  const between = (times: number[], after: number, upTo: number) =>
    upperBound(times, upTo) - upperBound(times, after);
  return (s, completedAt) => {
    const own = createdAt.get(s.arrival.prompt);
    if (own === undefined || !s.generationId) return undefined;
    const type = s.arrival.command === 'imagine' ? 'image' : 'video';
    for (let i = lowerBound(reads, completedAt); i < reads.length; i++) {
      const r = reads[i] as RecordedRequest;
      if (kindOf(r) === 'singlePolls') {
        if (r.path.endsWith(`/${s.generationId}`)) return r.at;
        continue;
      }
      const perPage = Number(r.query.per_page ?? 20);
      if (!r.query.type) {
        if (between(created.all, own, r.at) < perPage) return r.at;
      } else if (r.query.type === type) {
        const page = Number(r.query.page ?? 1);
        const newer = between(created[type], own, r.at);
        if (newer >= (page - 1) * perPage && newer < page * perPage) return r.at;
      }
    }
    return undefined;
  };
}

/** Index of the first value greater than `x` in sorted `values`. */
function upperBound(values: number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first request received at or after `at` (requests are in arrival order). */
function lowerBound(requests: RecordedRequest[], at: number): number {
  let lo = 0;
  let hi = requests.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((requests[mid] as RecordedRequest).at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Result deliveries per job, counted at the fake Discord: every call that put a finished result
 * in front of the member (an edit or message carrying the result card, a Components V2 message), matched to its
 * job by the interaction token (webhook edits) or the reply message id (bot-token edits, channel
 * posts). Also counts jobs the bot reported done more than once.
 */
function exactlyOnce(
  generates: SentGenerate[],
  calls: RecordedCall[],
): NonNullable<RunFigures['exactlyOnce']> {
  const byToken = new Map<string, SentGenerate>();
  const byMessage = new Map<string, SentGenerate>();
  for (const s of generates) {
    byToken.set(s.token, s);
    const messageId = s.job?.reply.messageId;
    if (messageId) byMessage.set(messageId, s);
  }
  const count = new Map<SentGenerate, number>();
  for (const c of calls) {
    if (!['webhookEdit', 'messageEdit', 'channelMessage', 'webhookFollowup'].includes(c.route)) continue;
    const body = c.body as { flags?: number; message_reference?: { message_id?: string } };
    // Only the result card is a Components V2 message; progress and failure are embeds.
    if (((body?.flags ?? 0) & MessageFlags.IsComponentsV2) === 0) continue;
    const segments = c.path.split('/');
    const owner =
      (c.route.startsWith('webhook') ? byToken.get(segments[3] ?? '') : undefined) ??
      byMessage.get(segments[4] ?? '') ??
      byMessage.get(body.message_reference?.message_id ?? '');
    if (owner) count.set(owner, (count.get(owner) ?? 0) + 1);
  }
  // Every interaction should have become a completed job (the simulator injects no failures here).
  let deliveredOnce = 0;
  let duplicated = 0;
  let missing = 0;
  for (const s of generates) {
    const n = count.get(s) ?? 0;
    if (n === 1) deliveredOnce++;
    else if (n > 1) duplicated++;
    else missing++;
  }
  const doneReportedTwice = generates.filter((s) => (s.doneCount ?? 0) > 1).length;
  return { jobs: generates.length, deliveredOnce, duplicated, missing, doneReportedTwice };
}

/**
 * Fairness of the submission order in a burst. The order is the simulator's: POST /generations
 * answered 201, each mapped to its interaction by its unique prompt.
 */
function fairness(generates: SentGenerate[], requests: RecordedRequest[]): Fairness {
  const byPrompt = new Map(generates.map((s) => [s.arrival.prompt, s]));
  const order: { s: SentGenerate; at: number }[] = [];
  for (const r of requests) {
    if (kindOf(r) !== 'submissions' || r.status !== 201) continue;
    const prompt = (r.body as { prompt?: string } | undefined)?.prompt;
    const s = prompt ? byPrompt.get(prompt) : undefined;
    if (s) order.push({ s, at: r.at });
  }
  const members = new Map<string, { arrived: number; batch: number }>();
  for (const s of generates) {
    const m = members.get(s.arrival.member);
    if (!m) members.set(s.arrival.member, { arrived: s.sentClock, batch: 1 });
    else {
      m.arrived = Math.min(m.arrived, s.sentClock);
      m.batch++;
    }
  }
  let queuedMembers = 0;
  let maxAhead = 0;
  let behindWholeBatch = 0;
  const waits: number[] = [];
  for (const [member, { arrived }] of members) {
    const firstIndex = order.findIndex((o) => o.s.arrival.member === member);
    const first = order[firstIndex];
    if (!first) continue;
    waits.push((first.at - arrived) / 1000);
    // Jobs of other members that went out after this member arrived and before its first job.
    const ahead = new Map<string, number>();
    for (const o of order.slice(0, firstIndex)) {
      if (o.at < arrived) continue;
      ahead.set(o.s.arrival.member, (ahead.get(o.s.arrival.member) ?? 0) + 1);
    }
    if (ahead.size === 0) continue;
    queuedMembers++;
    maxAhead = Math.max(maxAhead, ...ahead.values());
    if ([...ahead].some(([other, n]) => n >= (members.get(other)?.batch ?? Infinity))) behindWholeBatch++;
  }
  return {
    batchSize: Math.max(...[...members.values()].map((m) => m.batch)),
    queuedMembers,
    maxJobsOfOneOtherMemberAhead: maxAhead,
    membersBehindAWholeBatch: behindWholeBatch,
    firstSubmissionWaitS: spread(waits),
  };
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
