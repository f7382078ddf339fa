/**
 * The shard count every bot process on one Redis runs. Shard claims are per shard id
 * (redis/shard-claims.ts), and a server's shard depends on the count (`(id >> 22) % count`): a
 * process started with another count would serve servers that others already serve, even with shard
 * ids no one else claims (shard 2 of 3 beside shards 0 and 1 of 2). So each running process also
 * advertises its count in one hash, `shards:count`: the count, and one field per live process with
 * the time its entry lapses (renewed while it runs, removed when it stops). A process may join only
 * when every live entry is on its count; the check and the join are one script, so two processes
 * starting at once with different counts cannot both join. Once every process has stopped (or
 * died, and its entry lapsed) the count may change.
 *
 * Times are Redis's own (`TIME`), so processes on hosts whose clocks disagree still agree on what
 * has lapsed.
 */
import type { Logger } from '../log.ts';
import type { RedisScripting } from './rate-limiter.ts';

export const SHARD_COUNT_KEY = 'shards:count';

/**
 * KEYS: 1 the hash. ARGV: owner, count, ttl ms. Drops lapsed entries; returns 0 when this process
 * joined (or renewed) on its count, else the count of the live processes it disagrees with.
 */
const JOIN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local mine = 'p:' .. ARGV[1]
local expires = now + tonumber(ARGV[3])
local latest = expires
local others = 0
local entries = redis.call('HGETALL', KEYS[1])
for i = 1, #entries, 2 do
  local field = entries[i]
  if string.sub(field, 1, 2) == 'p:' and field ~= mine then
    local until_ms = tonumber(entries[i + 1])
    if until_ms <= now then
      redis.call('HDEL', KEYS[1], field)
    else
      others = others + 1
      if until_ms > latest then latest = until_ms end
    end
  end
end
local current = redis.call('HGET', KEYS[1], 'count')
if others > 0 and current and current ~= ARGV[2] then return tonumber(current) end
redis.call('HSET', KEYS[1], 'count', ARGV[2], mine, expires)
redis.call('PEXPIREAT', KEYS[1], latest)
return 0
`;

/** KEYS: 1 the hash. ARGV: owner. Removes this process's entry, and the hash with the last one. */
const LEAVE = `
redis.call('HDEL', KEYS[1], 'p:' .. ARGV[1])
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(field, 1, 2) == 'p:' then return 0 end
end
redis.call('DEL', KEYS[1])
return 1
`;

export class ShardCount {
  private timer: NodeJS.Timeout | undefined;
  private joined = false;
  private renewing: Promise<void> = Promise.resolve();

  private readonly redis: RedisScripting;
  private readonly owner: string;
  private readonly count: number;
  private readonly ttlMs: number;
  private readonly logger: Pick<Logger, 'warn' | 'error'>;

  constructor(
    redis: RedisScripting,
    owner: string,
    count: number,
    ttlMs: number,
    logger: Pick<Logger, 'warn' | 'error'>,
  ) {
    this.redis = redis;
    this.owner = owner;
    this.count = count;
    this.ttlMs = ttlMs;
    this.logger = logger;
  }

  /**
   * Joins the processes on this count, and keeps the entry renewed: undefined when joined, else
   * the other count that live processes run (this process then holds nothing).
   */
  async join(): Promise<number | undefined> {
    const other = await this.tryJoin();
    if (other !== undefined) return other;
    this.joined = true;
    this.schedule();
    return undefined;
  }

  /** Removes this process's entry at once (a stop), so that a new count need not wait for it to lapse. */
  async leave(): Promise<void> {
    const joined = this.joined;
    this.joined = false;
    clearTimeout(this.timer);
    // A renewal under way would write the entry back after it was removed.
    await this.renewing;
    if (!joined) return;
    await this.redis
      .eval(LEAVE, { keys: [SHARD_COUNT_KEY], arguments: [this.owner] })
      .catch((err: unknown) =>
        this.logger.warn({ err }, 'could not withdraw the shard count; it lapses on its own'),
      );
  }

  private async tryJoin(): Promise<number | undefined> {
    const answer = Number(
      await this.redis.eval(JOIN, {
        keys: [SHARD_COUNT_KEY],
        arguments: [this.owner, String(this.count), String(Math.ceil(this.ttlMs))],
      }),
    );
    return answer === 0 ? undefined : answer;
  }

  private schedule(): void {
    this.timer = setTimeout(
      () => {
        this.renewing = this.renew();
      },
      Math.max(10, Math.floor(this.ttlMs / 3)),
    );
  }

  private async renew(): Promise<void> {
    try {
      const other = await this.tryJoin();
      // Only after this process's entry lapsed (Redis unreachable for longer than the lease) can
      // processes on another count have joined; the gateway sessions stay, so an operator must know.
      if (other !== undefined && this.joined)
        this.logger.error(
          { shardCount: this.count, otherShardCount: other },
          'other bot processes on this Redis now run another shard count',
        );
    } catch (err) {
      this.logger.warn({ err }, 'cannot renew the shard count; retrying');
    }
    if (this.joined) this.schedule();
  }
}
