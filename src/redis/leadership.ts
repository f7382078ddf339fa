/**
 * Leadership of one role (the poller) among several processes: whoever holds the lease leads,
 * renews it every `renewMs`, and steps down the moment a renewal fails or says the lease is gone
 * (another process took it after it lapsed). A process that is not the leader tries to take the
 * lease at the same pace, so a dead leader is replaced within `ttlMs + renewMs`.
 *
 * `onChange(true)` is called when this process becomes the leader (with the grant's fencing
 * token), `onChange(false)` when it stops being it; a stop gives the lease up at once so that
 * another process takes over without waiting for it to lapse.
 */
import type { Logger } from '../log.ts';
import type { LeaseGrant, RedisLeases } from './lease.ts';

export interface LeadershipOptions {
  leases: RedisLeases;
  /** The role's name: one leader per name. */
  name: string;
  /** A leader that stops renewing loses the lease after this long (wall ms). Default 10 s. */
  ttlMs?: number;
  /** How often the leader renews and the others try (wall ms). Default a third of ttlMs. */
  renewMs?: number;
  onChange(leading: boolean, grant: LeaseGrant | undefined): void;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export class Leadership {
  private grant: LeaseGrant | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private ticking: Promise<void> = Promise.resolve();
  private readonly ttlMs: number;
  private readonly renewMs: number;

  private readonly o: LeadershipOptions;

  constructor(o: LeadershipOptions) {
    this.o = o;
    this.ttlMs = o.ttlMs ?? 10_000;
    this.renewMs = o.renewMs ?? Math.floor(this.ttlMs / 3);
  }

  get leading(): boolean {
    return this.grant !== undefined;
  }

  /** Starts trying for the lease; resolves after the first try. */
  async start(): Promise<void> {
    this.running = true;
    await this.tick();
  }

  /** Stops, giving the lease up when held. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.ticking;
    const grant = this.grant;
    if (!grant) return;
    this.step(undefined);
    await this.o.leases.release(this.o.name, grant).catch((err: unknown) => {
      this.o.logger?.warn({ err, name: this.o.name }, 'could not give up a lease; it lapses on its own');
    });
  }

  private tick(): Promise<void> {
    this.ticking = this.round().finally(() => {
      if (this.running) this.timer = setTimeout(() => void this.tick(), this.renewMs);
    });
    return this.ticking;
  }

  private async round(): Promise<void> {
    try {
      if (this.grant) {
        const kept = await this.o.leases.renew(this.o.name, this.grant, this.ttlMs);
        if (!kept) {
          this.o.logger?.warn({ name: this.o.name }, 'lost the lease to another process');
          this.step(undefined);
        }
      } else {
        const grant = await this.o.leases.acquire(this.o.name, this.ttlMs);
        if (grant && this.running) this.step(grant);
      }
    } catch (err) {
      // Without Redis this process cannot know it still leads: it steps down (fails closed), and
      // whoever reaches Redis next takes over once the lease lapses.
      this.o.logger?.warn({ err, name: this.o.name }, 'cannot reach the lease; not leading');
      this.step(undefined);
    }
  }

  private step(grant: LeaseGrant | undefined): void {
    const was = this.grant !== undefined;
    this.grant = grant;
    if (was !== (grant !== undefined)) {
      this.o.logger?.info(
        { name: this.o.name, leading: grant !== undefined, token: grant?.token },
        'leadership',
      );
      this.o.onChange(grant !== undefined, grant);
    }
  }
}
