/**
 * Wires the bot together: the Media API client and its shared limiter, the catalog, the store,
 * quota, jobs, the poller and delivery, and the Discord client at the edge. `startBot` is what
 * `npm start` runs and what the end-to-end tests and the benchmark start against a fake Discord.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Client, Events, GatewayIntentBits, Status } from 'discord.js';
import { interactions } from '../commands/index.ts';
import { ModelCatalog } from './catalog/catalog.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { alertPoster } from './discord/gateway/alert-channel.ts';
import { CACHE_OPTIONS } from './discord/gateway/cache-limits.ts';
import { planShards } from './discord/gateway/shards.ts';
import { listenForWelcomes } from './discord/gateway/welcome.ts';
import { DiscordMessenger } from './discord/generation/messenger.ts';
import { listenForInteractions } from './discord/interactions/interaction-listener.ts';
import { createRouter } from './discord/interactions/router.ts';
import type { BotServices } from './discord/interactions/services.ts';
import { describeDrift } from './discord/views/balance-view.ts';
import { BatchCards } from './jobs/batch-cards.ts';
import { BatchStore } from './jobs/batches.ts';
import { ConfirmationStore } from './jobs/confirmations.ts';
import { Delivery } from './jobs/delivery.ts';
import { downloadCapped } from './jobs/download.ts';
import { IntentStore } from './jobs/intents.ts';
import type { Job } from './jobs/job.ts';
import { JobStore } from './jobs/job-store.ts';
import { LeaderPoller } from './jobs/leader-poller.ts';
import { ModelTimings } from './jobs/model-timings.ts';
import { PendingReferenceStore } from './jobs/pending-references.ts';
import { type GenerationFollower, Poller, type PollerOptions, videoPollFor } from './jobs/poller.ts';
import { Recovery } from './jobs/recovery.ts';
import { Submitter } from './jobs/submitter.ts';
import { createInProcessLock } from './locks.ts';
import { createLogger, type Logger } from './log.ts';
import { MediaClient } from './media/client.ts';
import { Alerts } from './ops/alerts.ts';
import { HealthCheck } from './ops/health.ts';
import { type OpsServer, startOpsServer } from './ops/http.ts';
import { InFlightJobs, trackInFlight } from './ops/in-flight.ts';
import { BotMetrics } from './ops/metrics.ts';
import { withSpendHooks } from './ops/spend-hooks.ts';
import { createQuota } from './quota/create.ts';
import { MemberDefaultsStore } from './quota/member-defaults.ts';
import { openQuotaBackend } from './redis/open-quota-backend.ts';
import { type Simulator, type SimulatorOptions, startSimulator } from './sim/server.ts';
import { logStoreErrors, openCheckedStore } from './store/open.ts';
import { Closers } from './wiring/closers.ts';
import { ProcessSharing } from './wiring/process-sharing.ts';

/**
 * The service counts a request when it arrives, the limiter when it is sent. Transit times vary,
 * so two requests sent exactly a minute apart can arrive less than a minute apart and draw a 429;
 * one second of margin (under 2 % of the budget) absorbs that.
 */
const RATE_WINDOW_MS = 61_000;

/** How long a stop waits for interaction handlers still running (wall time). */
const STOP_GRACE_MS = 10_000;
/**
 * How long a stop waits for welcomes still posting (wall time). Short, so that with the handlers'
 * grace the whole stop stays under main.ts's limit. A welcome cut short either leaves no record
 * (the next start handles the server again) or a record of a post that never went out.
 */
const WELCOME_GRACE_MS = 3_000;

export interface BotOptions {
  clock?: Clock;
  logger?: Logger;
  /** For the built-in simulator, when the config names no service. */
  simulator?: SimulatorOptions;
  /** Poll cadence and edit spacing (clock ms), for tests and the benchmark. */
  timings?: { imagePollMs?: number; videoPollMs?: number; minEditIntervalMs?: number };
  /** Called whenever a job is done (delivered, or its failure reported). */
  onJobDone?: (job: Job) => void;
  /** Replaces the list-first poller (the benchmark compares a naive one). */
  createPoller?: (options: PollerOptions) => GenerationFollower;
  /** Between the alerts' balance and drift checks (clock ms; an hour by default). */
  alerts?: { intervalMs?: number };
  /**
   * Aborted by a stop signal during the start: the start stops waiting (for Discord, the service,
   * the shards' claims), closes what it opened and rejects with the signal's reason.
   */
  signal?: AbortSignal;
}

export interface Bot {
  client: Client<true>;
  services: BotServices;
  poller: GenerationFollower;
  delivery: Delivery;
  /** The built-in simulator, when the bot runs on it. */
  simulator?: Simulator;
  /** What /metrics serves (always kept; served only with HTTP_PORT). */
  metrics: BotMetrics;
  /** Admin alerts (/quota alerts): the hourly checks, and 401/402 as they happen. */
  alerts: Alerts;
  /** Where /healthz and /metrics listen, when HTTP_PORT is set. */
  httpAddress: AddressInfo | undefined;
  stop(): Promise<void>;
}

/** Starts the bot: logs in, resumes unfinished jobs, and starts following generations. */
export async function startBot(config: Readonly<Config>, options: BotOptions = {}): Promise<Bot> {
  const clock = options.clock ?? systemClock;
  let simulator: Simulator | undefined;
  let media = config.media;
  if (!media) {
    simulator = await startSimulator({ clock, ...options.simulator });
    media = { baseUrl: simulator.baseUrl, token: simulator.token };
  }
  const logger =
    options.logger ?? createLogger({ level: config.logLevel, secrets: [config.discord.token, media.token] });
  if (simulator) {
    logger.warn(
      { baseUrl: simulator.baseUrl },
      'MEDIA_API_BASE_URL is not set: running on the BUILT-IN SIMULATOR. Nothing real is generated or charged; every result says so.',
    );
  }

  // Every step adds the closer of what it opened; a stop, or a start that fails half-way, closes
  // them in the reverse order (wiring/closers.ts).
  const closers = new Closers();
  if (simulator) closers.add('the simulator', () => simulator.close());
  try {
    return await openBot(config, options, { clock, logger, media, simulator, closers });
  } catch (err) {
    // Nothing left behind: the SQLite file's lock in particular, for the next start. A part that
    // cannot be closed is logged; the start's own failure is what the caller is told.
    await closers.close(logger).catch(() => undefined);
    throw err;
  }
}

/** The steps of the start, each adding its closer to `closers` as soon as what it opened exists. */
async function openBot(
  config: Readonly<Config>,
  options: BotOptions,
  opened: {
    clock: Clock;
    logger: Logger;
    media: NonNullable<Config['media']>;
    simulator: Simulator | undefined;
    closers: Closers;
  },
): Promise<Bot> {
  const { clock, logger, media, simulator, closers } = opened;
  // The gauges read the parts below when scraped, which is only once the bot has started.
  const metrics = new BotMetrics({
    budgetAvailable: () => limiter.available(),
    submissionsWaiting: () => submitter.waiting,
    submissionsSending: () => submitter.sending,
    jobsInFlight: () => inFlight.counts(),
    // On SQLite the one process always polls; on Redis the process holding the poller's lease.
    pollerLeaseHeld: () => (poller instanceof LeaderPoller ? poller.leading : true),
  });
  const logStoreError = logStoreErrors(logger);
  // First: a store that cannot be written stops the bot before it takes a single request.
  const store = await openCheckedStore(config.storeUrl, {
    log: logger,
    onError: (err, namespace) => {
      logStoreError?.(err, namespace);
      metrics.storeError(namespace);
    },
  });
  closers.add('the store', () => store.close());
  // On Redis, what the processes share besides the store: the request budget, the poller's lease,
  // delivery claims and the jobs' lock (wiring/process-sharing.ts). Its close ends its presence
  // and remote cancel too.
  const sharing = await ProcessSharing.open(config.storeUrl, logger, config.leases);
  closers.add('what the processes share', () => sharing.close());

  // Made once the quota and the client exist; a 401 or 402 before that (the catalog's first load)
  // is seen again by the alerts' first check.
  let alerts: Alerts | undefined;
  const limiter = sharing.rateLimiter({
    token: media.token,
    limit: config.mediaRateLimitPerMinute,
    windowMs: RATE_WINDOW_MS,
    clock,
  });
  const mediaClient = new MediaClient({
    baseUrl: media.baseUrl,
    token: media.token,
    limiter,
    clock,
    logger,
    onExchange: (exchange) => {
      metrics.exchange(exchange);
      alerts?.onExchange(exchange);
    },
  });
  const lock = createInProcessLock();
  // On Redis the quota's changes are transactions of their own (redis/quota-backend.ts).
  const quotaBackend = await openQuotaBackend(config.storeUrl, { lock, log: logger });
  if (quotaBackend) closers.add("the quota's Redis client", () => quotaBackend.close());
  const jobsKeyv = store.namespace('jobs');
  const jobsLock = sharing.jobsLock(lock);
  const presence = await sharing.startPresence();
  const shardClaims = sharing.shardClaims();
  // Released after the client is destroyed: no session is left connected as a shard given up.
  if (shardClaims) closers.add('the shard claims', () => shardClaims.release());
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: config.discord.apiUrl },
    ...CACHE_OPTIONS,
  });
  closers.add('the Discord client', () => client.destroy());
  // Delivery only runs once the client is ready (the poller starts after login).
  const readyClient = client as Client<true>;
  const jobs = new JobStore(jobsKeyv, jobsLock);
  // Which job is which take of a batch: the submitter records it, delivery draws the one reply from it.
  const batches = new BatchStore(jobsKeyv, jobs, { lock: jobsLock, clock });
  // The money, the admins' changes and the ledger's reads, over the same transactions (quota/create.ts).
  const {
    service: quotaService,
    admin: quotaAdmin,
    ledger: quotaLedger,
  } = createQuota({
    store,
    clock,
    lock,
    defaults: config.quotaDefault,
    log: logger,
    ...(quotaBackend ? { backend: quotaBackend } : {}),
  });
  const quota = withSpendHooks(quotaService, {
    charged: (micros) => metrics.charged(micros),
    refunded: (micros) => metrics.refunded(micros),
  });
  // How long each model took lately: the expected finish shown while a generation runs.
  const timings = new ModelTimings(jobsKeyv, logger);
  await timings.load();
  closers.add("the models' timings", () => timings.flush());
  const catalog = new ModelCatalog({ fetchModels: () => mediaClient.listModels(), clock, logger });
  closers.add('the catalog', () => catalog.close());

  const messenger = new DiscordMessenger(readyClient, clock, logger, catalog);
  const delivery = new Delivery({
    jobs,
    messenger,
    quota,
    clock,
    logger,
    download: (url, cap, opts) =>
      downloadCapped(url, cap, { ...opts, allowOrigins: [new URL(media.baseUrl).origin] }),
    minEditIntervalMs: options.timings?.minEditIntervalMs,
    batches,
    ...sharing.deliveryClaims(),
    onDone: (job) => {
      inFlight.done(job.generationId);
      metrics.jobDone(job);
      options.onJobDone?.(job);
    },
  });
  closers.add('delivery', () => delivery.close());
  // A batch's card drawn again when a take changes outside its delivery (jobs/batch-cards.ts).
  const batchCards = new BatchCards({
    batches,
    messenger,
    resultContent: (job) => delivery.resultContent(job),
    clock,
    logger,
  });
  closers.add("the batch cards' redraws", () => batchCards.close());
  const pollerOptions: PollerOptions = {
    client: mediaClient,
    clock,
    logger,
    budgetAvailable: () => limiter.available(),
    budgetLimit: config.mediaRateLimitPerMinute,
    intervals: {
      imageMs: options.timings?.imagePollMs ?? config.mediaPollMs,
      videoMs: options.timings?.videoPollMs ?? videoPollFor(config.mediaPollMs),
      maxMs: 30_000,
    },
    onGeneration: (generation) => {
      inFlight.seen(generation.id, generation.status);
      if (generation.status === 'completed') timings.observe(generation);
      const recorded = delivery.onStatus(generation);
      // Forgotten only once delivery has recorded the finish: if that failed, the next round retries.
      if (generation.status === 'completed' || generation.status === 'failed') {
        void recorded.then((ok) => ok && poller.forget(generation.id));
      }
    },
  };
  // /metrics counts what the poller that polls follows, in memory.
  const inFlight = new InFlightJobs((generationId) => delivery.handling(generationId));
  const createPoller = () =>
    trackInFlight(options.createPoller?.(pollerOptions) ?? new Poller(pollerOptions), inFlight);
  const poller = sharing.poller({ createPoller, jobs, delivery, clock });
  closers.add('the poller', () => poller.close());
  const follow = (job: Job) =>
    poller.follow({
      id: job.generationId,
      type: job.type,
      createdAt: job.createdAt,
      checkedAt: job.checkedAt,
    });
  const intents = new IntentStore(
    jobsKeyv,
    jobsLock,
    presence?.id,
    presence ? (owner) => presence.alive(owner) : undefined,
  );
  const submitter = new Submitter({
    client: mediaClient,
    jobs,
    intents,
    quota,
    clock,
    logger,
    capacity: {
      limit: config.mediaRateLimitPerMinute,
      windowMs: RATE_WINDOW_MS,
      available: () => limiter.available(),
      recentPolls: limiter.recentPolls?.bind(limiter),
    },
    expectedDurationMs: (model) => timings.typicalMs(model),
    batches,
  });
  const confirmations = new ConfirmationStore({ keyv: jobsKeyv, lock: jobsLock, quota, clock, logger });
  const remoteCancel = sharing.remoteCancel((reservationId, userId) =>
    submitter.cancel(reservationId, userId),
  );
  const recovery = new Recovery({
    intents,
    jobs,
    submitter,
    quota,
    clock,
    logger,
    follow,
    deliver: (job) => delivery.resume(job),
    takeChanged: (input) => {
      if (input.batch) void batchCards.redraw(input.batch);
    },
    batches,
    redrawOwedCards: (changedBefore) => batchCards.redrawOwed(changedBefore),
    expireConfirmations: () => confirmations.expireDue(),
    ...(presence ? { ownerAlive: (owner: string) => presence.alive(owner), lock: jobsLock } : {}),
  });
  alerts = new Alerts({
    post: alertPoster(readyClient),
    describeDrift,
    guildIds: () => [...client.guilds.cache.keys()],
    quotaAdmin,
    quotaLedger,
    media: mediaClient,
    keyv: jobsKeyv,
    clock,
    logger,
    intervalMs: options.alerts?.intervalMs,
    // On Redis the poller's leader runs the periodic checks for every process.
    ...(poller instanceof LeaderPoller ? { runsChecks: () => poller.leading } : {}),
  });
  // Before the client and the store close: a check or an alert may be posting.
  closers.add('the alerts', () => alerts?.stop());
  const sweeping = new AbortController();
  closers.add("recovery's sweep", () => sweeping.abort());
  const services: BotServices = {
    catalog,
    quota,
    quotaAdmin,
    quotaLedger,
    submitter,
    jobs,
    confirmations,
    references: new PendingReferenceStore(jobsKeyv, clock),
    memberDefaults: new MemberDefaultsStore(store.namespace('member-defaults'), logger),
    media: mediaClient,
    clock,
    logger,
    serviceOrigin: new URL(media.baseUrl).origin,
    simulated: simulator !== undefined,
    follow,
    resultContent: (job) => delivery.resultContent(job),
    batchCards,
    ...(remoteCancel
      ? {
          cancelElsewhere: (reservationId: string, userId: string) =>
            remoteCancel.cancel(reservationId, userId),
        }
      : {}),
  };
  // Before login: every server is made known as the gateway connects (welcome.ts). Its closer
  // runs after the interaction handlers' (no new interactions first), before the store's.
  const welcomes = listenForWelcomes(client, {
    keyv: store.namespace('welcome'),
    defaults: config.quotaDefault,
    clock,
    logger,
  });
  closers.add('the welcomes', () => welcomes.stop(WELCOME_GRACE_MS));
  // Listening before login: an interaction that arrives right after READY must not be missed.
  // Handlers still running at a stop are let finish before the store closes.
  const listener = listenForInteractions(client, createRouter(interactions, services));
  // Bounded: a submission waiting for capacity is left to the next start's recovery.
  closers.add('the interaction handlers', () => listener.stop(STOP_GRACE_MS));

  const step = <T>(promise: Promise<T>) => unlessAborted(options.signal, promise);
  options.signal?.throwIfAborted();
  // Listening before login: a probe sees the start (503 until the gateway is up), and a port in
  // use stops the bot before it connects. Closed first: probes see the bot going away rather than
  // a store closing under them.
  let ops: OpsServer | undefined;
  if (config.http) {
    const health = new HealthCheck({
      gatewayConnected: () => gatewayConnected(client),
      store: store.namespace('health'),
      catalogLoaded: () => catalog.ready,
    });
    const server = await startOpsServer(
      config.http,
      { health: () => health.check(), metrics: () => metrics.render() },
      logger,
    );
    ops = server;
    closers.add('/healthz and /metrics', () => server.close());
  }
  await step(
    catalog
      .load()
      .catch((err) => logger.error({ err }, 'cannot load the model catalog yet; retrying in the background')),
  );
  // Listening before login too: a press may come as soon as another process shows a Cancel.
  await remoteCancel?.start();
  // The shards this process connects, each claimed on Redis first: a shard's interactions go
  // to every session connected as it, and must be handled by one process only.
  client.rest.setToken(config.discord.token);
  const shards = await step(planShards(config.shards, client.rest));
  await shardClaims?.claim(shards.ids, shards.count);
  options.signal?.throwIfAborted();
  client.options.shardCount = shards.count;
  client.options.shards = shards.ids;
  logger.info({ shardCount: shards.count, shards: shards.ids }, 'connecting to the gateway');
  const ready = once(client, Events.ClientReady);
  await step(client.login(config.discord.token).then(() => ready));

  // Resume: submissions cut short, jobs still followed, and results that arrived while down.
  const { recovered, resumed } = await recovery.resume();
  logger.info({ resumed, recovered, user: readyClient.user.tag }, 'bot ready');
  poller.start();
  // The first try for the poller's lease is done before the alerts' first check asks who leads.
  if (poller instanceof LeaderPoller) await poller.ready();
  catalog.startRefreshing();
  void recovery.sweep(sweeping.signal);
  alerts.start();

  return {
    client: readyClient,
    services,
    poller,
    delivery,
    simulator,
    metrics,
    alerts,
    httpAddress: ops?.address,
    /** Closes everything the start opened, the reverse of the order it opened it in. */
    stop: () => closers.close(logger),
  };
}

/** `promise`, or the signal's reason as soon as it aborts (what the promise was doing is left to the stop). */
function unlessAborted<T>(signal: AbortSignal | undefined, promise: Promise<T>): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Every shard's gateway connection is up (a shard reconnecting or resuming does not count). */
function gatewayConnected(client: Client): boolean {
  const shards = client.ws.shards;
  return shards.size > 0 && shards.every((shard) => shard.status === Status.Ready);
}
