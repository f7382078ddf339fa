/**
 * Each gateway shard connected by one process. Discord sends a shard's events, interactions
 * included, to every session identified as that shard: two processes running shard 0 would both
 * handle each command there, and the second's "already acknowledged" (40060) reads as a defer
 * that landed (discord/interactions/defer.ts), so both would reserve and submit. On a Redis store each process
 * holds a lease per shard it connects (`lease:shard:{id}`), renewed while it runs; a start that
 * finds one of its shards held by a live process refuses, naming it. A process killed without
 * stopping frees its shards when the leases lapse, so a restart waits that long for them.
 *
 * Before any shard, a process joins the processes on its shard count (redis/shard-count.ts): a
 * server's shard depends on the count, so processes on different counts would serve the same
 * servers twice even with shard ids that do not overlap. A start on another count than live
 * processes run is refused the same way, after the same wait for a dead process's entry to lapse.
 */
import type { Logger } from '../log.ts';
import { Leadership } from './leadership.ts';
import type { RedisLeases } from './lease.ts';
import type { RedisScripting } from './rate-limiter.ts';
import { ShardCount } from './shard-count.ts';

/** A start refused because another live process connects one of this process's shards. */
export class ShardTakenError extends Error {
  override name = 'ShardTakenError';
}

export interface ShardClaimOptions {
  /** A dead holder frees its shards after this long (wall ms). Default 15 s. */
  ttlMs?: number;
  /** How long a start waits for shards held by a process that may have died. Default ttlMs + 2 s. */
  waitMs?: number;
}

export class ShardClaims {
  private readonly held: Leadership[] = [];
  private counted: ShardCount | undefined;

  private readonly leases: RedisLeases;
  /** The connection the leases use: the shard count is a script of its own. */
  private readonly redis: RedisScripting;
  private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  private readonly o: ShardClaimOptions;

  constructor(
    leases: RedisLeases,
    redis: RedisScripting,
    logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    o: ShardClaimOptions = {},
  ) {
    this.leases = leases;
    this.redis = redis;
    this.logger = logger;
    this.o = o;
  }

  /**
   * Claims every shard in `ids` of `count`, or throws ShardTakenError (holding none) when another
   * live process keeps one, or runs another count.
   */
  async claim(ids: readonly number[], count: number): Promise<void> {
    const ttlMs = this.o.ttlMs ?? 15_000;
    const waitMs = this.o.waitMs ?? ttlMs + 2_000;
    const deadline = Date.now() + waitMs;
    await this.joinCount(count, ttlMs, deadline);
    for (const id of ids) {
      const lease = new Leadership({
        leases: this.leases,
        name: `shard:${id}`,
        ttlMs,
        renewMs: Math.max(10, Math.floor(ttlMs / 3)),
        onChange: (leading) => {
          // Lost while running (Redis unreachable past the lease, or taken after it lapsed): the
          // gateway session stays, so an operator must know at once.
          if (!leading && this.held.length > 0)
            this.logger.error(
              { shard: id, shardCount: count },
              'lost the claim of a shard this process connects',
            );
        },
        logger: this.logger,
      });
      this.held.push(lease);
      await lease.start();
    }
    let waiting = this.held.filter((l) => !l.leading);
    while (waiting.length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      waiting = this.held.filter((l) => !l.leading);
    }
    if (waiting.length === 0) return;
    const taken = ids.filter((_, i) => !this.held[i]?.leading);
    await this.release();
    throw new ShardTakenError(
      `shard${taken.length > 1 ? 's' : ''} ${taken.join(', ')} of ${count} ${taken.length > 1 ? 'are' : 'is'} connected by another bot process on this Redis. Give each process its own SHARD_IDS (the same SHARD_COUNT everywhere).`,
    );
  }

  /** Gives every shard up, and the count (at stop, so that a replacement takes them at once). */
  async release(): Promise<void> {
    const all = this.held.splice(0);
    await Promise.all(all.map((l) => l.stop()));
    await this.counted?.leave();
    this.counted = undefined;
  }

  /** Joins the live processes' shard count, waiting until `deadline` for other counts to lapse. */
  private async joinCount(count: number, ttlMs: number, deadline: number): Promise<void> {
    const counted = new ShardCount(this.redis, this.leases.owner, count, ttlMs, this.logger);
    let other = await counted.join();
    while (other !== undefined && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      other = await counted.join();
    }
    if (other !== undefined)
      throw new ShardTakenError(
        `SHARD_COUNT is ${count} here, but the other bot processes on this Redis run ${other} shards: a server's shard depends on the count, so the same servers would be served twice. Start every process with the same SHARD_COUNT (to change it, stop them all first).`,
      );
    this.counted = counted;
  }
}
