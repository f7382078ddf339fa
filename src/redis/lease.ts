/**
 * Leases in Redis: a named right held by one process at a time for a limited time, renewed while
 * the holder lives and taken over by another once it lapses (a killed holder never releases).
 * Every grant carries a fencing token, a number that only grows per name, so that work done under
 * a lease that has since lapsed can be told apart from the current holder's (a stale holder
 * presents a smaller token).
 *
 * Used for the poller's leadership (one process polls) and for RedisKeyedLock (locks.ts's
 * interface across processes). Scripts keep each check-and-set atomic.
 */
import { randomUUID } from 'node:crypto';
import type { RedisScripting } from './rate-limiter.ts';

/** KEYS: 1 holder, 2 fencing counter. ARGV: owner, ttl ms. Returns the token, or 0 when held by another. */
const ACQUIRE = `
local current = redis.call('GET', KEYS[1])
if current then
  local owner, token = string.match(current, '^(.*)|(%d+)$')
  if owner == ARGV[1] then
    redis.call('PEXPIRE', KEYS[1], ARGV[2])
    return tonumber(token)
  end
  return 0
end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. token, 'PX', ARGV[2])
return token
`;

/** KEYS: 1 holder. ARGV: owner|token, ttl ms. 1 when still held and extended, 0 when lost. */
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
`;

/** KEYS: 1 holder. ARGV: owner|token. Deletes only one's own lease. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export interface LeaseGrant {
  /** Grows with every new grant of this name: larger is newer. */
  token: number;
  /** Who holds it: this process, or one holder within it (a lock call). */
  owner: string;
}

export class RedisLeases {
  /** This process's identity as a holder. */
  readonly owner = randomUUID();

  private readonly redis: RedisScripting;
  private readonly prefix: string;

  constructor(redis: RedisScripting, prefix = 'lease') {
    this.redis = redis;
    this.prefix = prefix;
  }

  /** Takes the lease when free (or already ours: then extends it); undefined when another holds it. */
  async acquire(name: string, ttlMs: number, owner: string = this.owner): Promise<LeaseGrant | undefined> {
    const token = Number(
      await this.redis.eval(ACQUIRE, {
        keys: [this.holderKey(name), `${this.prefix}:${name}:fence`],
        arguments: [owner, String(Math.ceil(ttlMs))],
      }),
    );
    return token > 0 ? { token, owner } : undefined;
  }

  /** Extends a lease still held under this grant; false when it lapsed (and perhaps went to another). */
  async renew(name: string, grant: LeaseGrant, ttlMs: number): Promise<boolean> {
    const kept = await this.redis.eval(RENEW, {
      keys: [this.holderKey(name)],
      arguments: [`${grant.owner}|${grant.token}`, String(Math.ceil(ttlMs))],
    });
    return Number(kept) === 1;
  }

  /** Gives the lease up at once (a graceful stop), so another process need not wait for it to lapse. */
  async release(name: string, grant: LeaseGrant): Promise<void> {
    await this.redis.eval(RELEASE, {
      keys: [this.holderKey(name)],
      arguments: [`${grant.owner}|${grant.token}`],
    });
  }

  /** Whether anyone holds the lease now. */
  async held(name: string): Promise<boolean> {
    const exists = await this.redis.eval(`return redis.call('EXISTS', KEYS[1])`, {
      keys: [this.holderKey(name)],
      arguments: [],
    });
    return Number(exists) === 1;
  }

  private holderKey(name: string): string {
    return `${this.prefix}:${name}`;
  }
}
