/**
 * Delivery claimed once per job across processes (jobs/delivery-claim.ts's DeliveryClaims): a lease in
 * Redis per generation id, owned by this process, renewed in the background while the delivery
 * runs, so a process that dies mid-delivery loses the claim within `ttlMs` and the poller's leader
 * delivers the job. The lease's fencing token is the claim's: delivery records it on the job and
 * refuses to record the job done under a smaller one.
 *
 * The owner is this process (not one call): a retry of this process re-takes its own claim, kept
 * through the retry's wait. Calls for one job within a process are already one at a time
 * (Delivery runs each job's steps in order).
 */
import type { DeliveryClaim, DeliveryClaims } from '../jobs/delivery-claim.ts';
import type { Logger } from '../log.ts';
import type { RedisLeases } from './lease.ts';

export interface RedisDeliveryClaimsOptions {
  leases: RedisLeases;
  /** A claim whose holder stops renewing it lapses after this long (wall ms). Default 15 s. */
  ttlMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

export class RedisDeliveryClaims implements DeliveryClaims {
  private readonly ttlMs: number;

  private readonly o: RedisDeliveryClaimsOptions;

  constructor(o: RedisDeliveryClaimsOptions) {
    this.o = o;
    this.ttlMs = o.ttlMs ?? 15_000;
  }

  async claim(generationId: string): Promise<DeliveryClaim | undefined> {
    const { leases, logger } = this.o;
    const name = `delivery:${generationId}`;
    const ttlMs = this.ttlMs;
    const grant = await leases.acquire(name, ttlMs);
    if (!grant) return undefined;
    let renewing: NodeJS.Timeout | undefined = setInterval(() => {
      leases.renew(name, grant, ttlMs).then(
        (kept) => {
          if (!kept) stopRenewing();
        },
        (err: unknown) => logger?.warn({ err, generationId }, 'could not renew a delivery claim'),
      );
    }, ttlMs / 3);
    // A delivery in progress does not keep a stopping process alive.
    renewing.unref();
    const stopRenewing = () => {
      clearInterval(renewing);
      renewing = undefined;
    };
    return {
      token: grant.token,
      async stillHeld() {
        const kept = await leases.renew(name, grant, ttlMs);
        if (!kept) stopRenewing();
        return kept;
      },
      async keepFor(ms) {
        stopRenewing();
        await leases.renew(name, grant, ms);
      },
      async release() {
        stopRenewing();
        await leases.release(name, grant);
      },
    };
  }
}
