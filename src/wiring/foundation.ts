/**
 * The ground the bot stands on, opened first at a start: the store (a store that cannot be written
 * stops the bot before it takes a single request), what the processes share on Redis, the Media
 * API client on the shared request budget, the quota over the store, the models' timings and the
 * catalog. Each part adds its closer to `closers` as soon as it exists. Apart from app.ts so that
 * app.ts reads as the start and stop order.
 */
import { ModelCatalog } from '../catalog/catalog.ts';
import type { Config } from '../config.ts';
import { ModelTimings } from '../jobs/model-timings.ts';
import { createInProcessLock, type KeyedLock } from '../locks.ts';
import { type Exchange, MediaClient } from '../media/client.ts';
import type { RateLimiter } from '../media/rate-limiter.ts';
import { withSpendHooks } from '../ops/spend-hooks.ts';
import { createQuota } from '../quota/create.ts';
import type { QuotaAdmin, QuotaLedger, QuotaService, ServerDashboard } from '../quota/types.ts';
import { openQuotaBackend } from '../redis/open-quota-backend.ts';
import { logStoreErrors, openCheckedStore, type Store } from '../store/open.ts';
import type { WiringContext } from './context.ts';
import { ProcessSharing } from './process-sharing.ts';

/**
 * The service counts a request when it arrives, the limiter when it is sent. Transit times vary,
 * so two requests sent exactly a minute apart can arrive less than a minute apart and draw a 429;
 * one second of margin (under 2 % of the budget) absorbs that.
 */
export const RATE_WINDOW_MS = 61_000;

export interface Foundation {
  store: Store;
  sharing: ProcessSharing;
  limiter: RateLimiter;
  mediaClient: MediaClient;
  /** The jobs namespace, and the lock its writers share (across processes on Redis). */
  jobsKeyv: ReturnType<Store['namespace']>;
  jobsLock: KeyedLock;
  presence: Awaited<ReturnType<ProcessSharing['startPresence']>>;
  shardClaims: ReturnType<ProcessSharing['shardClaims']>;
  /** The money, with the spend metrics' hooks. */
  quota: QuotaService;
  quotaAdmin: QuotaAdmin;
  quotaLedger: QuotaLedger;
  /** The admins' dashboard's reads (the web side's). */
  quotaDashboard: ServerDashboard;
  timings: ModelTimings;
  catalog: ModelCatalog;
}

export async function openFoundation(
  config: Readonly<Config>,
  o: WiringContext & {
    /** Every answer of the service, after the metrics have it (the alerts' 401 and 402). */
    onExchange: (exchange: Exchange) => void;
  },
): Promise<Foundation> {
  const { clock, logger, media, closers, metrics } = o;
  const logStoreError = logStoreErrors(logger);
  const store = await openCheckedStore(config.storeUrl, {
    log: logger,
    onError: (err, namespace) => {
      logStoreError?.(err, namespace);
      metrics.storeError(namespace);
    },
  });
  closers.add('the store', () => store.close());
  // On Redis, what the processes share besides the store: the request budget, the poller's lease,
  // delivery claims and the jobs' lock (process-sharing.ts). Its close ends its presence and
  // remote cancel too.
  const sharing = await ProcessSharing.open(config.storeUrl, logger, config.leases);
  closers.add('what the processes share', () => sharing.close());

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
      o.onExchange(exchange);
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
  // Released after the Discord client is destroyed (it is opened after this): no session is left
  // connected as a shard given up.
  if (shardClaims) closers.add('the shard claims', () => shardClaims.release());

  // The money, the admins' changes and the ledger's reads, over the same transactions (quota/create.ts).
  const {
    service: quotaService,
    admin: quotaAdmin,
    ledger: quotaLedger,
    dashboard: quotaDashboard,
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

  return {
    store,
    sharing,
    limiter,
    mediaClient,
    jobsKeyv,
    jobsLock,
    presence,
    shardClaims,
    quota,
    quotaAdmin,
    quotaLedger,
    quotaDashboard,
    timings,
    catalog,
  };
}
