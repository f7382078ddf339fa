/**
 * Which bot processes on one Redis store are running: each holds a lease named after its id
 * (`lease:process:{id}`), renewed every few seconds while it runs, given up when it stops and
 * lapsed within `ttlMs` when it dies. Recovery asks it before resolving a submission another
 * process saved (jobs/recovery.ts): a live owner may still be waiting to send that POST, and
 * releasing its reservation meanwhile would let a generation go out unpaid.
 */
import type { Logger } from '../log.ts';
import { Leadership } from './leadership.ts';
import type { RedisLeases } from './lease.ts';

export class ProcessPresence {
  /** This process's id: its intents carry it. */
  readonly id: string;
  private readonly own: Leadership;

  private readonly leases: RedisLeases;
  private readonly logger: Pick<Logger, 'info' | 'warn'>;

  constructor(leases: RedisLeases, logger: Pick<Logger, 'info' | 'warn'>, ttlMs = 15_000) {
    this.leases = leases;
    this.logger = logger;
    this.id = leases.owner;
    this.own = new Leadership({
      leases,
      name: `process:${this.id}`,
      ttlMs,
      renewMs: Math.max(10, Math.floor(ttlMs / 3)),
      onChange: () => undefined,
      logger,
    });
  }

  start(): Promise<void> {
    return this.own.start();
  }

  stop(): Promise<void> {
    return this.own.stop();
  }

  /** Whether the process `id` runs; true when Redis cannot say (its submissions are left alone). */
  async alive(id: string): Promise<boolean> {
    // This process's own intents that are not in progress (an unconfirmed submission) are its
    // recovery's to resolve, as on one process.
    if (id === this.id) return false;
    try {
      return await this.leases.held(`process:${id}`);
    } catch (err) {
      this.logger.warn({ err }, 'cannot tell whether another bot process runs; leaving its submissions');
      return true;
    }
  }
}
