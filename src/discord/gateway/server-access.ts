/**
 * Who may see what in a server, as the bot sees it now (results/server-access.ts's port):
 * - the member is asked of Discord (GET /guilds/{id}/members/{user}: the cache keeps no members,
 *   cache-limits.ts) and the answer kept MEMBER_MAX_AGE_MS, so that a role removed a minute ago
 *   counts at the next click, while a member paging through the gallery costs Discord one call
 *   every few seconds, not one a page: every REST call of the bot shares Discord's 50 a second, and
 *   the deliveries need them (the benchmark, at one call a page, served 20 pages a second);
 * - the server's roles and channels with their overwrites come from the gateway's cache when this
 *   process holds the server's shard (the Guilds intent keeps them current), else from Discord's
 *   REST API (several processes, each with its shards: SHARD_IDS), kept a few seconds;
 * - the permission math is view-permissions.ts's;
 * - for the dashboard: the server's channels and roles as above (server-directory.ts orders them as
 *   Discord does), and its members' names and Discord's member search by REST (member-profiles.ts).
 */
import {
  type APIChannel,
  type APIGuild,
  type APIGuildMember,
  type Client,
  type Guild,
  type REST,
  Routes,
  ShardClientUtil,
} from 'discord.js';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import type {
  MemberAccess,
  MemberProfile,
  ServerAccess,
  ServerDirectory,
  ServerSummary,
} from '../../results/server-access.ts';
import { AttachmentLinks } from './attachment-links.ts';
import { displayNameOf, MemberProfiles, profileIds } from './member-profiles.ts';
import { RecentAnswers } from './recent-answers.ts';
import { directoryFromApi, directoryFromCache } from './server-directory.ts';
import { unlessAbsent } from './unless-absent.ts';
import { type ChannelData, type GuildData, memberView } from './view-permissions.ts';

/** How old a member's roles may be when their access is decided (the opts' `fresh` asks again). */
export const MEMBER_MAX_AGE_MS = 5_000;
/** How old another shard's roles and channels may be when a member's access is decided. */
export const REMOTE_GUILD_MAX_AGE_MS = 5_000;
/** How old another shard's server (its name and icon, or that the bot is not in it) may be in a list. */
export const REMOTE_SUMMARY_MAX_AGE_MS = 60_000;
/** Servers and channel lists kept at most. */
const MAX_KEPT = 5_000;

/** Where a server's roles and channels are read. */
type Source = { kind: 'cache'; guild: Guild } | { kind: 'rest' } | { kind: 'absent' };

export class DiscordServerAccess implements ServerAccess {
  private readonly client: Client;
  private readonly logger: Logger;
  private readonly links: AttachmentLinks;
  /** GET /guilds/{id} of servers on other shards; null when the bot is not in it. */
  private readonly guilds: RecentAnswers<APIGuild | null>;
  /** GET /guilds/{id}/channels of servers on other shards. */
  private readonly channels: RecentAnswers<APIChannel[] | null>;
  /** GET /guilds/{id}/members/{user}, by `guild:user`; null when not a member. */
  private readonly members: RecentAnswers<APIGuildMember | null>;
  /** The dashboard's members: kept longer than the access above, they decide nothing. */
  private readonly memberProfiles: MemberProfiles;

  constructor(client: Client, o: { clock: Clock; logger: Logger }) {
    this.client = client;
    this.logger = o.logger;
    this.links = new AttachmentLinks(client.rest, o.clock, o.logger);
    this.guilds = new RecentAnswers(o.clock, MAX_KEPT);
    this.channels = new RecentAnswers(o.clock, MAX_KEPT);
    this.members = new RecentAnswers(o.clock, MAX_KEPT);
    this.memberProfiles = new MemberProfiles(client.rest, o.clock);
  }

  async botServers(guildIds: readonly string[]): Promise<ServerSummary[]> {
    const found = await Promise.all([...new Set(guildIds)].map((id) => this.botServer(id)));
    return found.filter((s): s is ServerSummary => s !== null);
  }

  async memberAccess(
    guildId: string,
    userId: string,
    opts: { fresh?: boolean } = {},
  ): Promise<MemberAccess | null> {
    const source = this.sourceOf(guildId);
    if (source.kind === 'absent') return null;
    const [member, server] = await Promise.all([
      this.members.get(`${guildId}:${userId}`, opts.fresh ? -1 : MEMBER_MAX_AGE_MS, () =>
        fetchMember(this.client.rest, guildId, userId),
      ),
      source.kind === 'cache' ? fromCache(source.guild) : this.fromRest(guildId),
    ]);
    if (!member || !server) return null;
    const view = memberView(server.data, { userId, roleIds: member.roles });
    return {
      server: server.summary,
      displayName: displayNameOf(member),
      viewableChannelIds: view.viewableChannelIds,
      managesServer: view.managesServer,
    };
  }

  refreshUrls(urls: readonly string[]): Promise<Map<string, string>> {
    return this.links.refresh(urls);
  }

  private async botServer(guildId: string): Promise<ServerSummary | null> {
    const source = this.sourceOf(guildId);
    if (source.kind === 'absent') return null;
    if (source.kind === 'cache') return fromCache(source.guild).summary;
    try {
      const guild = await this.guilds.get(guildId, REMOTE_SUMMARY_MAX_AGE_MS, () =>
        unlessAbsent(this.client.rest.get(Routes.guild(guildId)) as Promise<APIGuild>),
      );
      return guild ? this.summaryOf(guild) : null;
    } catch (err) {
      // One server Discord cannot answer for now is left out of the list rather than failing it.
      this.logger.warn({ err, guildId }, 'cannot read a server of another shard');
      return null;
    }
  }

  /** Another shard's server: its roles (with the server) and channels, at most a few seconds old. */
  private async fromRest(guildId: string): Promise<{ summary: ServerSummary; data: GuildData } | null> {
    const [guild, channels] = await Promise.all([this.remoteGuild(guildId), this.remoteChannels(guildId)]);
    if (!guild || !channels) return null;
    return {
      summary: this.summaryOf(guild),
      data: {
        id: guild.id,
        ownerId: guild.owner_id,
        roles: guild.roles.map((r) => ({ id: r.id, permissions: r.permissions })),
        channels: channels.map(
          (c): ChannelData => ({
            id: c.id,
            type: c.type,
            parentId: 'parent_id' in c ? (c.parent_id ?? null) : null,
            overwrites: 'permission_overwrites' in c ? (c.permission_overwrites ?? []) : [],
          }),
        ),
      },
    };
  }

  private summaryOf(guild: APIGuild): ServerSummary {
    return {
      id: guild.id,
      name: guild.name,
      // The URL discord.js gives a cached guild (Guild#iconURL): the same CDN, whatever API is used.
      iconUrl: guild.icon ? this.client.rest.cdn.icon(guild.id, guild.icon) : null,
    };
  }

  /**
   * The cache when this process holds the server; nothing when it holds the server's shard and the
   * server is not in it (the bot is not there); else REST (another process's shard, the server
   * unavailable in an outage, or the gateway not connected yet).
   */
  private sourceOf(guildId: string): Source {
    if (!/^\d{1,20}$/.test(guildId)) return { kind: 'absent' };
    if (!this.client.isReady()) return { kind: 'rest' };
    const guild = this.client.guilds.cache.get(guildId);
    if (guild?.available) return { kind: 'cache', guild };
    if (!guild && this.holdsShardOf(guildId)) return { kind: 'absent' };
    return { kind: 'rest' };
  }

  private holdsShardOf(guildId: string): boolean {
    const { shards, shardCount } = this.client.options;
    // 'auto' (or nothing said): one process connects every shard.
    const held = Array.isArray(shards) ? shards : typeof shards === 'number' ? [shards] : undefined;
    if (!held) return true;
    return held.includes(ShardClientUtil.shardIdForGuildId(guildId, Math.max(1, shardCount ?? 1)));
  }

  /**
   * From the cache when this process holds the server (the Guilds intent keeps its channels and
   * roles current), else GET /guilds/{id}/channels and the roles of GET /guilds/{id} (not
   * /guilds/{id}/roles: the same answer memberAccess keeps, so a dashboard page that checks its
   * admin and lists the pickers asks Discord twice, not three times), kept REMOTE_GUILD_MAX_AGE_MS.
   */
  async directory(guildId: string): Promise<ServerDirectory | null> {
    const source = this.sourceOf(guildId);
    if (source.kind === 'absent') return null;
    if (source.kind === 'cache') return directoryFromCache(source.guild);
    const [guild, channels] = await Promise.all([this.remoteGuild(guildId), this.remoteChannels(guildId)]);
    return guild && channels ? directoryFromApi(guildId, channels, guild.roles) : null;
  }

  /** Members are never in the cache (cache-limits.ts): always REST, kept a minute (member-profiles.ts). */
  async profiles(guildId: string, userIds: readonly string[]): Promise<Map<string, MemberProfile>> {
    // Too many ids is the caller's mistake, refused whether or not Discord would be asked.
    const ids = profileIds(userIds);
    if (this.sourceOf(guildId).kind === 'absent') return new Map();
    return this.memberProfiles.profiles(guildId, ids);
  }

  /**
   * Names as /quota report's CSV writes them: the member's in the server, else (they left) their
   * user's display name (discord.js keeps users it fetched); someone Discord does not know is missing.
   */
  async displayNames(guildId: string, userIds: readonly string[]): Promise<Map<string, string>> {
    const profiles = await this.profiles(guildId, userIds);
    const names = new Map([...profiles].map(([id, p]) => [id, p.displayName]));
    await Promise.all(
      profileIds(userIds)
        .filter((id) => !names.has(id))
        .map(async (id) => {
          const user = await this.client.users.fetch(id).catch(() => undefined);
          if (user) names.set(id, user.displayName);
        }),
    );
    return names;
  }

  /** Discord's member search, by REST for a server of any shard. */
  async searchMembers(guildId: string, query: string, limit: number): Promise<MemberProfile[]> {
    if (this.sourceOf(guildId).kind === 'absent') return [];
    return this.memberProfiles.search(guildId, query, limit);
  }

  private remoteGuild(guildId: string): Promise<APIGuild | null> {
    return this.guilds.get(guildId, REMOTE_GUILD_MAX_AGE_MS, () =>
      unlessAbsent(this.client.rest.get(Routes.guild(guildId)) as Promise<APIGuild>),
    );
  }

  private remoteChannels(guildId: string): Promise<APIChannel[] | null> {
    return this.channels.get(guildId, REMOTE_GUILD_MAX_AGE_MS, () =>
      unlessAbsent(this.client.rest.get(Routes.guildChannels(guildId)) as Promise<APIChannel[]>),
    );
  }
}

/** A server of this process's shards, from the gateway's cache. */
function fromCache(guild: Guild): { summary: ServerSummary; data: GuildData } {
  return {
    summary: { id: guild.id, name: guild.name, iconUrl: guild.iconURL() },
    data: {
      id: guild.id,
      ownerId: guild.ownerId,
      roles: guild.roles.cache.map((r) => ({ id: r.id, permissions: r.permissions.bitfield })),
      channels: guild.channels.cache.map(
        (c): ChannelData => ({
          id: c.id,
          type: c.type,
          parentId: c.parentId,
          overwrites:
            'permissionOverwrites' in c
              ? c.permissionOverwrites.cache.map((o) => ({
                  id: o.id,
                  type: o.type,
                  allow: o.allow.bitfield,
                  deny: o.deny.bitfield,
                }))
              : [],
        }),
      ),
    },
  };
}

/** The member as Discord has them now; null when they (or the bot) are not in the server. */
function fetchMember(rest: REST, guildId: string, userId: string): Promise<APIGuildMember | null> {
  return unlessAbsent(rest.get(Routes.guildMember(guildId, userId)) as Promise<APIGuildMember>);
}
