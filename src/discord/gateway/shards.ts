/**
 * Which gateway shards this process connects (SHARD_COUNT, SHARD_IDS): discord.js's own sharding
 * within one process, `shards` and `shardCount` of the client. 'auto' asks Discord for its
 * recommendation (GET /gateway/bot) before connecting, so that the shards can be claimed on Redis
 * first (redis/shard-claims.ts).
 */
import type { REST } from 'discord.js';
import { type RESTGetAPIGatewayBotResult, Routes } from 'discord.js';
import type { Config } from '../../config.ts';

export interface ShardPlan {
  /** Shards in all (every process of the bot). */
  count: number;
  /** The ones this process connects. */
  ids: number[];
}

export async function planShards(shards: Config['shards'], rest: REST): Promise<ShardPlan> {
  const count =
    shards.count === 'auto'
      ? Math.max(1, ((await rest.get(Routes.gatewayBot())) as RESTGetAPIGatewayBotResult).shards)
      : shards.count;
  return { count, ids: shards.ids ? [...shards.ids] : Array.from({ length: count }, (_, i) => i) };
}
