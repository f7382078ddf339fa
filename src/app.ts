/**
 * The start and the stop, in their order: the foundation (the store, what the processes share, the
 * Media API client, the quota, the catalog: wiring/foundation.ts), the Discord client, the jobs'
 * side (wiring/jobs.ts), the alerts, the services the commands use and the listeners on Discord
 * (wiring/discord.ts), then /healthz, the catalog's first load, login and recovery. Every step adds
 * its closer as it opens, so a stop closes in the reverse order. `startBot` is what `npm start`
 * runs and what the end-to-end tests and the benchmark start against a fake Discord.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type Client, Events, Status } from 'discord.js';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { alertPoster } from './discord/gateway/alert-channel.ts';
import { entitlementPort, listenForEntitlements } from './discord/gateway/entitlements.ts';
import { moderationPoster } from './discord/gateway/moderation-poster.ts';
import { planShards } from './discord/gateway/shards.ts';
import { DiscordMessenger } from './discord/generation/messenger.ts';
import type { BotServices } from './discord/interactions/services.ts';
import { describeDrift } from './discord/views/balance-view.ts';
import type { Delivery } from './jobs/delivery.ts';
import type { Job } from './jobs/job.ts';
import { LeaderPoller } from './jobs/leader-poller.ts';
import type { ModerationLog } from './jobs/moderation-log.ts';
import { PendingReferenceStore } from './jobs/pending-references.ts';
import type { GenerationFollower, PollerOptions } from './jobs/poller.ts';
import { TopupPurchases } from './jobs/topup-purchases.ts';
import { createLogger, type Logger } from './log.ts';
import { Alerts } from './ops/alerts.ts';
import { HealthCheck } from './ops/health.ts';
import { type OpsServer, startOpsServer } from './ops/http.ts';
import { BotMetrics } from './ops/metrics.ts';
import { MemberDefaultsStore } from './quota/member-defaults.ts';
import type { ResultsIndex } from './results/result.ts';
import { type Simulator, type SimulatorOptions, startSimulator } from './sim/server.ts';
import type { WebServer } from './web/server.ts';
import { Closers } from './wiring/closers.ts';
import { listenOnDiscord, openDiscordClient } from './wiring/discord.ts';
import { type Foundation, openFoundation } from './wiring/foundation.ts';
import { type JobsWiring, wireJobs } from './wiring/jobs.ts';
import { openResults } from './wiring/results.ts';
import { startWeb } from './wiring/web.ts';

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
  /** Between the moderation log's sweeps for lines still owed (clock ms; 30 s by default). */
  moderationSweepMs?: number;
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
  /** The servers' moderation logs (/quota moderation). */
  moderation: ModerationLog;
  /** Top-ups bought in Discord's store. */
  topups: TopupPurchases;
  /** Where /healthz and /metrics listen, when HTTP_PORT is set. */
  httpAddress: AddressInfo | undefined;
  /** The web side (sign-in, the gallery), when WEB_PORT is set. */
  web: WebServer | undefined;
  /** The results index the gallery searches. */
  results: ResultsIndex;
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
    options.logger ??
    createLogger({
      level: config.logLevel,
      secrets: [config.discord.token, media.token, ...(config.web ? [config.web.clientSecret] : [])],
    });
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
  // The gauges read the parts wired below when scraped, which is only once the bot has started.
  let wired: { foundation: Foundation; jobs: JobsWiring } | undefined;
  const part = () => {
    if (!wired) throw new Error('the metrics were read before the bot was wired');
    return wired;
  };
  const metrics = new BotMetrics({
    budgetAvailable: () => part().foundation.limiter.available(),
    submissionsWaiting: () => part().jobs.submitter.waiting,
    submissionsSending: () => part().jobs.submitter.sending,
    jobsInFlight: () => part().jobs.inFlight.counts(),
    // On SQLite the one process always polls; on Redis the process holding the poller's lease.
    pollerLeaseHeld: () => {
      const { poller } = part().jobs;
      return poller instanceof LeaderPoller ? poller.leading : true;
    },
  });
  // Made once the quota and the client exist; a 401 or 402 before that (the catalog's first load)
  // is seen again by the alerts' first check.
  let alerts: Alerts | undefined;
  // First: a store that cannot be written stops the bot before it takes a single request.
  const foundation = await openFoundation(config, {
    clock,
    logger,
    media,
    closers,
    metrics,
    onExchange: (exchange) => alerts?.onExchange(exchange),
  });
  const { store, catalog, mediaClient, quota, quotaAdmin, quotaLedger } = foundation;
  // The results the web finds again: recorded as delivery shows them, closed after the client.
  const results = await openResults(config, logger, closers);
  const client = openDiscordClient(config, closers);
  // Delivery only runs once the client is ready (the poller starts after login).
  const readyClient = client as Client<true>;
  const messenger = new DiscordMessenger(readyClient, clock, logger, catalog, results.recorder);
  const jobsWiring = wireJobs(config, foundation, {
    clock,
    logger,
    media,
    closers,
    metrics,
    messenger,
    moderationPoster: moderationPoster(readyClient),
    ...(options.moderationSweepMs !== undefined ? { moderationSweepMs: options.moderationSweepMs } : {}),
    ...(options.timings ? { timings: options.timings } : {}),
    ...(options.onJobDone ? { onJobDone: options.onJobDone } : {}),
    ...(options.createPoller ? { createPoller: options.createPoller } : {}),
  });
  wired = { foundation, jobs: jobsWiring };
  const { jobs, delivery, batchCards, poller, follow, submitter, confirmations, remoteCancel, recovery } =
    jobsWiring;
  alerts = new Alerts({
    post: alertPoster(readyClient),
    describeDrift,
    guildIds: () => [...client.guilds.cache.keys()],
    quotaAdmin,
    quotaLedger,
    media: mediaClient,
    keyv: foundation.jobsKeyv,
    clock,
    logger,
    intervalMs: options.alerts?.intervalMs,
    // On Redis the poller's leader runs the periodic checks for every process.
    ...(poller instanceof LeaderPoller ? { runsChecks: () => poller.leading } : {}),
  });
  // Before the client and the store close: a check or an alert may be posting.
  const started = alerts;
  closers.add('the alerts', () => started.stop());
  const sweeping = new AbortController();
  closers.add("recovery's sweep", () => sweeping.abort());
  // Top-ups bought in Discord's store (jobs/topup-purchases.ts): nothing happens until a server offers one.
  const topups = new TopupPurchases({
    applicationId: () => readyClient.application?.id,
    acceptTest: config.topups.acceptTest,
    quota,
    quotaAdmin,
    port: entitlementPort(readyClient),
    keyv: foundation.jobsKeyv,
    lock: foundation.jobsLock,
    clock,
    logger,
  });
  const stopListening = listenForEntitlements(client, topups, logger);
  closers.add('the top-up purchases', async () => stopListening());
  const services: BotServices = {
    catalog,
    quota,
    quotaAdmin,
    quotaLedger,
    submitter,
    jobs,
    confirmations,
    references: new PendingReferenceStore(foundation.jobsKeyv, clock),
    memberDefaults: new MemberDefaultsStore(store.namespace('member-defaults'), logger),
    media: mediaClient,
    clock,
    logger,
    serviceOrigin: new URL(media.baseUrl).origin,
    simulated: simulator !== undefined,
    follow,
    resultContent: (job) => delivery.resultContent(job),
    batchCards,
    results: results.recorder,
    moderation: jobsWiring.moderation,
    topups,
    ...(remoteCancel
      ? {
          cancelElsewhere: (reservationId: string, userId: string) =>
            remoteCancel.cancel(reservationId, userId),
        }
      : {}),
  };
  listenOnDiscord(client, services, { config, store, clock, logger, closers });

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
  await foundation.shardClaims?.claim(shards.ids, shards.count);
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
  results.backfill(jobs, sweeping.signal);
  alerts.start();
  // After recovery: a line a dead process owed is posted now, and its generation's own afterwards.
  jobsWiring.moderation.start();
  // Purchases made while the bot was down, or credited and not consumed before a crash.
  void topups
    .resume()
    .then((credited) => credited > 0 && logger.info({ credited }, 'credited top-ups bought while down'))
    .catch((err) =>
      logger.error({ err }, 'cannot list the unconsumed top-up purchases; tried at the next start'),
    );
  const web = config.web
    ? await startWeb(config.web, config, {
        client: readyClient,
        store,
        results: results.index,
        catalog,
        mediaBaseUrl: media.baseUrl,
        quota: {
          admin: quotaAdmin,
          service: quota,
          ledger: quotaLedger,
          dashboard: foundation.quotaDashboard,
          defaults: config.quotaDefault,
          account: { media: mediaClient, clock, logger },
          botGuildIds: () => [...readyClient.guilds.cache.keys()],
          modelLabel: (slug) => catalog.get(slug)?.label ?? slug,
        },
        lock: foundation.jobsLock,
        logger,
        closers,
      })
    : undefined;

  return {
    client: readyClient,
    services,
    poller,
    delivery,
    simulator,
    metrics,
    alerts,
    moderation: jobsWiring.moderation,
    topups,
    httpAddress: ops?.address,
    web,
    results: results.index,
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
