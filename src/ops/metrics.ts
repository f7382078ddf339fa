/**
 * The bot's Prometheus metrics, on a registry of its own: prom-client's global default registry
 * would make two bots in one process (the tests, the benchmark) share, and refuse, metric names.
 * The rest of the bot never imports prom-client: it reports through the small hooks below
 * (`exchange`, `jobDone`, `charged`, `refunded`, `storeError`) wired in app.ts, and the gauges
 * read their current values from `MetricSources` when scraped, all from memory: a scrape reads
 * nothing from the store.
 *
 * Every label's values are a closed set, each present at zero from the start, so a dashboard's
 * rate() and sum() see a series before its first event. Nothing is labelled by server, member or
 * generation: such a label grows by a series per value for ever. Spend per server is in /balance
 * and the ledger.
 *
 * Money is kept in micro-USD everywhere else; here it is USD (Prometheus wants base units), and
 * only here is it turned into a float.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryRoute } from '../jobs/delivery-ports.ts';
import type { Job } from '../jobs/job.ts';
import type { Exchange } from '../media/client.ts';
import { IN_FLIGHT_STATUSES, type InFlightStatus } from './in-flight.ts';

export const METRIC_PREFIX = 'mediabot_';

/** Current values the gauges read at each scrape. */
export interface MetricSources {
  /** Requests the shared budget would allow right now (RateLimiter.available()). */
  budgetAvailable: () => number;
  /** Submissions waiting for their turn in the fair queue. */
  submissionsWaiting: () => number;
  /** Submissions taken for sending, not answered yet (on their way, or held by the rate limit before a retry). */
  submissionsSending: () => number;
  /** Generations followed here and not delivered yet, by the last status seen (InFlightJobs). */
  jobsInFlight: () => Record<InFlightStatus, number>;
  /** Whether this process follows generations (holds the poller's lease). */
  pollerLeaseHeld: () => boolean;
}

/** Seconds from the service's completion to the result in Discord: 0.5 s up to 5 minutes. */
const LAG_BUCKETS = [0.5, 1, 2, 3, 5, 7.5, 10, 15, 30, 60, 120, 300];
/** Seconds of one request to the service: 25 ms up to the client's 30 s timeout. */
const REQUEST_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Every endpoint the client calls, as its template (MediaClient's `Exchange.endpoint`). */
export const MEDIA_ENDPOINTS = [
  'POST /generations',
  'GET /generations',
  'GET /generations/{id}',
  'GET /models',
  'GET /models/{slug}',
  'GET /account',
  'GET /account/usage',
] as const;
/** The status each endpoint answers when all is well (the series a dashboard's rate() starts from). */
const SUCCESS_STATUS = (endpoint: string) => (endpoint === 'POST /generations' ? '201' : '200');
const DELIVERY_ROUTES: readonly DeliveryRoute[] = ['interaction', 'bot', 'channel', 'none'];
/** The store's namespaces (store.namespace callers, the quota's on Redis included). */
export const STORE_NAMESPACES = [
  'quota',
  'quota-ledger',
  'jobs',
  'health',
  'meta',
  'member-defaults',
  'welcome',
] as const;

export class BotMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'endpoint' | 'status'>;
  private readonly requestSeconds: Histogram<'endpoint' | 'status'>;
  private readonly rateLimited: Counter<'endpoint'>;
  private readonly deliveries: Counter<'route'>;
  private readonly lag: Histogram;
  private readonly spend: Counter;
  private readonly refunds: Counter;
  private readonly storeErrors: Counter<'namespace'>;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    const name = (n: string) => `${METRIC_PREFIX}${n}`;
    // Node's own process figures (CPU, memory, heap, event-loop lag, handles, GC), without prefix:
    // the names every Node dashboard expects.
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: name('media_requests_total'),
      help: 'HTTP exchanges with the Media Generation API, retries included, by endpoint (a template, e.g. "GET /generations/{id}") and status (the HTTP status, or network / timeout when none came back)',
      labelNames: ['endpoint', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: name('media_request_duration_seconds'),
      help: 'Wall seconds of each HTTP exchange with the Media Generation API, from sending to the answer (or the failure), by endpoint and status as in media_requests_total',
      labelNames: ['endpoint', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.rateLimited = new Counter({
      name: name('media_rate_limited_total'),
      help: 'Answers 429 (rate limited) from the Media Generation API, by endpoint',
      labelNames: ['endpoint'],
      registers,
    });
    new Gauge({
      name: name('media_request_budget_available'),
      help: "Requests to the Media Generation API this process's rate limiter would let through right now (of the token's per-minute budget)",
      registers,
      collect() {
        this.set(sources.budgetAvailable());
      },
    });
    new Gauge({
      name: name('submissions_waiting'),
      help: 'Submissions waiting for their turn in the fair queue (reserved, not yet sent to the service)',
      registers,
      collect() {
        this.set(sources.submissionsWaiting());
      },
    });
    new Gauge({
      name: name('submissions_sending'),
      help: 'Submissions taken from the fair queue and not answered by the service yet (on their way, or held by the rate limit before a retry)',
      registers,
      collect() {
        this.set(sources.submissionsSending());
      },
    });
    new Gauge({
      name: name('jobs_in_flight'),
      help: "Generations submitted and not yet delivered, by the service's last known status (completed and failed ones are being delivered)",
      labelNames: ['status'],
      registers,
      collect() {
        const counts = sources.jobsInFlight();
        for (const status of IN_FLIGHT_STATUSES) this.set({ status }, counts[status]);
      },
    });
    this.lag = new Histogram({
      name: name('delivery_lag_seconds'),
      help: "Seconds from the service's completion of a generation to its result in Discord",
      buckets: LAG_BUCKETS,
      registers,
    });
    this.deliveries = new Counter({
      name: name('deliveries_total'),
      help: 'Results delivered, by route: interaction (edit with the interaction token), bot (edit with the bot token, after the interaction token expired), channel (a new message), none (Discord refused; given up)',
      labelNames: ['route'],
      registers,
    });
    this.spend = new Counter({
      name: name('spend_usd_total'),
      help: 'USD charged by the service for generations settled by this process, all servers together (per server: /balance and the ledger)',
      registers,
    });
    this.refunds = new Counter({
      name: name('refunds_usd_total'),
      help: "USD given back to members' allowances for failed generations by this process, all servers together",
      registers,
    });
    this.storeErrors = new Counter({
      name: name('store_errors_total'),
      help: 'Errors from the store (SQLite file or Redis), by namespace',
      labelNames: ['namespace'],
      registers,
    });
    new Gauge({
      name: name('poller_lease_held'),
      help: 'Whether this process follows the generations in flight (holds the poller lease): 1 or 0. Always 1 on SQLite (one process); on Redis 1 in the one process that holds the lease',
      registers,
      collect() {
        this.set(sources.pollerLeaseHeld() ? 1 : 0);
      },
    });

    // Every label set present at zero from the start.
    for (const endpoint of MEDIA_ENDPOINTS) {
      this.requests.inc({ endpoint, status: SUCCESS_STATUS(endpoint) }, 0);
      this.requestSeconds.zero({ endpoint, status: SUCCESS_STATUS(endpoint) });
      this.rateLimited.inc({ endpoint }, 0);
    }
    for (const route of DELIVERY_ROUTES) this.deliveries.inc({ route }, 0);
    for (const namespace of STORE_NAMESPACES) this.storeErrors.inc({ namespace }, 0);
    this.spend.inc(0);
    this.refunds.inc(0);
  }

  /** One exchange with the service (MediaClient's `onExchange`). */
  exchange({ endpoint, status, seconds }: Exchange): void {
    this.requests.inc({ endpoint, status: String(status) });
    this.requestSeconds.observe({ endpoint, status: String(status) }, seconds);
    if (status === 429) this.rateLimited.inc({ endpoint });
  }

  /** A job is done (Delivery's `onDone`): its route and, when delivered, its lag. */
  jobDone(job: Job): void {
    if (job.deliveredVia) this.deliveries.inc({ route: job.deliveredVia });
    if (job.deliveredVia && job.deliveredVia !== 'none' && job.completedAt !== undefined && job.deliveredAt) {
      this.lag.observe(Math.max(0, job.deliveredAt - job.completedAt) / 1000);
    }
  }

  /** A generation's charge was settled (once per generation). */
  charged(micros: number): void {
    if (micros > 0) this.spend.inc(micros / 1_000_000);
  }

  /** A failed generation's charge was given back (once per generation). */
  refunded(micros: number): void {
    if (micros > 0) this.refunds.inc(micros / 1_000_000);
  }

  storeError(namespace: string): void {
    this.storeErrors.inc({ namespace });
  }

  /** The Prometheus text exposition. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
