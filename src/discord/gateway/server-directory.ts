/**
 * A server's channels and roles for the dashboard's pickers (results/server-access.ts's
 * ServerDirectory), in the order a member sees them in Discord, from either of the two places the
 * bot reads a server: the gateway's cache (discord.js's Guild) or Discord's REST answers (another
 * process's shard). Both are reduced to the same plain rows first, so the order is decided once.
 */
import { type APIChannel, type APIRole, ChannelType, type Guild } from 'discord.js';
import type { ServerChannel, ServerDirectory, ServerRole } from '../../results/server-access.ts';

/** The channels a slash command can be used in: no categories, forums, media channels or threads. */
const KINDS: ReadonlyMap<number, ServerChannel['kind']> = new Map([
  [ChannelType.GuildText, 'text'],
  [ChannelType.GuildAnnouncement, 'announcement'],
  [ChannelType.GuildVoice, 'voice'],
  [ChannelType.GuildStageVoice, 'stage'],
]);

/** A channel as both sources give it. */
export interface ChannelRow {
  id: string;
  name: string;
  type: number;
  position: number;
  parentId: string | null;
}

/** A role as both sources give it. */
export interface RoleRow {
  id: string;
  name: string;
  position: number;
  managed: boolean;
}

/** The directory of a server of this process's shards, from the gateway's cache. */
export function directoryFromCache(guild: Guild): ServerDirectory {
  return directoryOf(
    guild.id,
    // The cache holds the server's threads too; their types are not among KINDS.
    guild.channels.cache.map((c) => ({
      id: c.id,
      name: c.name,
      type: c.type,
      position: 'rawPosition' in c ? c.rawPosition : 0,
      parentId: c.parentId,
    })),
    guild.roles.cache.map((r) => ({ id: r.id, name: r.name, position: r.rawPosition, managed: r.managed })),
  );
}

/** The directory of another shard's server, from GET /guilds/{id}/channels and the roles of GET /guilds/{id}. */
export function directoryFromApi(
  guildId: string,
  channels: readonly APIChannel[],
  roles: readonly APIRole[],
): ServerDirectory {
  return directoryOf(
    guildId,
    channels.map((c) => ({
      id: c.id,
      name: c.name ?? '',
      type: c.type,
      position: 'position' in c ? c.position : 0,
      parentId: 'parent_id' in c ? (c.parent_id ?? null) : null,
    })),
    roles.map((r) => ({ id: r.id, name: r.name, position: r.position, managed: r.managed })),
  );
}

/**
 * Discord's order: the channels outside any category first, then each category's by the
 * category's position; within one, text-like channels before voice-like ones (as Discord's client
 * and discord.js's calculatedPosition list them), each by position, then by id (the older first,
 * for equal positions). Roles: the highest first, the older first among equals (discord.js's
 * Role.comparePositions); @everyone (the server's id) is not a role anyone is given.
 */
export function directoryOf(
  guildId: string,
  channels: readonly ChannelRow[],
  roles: readonly RoleRow[],
): ServerDirectory {
  const categories = new Map(
    channels.filter((c) => c.type === ChannelType.GuildCategory).map((c) => [c.id, c] as const),
  );
  const usable = channels.filter((c) => KINDS.has(c.type));
  const groupOf = (c: ChannelRow) => (c.parentId ? categories.get(c.parentId) : undefined);
  const voiceLike = (c: ChannelRow) =>
    c.type === ChannelType.GuildVoice || c.type === ChannelType.GuildStageVoice;
  usable.sort((a, b) => {
    const ga = groupOf(a);
    const gb = groupOf(b);
    if (ga !== gb) {
      if (!ga) return -1;
      if (!gb) return 1;
      return byPositionThenId(ga, gb);
    }
    return Number(voiceLike(a)) - Number(voiceLike(b)) || byPositionThenId(a, b);
  });
  return {
    channels: usable.map((c, i) => ({
      id: c.id,
      name: c.name,
      kind: KINDS.get(c.type) ?? 'text',
      category: groupOf(c)?.name ?? null,
      position: i,
    })),
    roles: roles
      .filter((r) => r.id !== guildId)
      .sort((a, b) => b.position - a.position || compareIds(a.id, b.id))
      .map((r): ServerRole => ({ id: r.id, name: r.name, managed: r.managed })),
  };
}

function byPositionThenId(a: { position: number; id: string }, b: { position: number; id: string }): number {
  return a.position - b.position || compareIds(a.id, b.id);
}

/** Snowflakes by age: as numbers, which their strings are not (a shorter one is older). */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
