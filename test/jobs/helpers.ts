/**
 * Real collaborators for the job tests: the simulator over HTTP with a MediaClient, a SQLite store
 * in a temp dir, the quota service and the job store, all on one scaled clock. A "process" is one
 * set of store, lock, job store and quota service; opening a second one over the same file is what
 * a restart looks like.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Keyv from 'keyv';
import { quoteMicros } from '../../src/catalog/pricing.ts';
import { type Clock, scaledClock } from '../../src/clock.ts';
import { IntentStore } from '../../src/jobs/intents.ts';
import { JobStore } from '../../src/jobs/job-store.ts';
import { Recovery, type RecoveryOptions } from '../../src/jobs/recovery.ts';
import type { SubmitInput, SubmitterQuota } from '../../src/jobs/submission.ts';
import { Submitter, type SubmitterOptions } from '../../src/jobs/submitter.ts';
import { createInProcessLock, type InProcessLock } from '../../src/locks.ts';
import { silentLogger } from '../../src/log.ts';
import { MediaClient } from '../../src/media/client.ts';
import { createLocalRateLimiter, type RateLimiter } from '../../src/media/rate-limiter.ts';
import type { Model } from '../../src/media/schemas.ts';
import { createQuota } from '../../src/quota/create.ts';
import type { QuotaLedger, QuotaService } from '../../src/quota/service.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../src/sim/server.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { ALICE, ART, BOB, GUILD } from '../../testkit/ids.ts';
import { type MediaProxy, type ProxyHandler, startMediaProxy } from '../support/media-proxy.ts';
import { perTest } from '../support/per-test.ts';

export { ALICE, BOB, GUILD };
/** The channel the jobs' replies are in: the default server's #art. */
export const CHANNEL = ART;
export const USD = 1_000_000;
/** Clock ms a MediaClient waits for an answer: generous, since the clock runs fast. */
export const CLIENT_TIMEOUT_MS = 10 * 60_000;

export const logger = silentLogger;

/** One bot process's view of the shared SQLite file. */
export interface Proc {
  store: Store;
  lock: InProcessLock;
  /** The jobs namespace (jobs and submission intents). */
  keyv: Keyv;
  jobs: JobStore;
  /** The submission intents, and which of them this process still waits on. */
  intents: IntentStore;
  quota: QuotaService;
  /** The ledger's reads over the same store as `quota`. */
  ledger: QuotaLedger;
}

export interface World {
  clock: Clock;
  sim: Simulator;
  file: string;
  limiter: RateLimiter;
  client: MediaClient;
  /** The first process. */
  proc: Proc;
  /** Opens another process over the same SQLite file (a restart). */
  openProc(): Promise<Proc>;
  /** A MediaClient on the simulator with its own limiter. */
  newClient(limiter?: RateLimiter): MediaClient;
  /** A MediaClient like newClient's that reaches the simulator at `baseUrl`: a proxy in front of it. */
  clientVia(baseUrl: string): MediaClient;
  close(): Promise<void>;
}

/** Starts the simulator and opens a store in a temp dir, all on one scaled clock. */
export async function startWorld(
  options: { scale?: number; sim?: SimulatorOptions; limiter?: RateLimiter } = {},
): Promise<World> {
  const clock = scaledClock(options.scale ?? 50);
  const sim = await startSimulator({ clock, rateLimitPerMinute: 1_000_000, ...options.sim });
  const dir = mkdtempSync(join(tmpdir(), 'jobs-test-'));
  const file = join(dir, 'bot.sqlite');
  const procs: Proc[] = [];
  const openProc = async (): Promise<Proc> => {
    const store = await openStore(`sqlite://${file}`);
    const lock = createInProcessLock();
    const keyv = store.namespace('jobs');
    const { service: quota, ledger } = createQuota({
      store,
      clock,
      lock,
      defaults: { micros: 5 * USD, period: 'daily' },
      // Long enough that no reservation expires during a test and fakes a release.
      reservationTtlMs: 24 * 60 * 60_000,
    });
    const proc: Proc = {
      store,
      lock,
      keyv,
      jobs: new JobStore(keyv, lock),
      intents: new IntentStore(keyv, lock),
      quota,
      ledger,
    };
    procs.push(proc);
    return proc;
  };
  const clientOn = (baseUrl: string, limiter?: RateLimiter) =>
    new MediaClient({
      baseUrl,
      token: sim.token,
      clock,
      limiter: limiter ?? createLocalRateLimiter({ limit: 1_000_000, clock }),
      timeoutMs: CLIENT_TIMEOUT_MS,
      random: () => 0,
    });
  const newClient = (limiter?: RateLimiter) => clientOn(sim.baseUrl, limiter);
  const limiter = options.limiter ?? createLocalRateLimiter({ limit: 1_000_000, clock });
  return {
    clock,
    sim,
    file,
    limiter,
    client: newClient(limiter),
    proc: await openProc(),
    openProc,
    newClient,
    clientVia: (baseUrl) => clientOn(baseUrl),
    async close() {
      for (const p of procs) await p.store.close().catch(() => undefined);
      await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh world for each test of the file (perTest): `const w = useWorld()` at the file's top
 * instead of its own beforeEach/afterEach pair.
 */
export function useWorld(options: Parameters<typeof startWorld>[0] = {}): World {
  return perTest(
    'useWorld',
    () => startWorld(options),
    (world) => world.close(),
  );
}

/**
 * A tampering proxy in front of `w`'s simulator for each test of the file (perTest); `initial`
 * decides what goes through until a test calls `handle`.
 */
export function useMediaProxy(w: World, initial?: ProxyHandler): MediaProxy {
  return perTest(
    'useMediaProxy',
    () => startMediaProxy(w.sim.baseUrl, initial),
    (proxy) => proxy.close(),
  );
}

/** A model of the simulator's catalog. */
export function model(slug: string): Model {
  const found = SIM_MODELS.find((m) => m.slug === slug);
  if (!found) throw new Error(`no model ${slug}`);
  return found;
}

/** Reserves the quote of `prompt` on `slug` for a member and returns what Submitter.submit takes. */
export async function reserved(
  quota: QuotaService,
  options: {
    prompt: string;
    slug?: string;
    userId?: string;
    /** Defaults to the catalog's quote. */
    quotedMicros?: number;
    attachmentSizeLimit?: number;
  },
): Promise<SubmitInput> {
  const m = model(options.slug ?? 'lang-4o-image');
  const request = { model: m.slug, prompt: options.prompt };
  const quotedMicros = options.quotedMicros ?? quoteMicros(m, request);
  const userId = options.userId ?? ALICE;
  const reservation = await quota.reserve({
    guildId: GUILD,
    userId,
    roleIds: [],
    model: m.slug,
    quoteMicros: quotedMicros,
  });
  if (!reservation.ok) throw new Error(`reservation refused: ${reservation.reason}`);
  return {
    request,
    model: m,
    quotedMicros,
    reservationId: reservation.reservationId,
    reply: {
      applicationId: '1300000000000000099',
      interactionToken: 'interaction-token-for-tests-0123456789',
      interactionAt: 0,
      guildId: GUILD,
      channelId: CHANNEL,
      messageId: null,
      userId,
    },
    attachmentSizeLimit: options.attachmentSizeLimit ?? 8 * 1024 * 1024,
    simulated: true,
  };
}

/**
 * A batch of `count` takes reserved together as `/imagine count:N` does, each take a submission of
 * its own, its prompt numbered ("alice 1", "alice 2"…).
 */
export async function reservedBatch(
  quota: QuotaService,
  options: { userId?: string; count: number; prompt?: string; id?: string },
): Promise<SubmitInput[]> {
  const prompt = options.prompt ?? 'a take';
  const template = await reserved(quota, { prompt, userId: options.userId ?? ALICE });
  await quota.release(template.reservationId);
  const batch = await quota.reserve({
    guildId: GUILD,
    userId: options.userId ?? ALICE,
    roleIds: [],
    model: template.model.slug,
    quoteMicros: template.quotedMicros,
    count: options.count,
  });
  if (!batch.ok) throw new Error(`the batch was refused: ${batch.reason}`);
  return batch.reservationIds.map((reservationId, index) => ({
    ...template,
    request: { ...template.request, prompt: `${prompt} ${index + 1}` },
    reservationId,
    batch: { id: options.id ?? 'batch-1', index, size: options.count },
  }));
}

/** `proc`'s Submitter on the world's client and clock; `options` replace any part. */
export function submitterOf(w: World, proc: Proc, options: Partial<SubmitterOptions> = {}): Submitter {
  return new Submitter({
    client: w.client,
    jobs: proc.jobs,
    intents: proc.intents,
    quota: proc.quota,
    clock: w.clock,
    logger,
    ...options,
  });
}

/**
 * `proc`'s Recovery, with a Submitter of its own (submitterOf) on the same intents, following and
 * delivering nothing unless `options` say; `options` replace any part.
 */
export function recoveryOf(w: World, proc: Proc, options: Partial<RecoveryOptions> = {}): Recovery {
  const intents = options.intents ?? proc.intents;
  return new Recovery({
    intents,
    jobs: proc.jobs,
    submitter: submitterOf(w, { ...proc, intents }),
    quota: proc.quota,
    clock: w.clock,
    logger,
    follow: () => {},
    deliver: () => {},
    ...options,
  });
}

/**
 * A quota whose settle never returns: the process dies while settling, its job saved and its
 * reservation still open. Give `quota` to a Submitter; `settling` resolves once it is in settle.
 */
export function quotaDyingInSettle(quota: QuotaService): { quota: SubmitterQuota; settling: Promise<void> } {
  const settling = deferred();
  return {
    quota: {
      settle: () => {
        settling.resolve();
        return new Promise(() => {});
      },
      release: (id: string) => quota.release(id),
    },
    settling: settling.promise,
  };
}

/** A member's quota figures (spent, reserved, in flight). */
export function summaryOf(quota: QuotaService, userId = ALICE) {
  return quota.summary({ guildId: GUILD, userId, roleIds: [] });
}

/** A promise with its resolver, to wait on an event. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The GET requests the simulator saw for generations, from index `from` on. */
export function generationReads(sim: Simulator, from = 0) {
  return sim.requests
    .slice(from)
    .filter((r) => r.method === 'GET' && r.path.startsWith('/api/v1/generations'));
}

/** Whether a recorded request is the combined list (no type). */
export function isCombinedList(r: { path: string; query: Record<string, string> }): boolean {
  return r.path === '/api/v1/generations' && r.query.type === undefined;
}

/** The guild's ledger, oldest first, as kind and amount (and what it refers to). */
export async function ledgerOf(ledger: QuotaLedger) {
  const entries = await ledger.latest(GUILD, 1_000);
  return entries.reverse().map((e) => ({
    kind: e.kind,
    amountMicros: e.amountMicros,
    reservationId: e.reservationId,
    generationId: e.generationId,
  }));
}

/** The POSTs the simulator received. */
export function posts(sim: Simulator) {
  return sim.requests.filter((r) => r.method === 'POST');
}
