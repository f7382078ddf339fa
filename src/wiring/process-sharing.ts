/**
 * What several bot processes on one Redis store share besides the store (docs/operations.md,
 * "Several processes on Redis"): one request budget, the jobs' lock, each process's presence, each job's delivery
 * claim, the poller's lease, and Cancel presses that reach another process. On one process (SQLite)
 * each part is the local one or absent. Apart from app.ts so that app.ts reads as the start and stop
 * sequence, and so that every choice between one process and several is made in one place.
 */
import type { Clock } from '../clock.ts';
import type { Delivery } from '../jobs/delivery.ts';
import type { DeliveryClaims } from '../jobs/delivery-claim.ts';
import type { JobStore } from '../jobs/job-store.ts';
import { LeaderPoller, type PollerLeaseFactory } from '../jobs/leader-poller.ts';
import type { GenerationFollower } from '../jobs/poller.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import { createLocalRateLimiter, type RateLimiter } from '../media/rate-limiter.ts';
import { type Coordination, openCoordination } from '../redis/coordination.ts';
import { RedisDeliveryClaims } from '../redis/delivery-claims.ts';
import { RedisKeyedLock } from '../redis/keyed-lock.ts';
import { Leadership } from '../redis/leadership.ts';
import { RedisLeases } from '../redis/lease.ts';
import { ProcessPresence } from '../redis/process-presence.ts';
import { budgetPrefixFor, createRedisRateLimiter } from '../redis/rate-limiter.ts';
import { RemoteCancel, type RemoteCancelOptions } from '../redis/remote-cancel.ts';
import { ShardClaims } from '../redis/shard-claims.ts';
import { isRedisUrl } from '../store/open.ts';

/** How long (wall ms) a killed process keeps the poller's lease and its shard claims. */
export interface LeaseTtls {
  pollerMs: number;
  shardMs: number;
}

export class ProcessSharing {
  private readonly leases: RedisLeases | undefined;
  private presence: ProcessPresence | undefined;
  private cancels: RemoteCancel | undefined;

  /** The connection the processes coordinate on; absent on one process. */
  private readonly coordination: Coordination | undefined;
  private readonly logger: Logger;
  /** How long a killed process keeps the poller's lease and its shard claims (config.ts). */
  private readonly ttl: LeaseTtls;

  private constructor(coordination: Coordination | undefined, logger: Logger, ttl: LeaseTtls) {
    this.coordination = coordination;
    this.logger = logger;
    this.ttl = ttl;
    this.leases = coordination ? new RedisLeases(coordination.client) : undefined;
  }

  /** On Redis, connects to it for coordination (a Redis that cannot be reached stops the start). */
  static async open(storeUrl: string, logger: Logger, ttl: LeaseTtls): Promise<ProcessSharing> {
    const coordination = isRedisUrl(storeUrl) ? await openCoordination(storeUrl, logger) : undefined;
    return new ProcessSharing(coordination, logger, ttl);
  }

  /** The service's request budget: on Redis one per token for every process, a 429's pause included. */
  rateLimiter(o: { token: string; limit: number; windowMs: number; clock: Clock }): RateLimiter {
    return this.coordination
      ? createRedisRateLimiter({
          redis: this.coordination.client,
          prefix: budgetPrefixFor(o.token),
          limit: o.limit,
          windowMs: o.windowMs,
          clock: o.clock,
          logger: this.logger,
        })
      : createLocalRateLimiter({ limit: o.limit, windowMs: o.windowMs, clock: o.clock });
  }

  /**
   * The lock of jobs, intents and their indexes, changed read-modify-write: on Redis other processes
   * write them too, so their lock is a lease in Redis (the quota's changes are transactions of their own).
   */
  jobsLock(local: KeyedLock): KeyedLock {
    return this.leases ? new RedisKeyedLock({ leases: this.leases, logger: this.logger }) : local;
  }

  /**
   * On Redis: this process is known to be running while it does, so that another's recovery leaves
   * its submissions in progress alone (jobs/recovery.ts). Undefined on one process.
   */
  async startPresence(): Promise<ProcessPresence | undefined> {
    this.presence = this.leases ? new ProcessPresence(this.leases, this.logger) : undefined;
    await this.presence?.start();
    return this.presence;
  }

  /** On Redis: one process per gateway shard, all on one shard count (redis/shard-claims.ts). */
  shardClaims(): ShardClaims | undefined {
    return this.leases && this.coordination
      ? new ShardClaims(this.leases, this.coordination.client, this.logger, { ttlMs: this.ttl.shardMs })
      : undefined;
  }

  /** On Redis any process may deliver (an edit needs only REST), but each job's delivery once. */
  deliveryClaims(): { claims?: DeliveryClaims } {
    return this.leases
      ? { claims: new RedisDeliveryClaims({ leases: this.leases, logger: this.logger }) }
      : {};
  }

  /**
   * On one process it polls; on Redis only the holder of the poller's lease does, following every
   * open job in the store whichever process submitted it (jobs/leader-poller.ts).
   */
  poller(o: {
    createPoller: () => GenerationFollower;
    jobs: JobStore;
    delivery: Delivery;
    clock: Clock;
  }): GenerationFollower {
    const { createPoller, jobs, delivery, clock } = o;
    return this.leases
      ? new LeaderPoller({
          lease: pollerLease(this.leases, this.logger),
          createPoller,
          jobs,
          deliver: (job) => delivery.resume(job),
          delivering: (generationId) => delivery.handling(generationId),
          clock,
          logger: this.logger,
          ttlMs: this.ttl.pollerMs,
        })
      : createPoller();
  }

  /** On Redis a Cancel press may reach another process than the one whose fair queue holds it. */
  remoteCancel(local: RemoteCancelOptions['local']): RemoteCancel | undefined {
    this.cancels = this.coordination
      ? new RemoteCancel({ client: this.coordination.client, local, logger: this.logger })
      : undefined;
    return this.cancels;
  }

  /** Stops what was started, then closes the coordination connection (after the quota's backend, before the store). */
  async close(): Promise<void> {
    await this.cancels?.stop();
    await this.presence?.stop();
    await this.coordination?.close();
  }
}

/** The poller's lease on Redis: renewed three times per ttl, given up at stop. */
export function pollerLease(leases: RedisLeases, logger: Logger): PollerLeaseFactory {
  return ({ name, ttlMs, onChange }) =>
    new Leadership({ leases, name, ttlMs, renewMs: Math.max(10, Math.floor(ttlMs / 3)), logger, onChange });
}
