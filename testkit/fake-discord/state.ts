import { randomBytes } from 'node:crypto';
import {
  type APIApplicationCommand,
  type APIAuthorizingIntegrationOwnersMap,
  type APIChannel,
  type APIMessage,
  type APIOverwrite,
  type APIRole,
  type APIUser,
  type ChannelFlags,
  ChannelType,
  Locale,
  OverwriteType,
  PermissionFlagsBits,
  type RoleFlags,
  type UserFlags,
} from 'discord.js';
import { AttachmentLinks } from './attachment-links.ts';
import { OAuthGrants } from './oauth-grants.ts';
import { FakeStore } from './store.ts';
import type {
  FakeChannelSpec,
  FakeDiscord,
  FakeGuildSpec,
  FakeModal,
  StartFakeDiscordOptions,
} from './types.ts';

const DISCORD_EPOCH = 1_420_070_400_000n;
let increment = 0n;

/** A snowflake for now: unique within the process and readable by discord.js (createdTimestamp etc.). */
export function snowflake(at = Date.now()): string {
  increment = (increment + 1n) & 0xfffn;
  return (((BigInt(at) - DISCORD_EPOCH) << 22n) | (1n << 17n) | increment).toString();
}

/** A random token as long as Discord's interaction tokens. */
export function randomToken(bytes = 96): string {
  return randomBytes(bytes).toString('base64url');
}

export const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

const P = PermissionFlagsBits;
/** Roughly what the everyday @everyone role allows. */
export const DEFAULT_EVERYONE_PERMISSIONS =
  P.ViewChannel |
  P.SendMessages |
  P.SendMessagesInThreads |
  P.CreatePublicThreads |
  P.EmbedLinks |
  P.AttachFiles |
  P.AddReactions |
  P.ReadMessageHistory |
  P.UseApplicationCommands |
  P.UseExternalEmojis;
/** What a bot invite typically grants the bot's managed role. */
export const DEFAULT_BOT_PERMISSIONS =
  DEFAULT_EVERYONE_PERMISSIONS | P.ManageThreads | P.CreatePrivateThreads | P.ManageMessages;

export interface FakeMember {
  user: APIUser;
  roles: string[];
  /** Overrides the computed permissions in interactions. */
  permissions?: string;
  /** The member's nickname in the server. */
  nick?: string;
  joinedAt: string;
}

export interface FakeGuild {
  id: string;
  name: string;
  ownerId: string;
  roles: APIRole[];
  members: Map<string, FakeMember>;
  channelIds: string[];
  botRoleId: string;
  createdAt: string;
  systemChannelId: string | null;
  preferredLocale: string;
  /** The icon's hash. */
  icon: string | null;
}

export interface FakeChannel {
  api: APIChannel;
  guildId: string | null;
  /** The text channel a thread lives in. */
  parentId: string | null;
  canCreateThreads: boolean;
  overwrites: APIOverwrite[];
}

export interface StoredMessage {
  api: APIMessage;
  ephemeral: boolean;
  deleted: boolean;
}

export interface FakeInteraction {
  id: string;
  token: string;
  type: number;
  channelId: string;
  guildId: string | null;
  user: APIUser;
  commandName: string | null;
  /** ApplicationCommandType of a command interaction (1 chat input, 3 message context menu). */
  commandType: number | null;
  /** The message a component interaction sits on. */
  componentMessageId: string | null;
  attachmentSizeLimit: number;
  authorizingIntegrationOwners: APIAuthorizingIntegrationOwnersMap;
  acknowledged: boolean;
  ackType: number | null;
  originalMessageId: string | null;
  followUpIds: string[];
  expired: boolean;
  /** The modal the bot opened in answer (type 9 callback's `data`), if it did. */
  modal: FakeModal | null;
}

export interface StoredFile {
  filename: string;
  contentType: string;
  data: Buffer;
  channelId: string;
  /** The message it was uploaded with; the link is refreshed only while that message still lists it. */
  messageId: string;
}

/** Everything the fake Discord knows: the world both the gateway and REST read and change. */
export class FakeState {
  readonly applicationId: string;
  readonly botUserId: string;
  readonly botToken: string;
  readonly botUser: APIUser;
  readonly heartbeatIntervalMs: number;
  readonly recommendedShards: number;
  /** The fake's clock (the test's, when given): what expires (OAuth2 codes and tokens, attachment links) reads it. */
  readonly now: () => number;
  /** The OAuth2 authorization server: consent requests, codes, tokens, who is signed in. */
  readonly oauth: OAuthGrants;
  /** Signs and checks the attachment links, as Discord's CDN does. */
  readonly links: AttachmentLinks;
  baseUrl = '';
  gatewayUrl = '';
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();
  readonly users = new Map<string, APIUser>();
  /** A user's Discord language (GET /users/@me's `locale`) when a test set one; en-US otherwise. */
  readonly userLocales = new Map<string, string>();
  readonly messages = new Map<string, StoredMessage>();
  readonly channelMessageIds = new Map<string, string[]>();
  readonly interactions = new Map<string, FakeInteraction>();
  readonly files = new Map<string, StoredFile>();
  globalCommands: APIApplicationCommand[] = [];
  readonly guildCommands = new Map<string, APIApplicationCommand[]>();
  /** Ids handed out for commands used in interactions but never registered, stable per name. */
  readonly unregisteredCommandIds = new Map<string, string>();
  /** The application's store: its SKUs and the entitlements bought. */
  readonly store: FakeStore;

  constructor(opts: StartFakeDiscordOptions) {
    this.applicationId = opts.applicationId ?? snowflake();
    this.botUserId = opts.botUserId ?? this.applicationId;
    this.botToken =
      opts.botToken ??
      `${Buffer.from(this.botUserId).toString('base64url')}.${randomToken(4)}.${randomToken(27)}`;
    this.heartbeatIntervalMs = opts.heartbeatIntervalMs ?? 41_250;
    this.store = new FakeStore(this.applicationId, opts.skus ?? [], () => snowflake());
    this.recommendedShards = opts.recommendedShards ?? 1;
    const clock = opts.clock;
    this.now = clock ? () => clock.now() : Date.now;
    this.oauth = new OAuthGrants(this.applicationId, opts.clientSecret ?? randomToken(24), this.now);
    this.links = new AttachmentLinks(() => this.baseUrl, this.now, opts.attachmentLinkLifetimeMs);
    this.botUser = {
      ...this.userObject(this.botUserId, opts.botUsername ?? 'Fake Bot'),
      bot: true,
      verified: true,
      mfa_enabled: false,
      flags: 0 as UserFlags,
    };
    this.users.set(this.botUserId, this.botUser);
    for (const spec of opts.guilds ?? []) this.addGuild(spec);
  }

  /** A user object, remembered so later lookups return the same name. */
  user(id: string, username?: string): APIUser {
    const known = this.users.get(id);
    if (known && (username === undefined || known.username === username)) return known;
    const user = this.userObject(id, username ?? known?.username ?? `user${id.slice(-4)}`);
    this.users.set(id, user);
    return user;
  }

  private userObject(id: string, username: string): APIUser {
    return {
      id,
      username,
      discriminator: '0',
      global_name: username,
      avatar: null,
      public_flags: 0 as UserFlags,
    };
  }

  addGuild(spec: FakeGuildSpec): FakeGuild {
    const botRoleId = snowflake();
    const everyone: APIRole = role(
      spec.id,
      '@everyone',
      0,
      spec.everyonePermissions ?? DEFAULT_EVERYONE_PERMISSIONS,
    );
    const botRole: APIRole = {
      ...role(botRoleId, this.botUser.username, 1, spec.botPermissions ?? DEFAULT_BOT_PERMISSIONS),
      managed: true,
      tags: { bot_id: this.botUserId },
    };
    const roles = [
      everyone,
      botRole,
      ...(spec.roles ?? []).map((r, i) => role(r.id, r.name, i + 2, r.permissions ?? '0')),
    ];
    const members = new Map<string, FakeMember>();
    const joinedAt = spec.joinedAt ?? new Date().toISOString();
    members.set(this.botUserId, { user: this.botUser, roles: [botRoleId], joinedAt });
    for (const m of spec.members ?? []) {
      members.set(m.userId, {
        user: this.user(m.userId, m.username),
        roles: m.roles ?? [],
        ...(m.permissions === undefined ? {} : { permissions: m.permissions }),
        ...(m.nick === undefined ? {} : { nick: m.nick }),
        joinedAt,
      });
    }
    const ownerId = spec.ownerId ?? spec.members?.[0]?.userId ?? snowflake();
    const guild: FakeGuild = {
      id: spec.id,
      name: spec.name ?? `Guild ${spec.id}`,
      ownerId,
      roles,
      members,
      channelIds: [],
      botRoleId,
      createdAt: joinedAt,
      systemChannelId: spec.systemChannelId ?? null,
      preferredLocale: spec.preferredLocale ?? Locale.EnglishUS,
      icon: spec.icon ?? null,
    };
    this.guilds.set(spec.id, guild);
    for (const [position, c] of (spec.channels ?? []).entries()) this.addChannel(guild, c, position);
    return guild;
  }

  /**
   * A channel of a guild (not a thread), after the guild's others unless the spec gives its
   * `position`; the bot's overwrite is added when the spec denies it something.
   */
  addChannel(guild: FakeGuild, c: FakeChannelSpec, position = guild.channelIds.length): FakeChannel {
    const canCreateThreads = c.canCreateThreads !== false;
    const botDeny =
      (canCreateThreads ? 0n : P.CreatePublicThreads | P.CreatePrivateThreads) | BigInt(c.botDeny ?? '0');
    const overwrites: APIOverwrite[] = [
      ...(c.overwrites ?? []),
      ...(botDeny === 0n
        ? []
        : [{ id: this.botUserId, type: OverwriteType.Member, allow: '0', deny: String(botDeny) }]),
    ];
    const api = {
      id: c.id,
      type: (c.type ?? ChannelType.GuildText) as ChannelType.GuildText,
      guild_id: guild.id,
      name: c.name ?? `channel-${c.id.slice(-4)}`,
      position: c.position ?? position,
      permission_overwrites: overwrites,
      nsfw: c.nsfw ?? false,
      topic: null,
      last_message_id: null,
      rate_limit_per_user: 0,
      parent_id: c.parentId ?? null,
      default_auto_archive_duration: 1440,
      flags: 0 as ChannelFlags,
    } satisfies APIChannel;
    const channel: FakeChannel = { api, guildId: guild.id, parentId: null, canCreateThreads, overwrites };
    this.channels.set(c.id, channel);
    guild.channelIds.push(c.id);
    return channel;
  }

  /** The channel, or a DM channel with the user created on first use. */
  dmChannel(channelId: string, user: APIUser): FakeChannel {
    const known = this.channels.get(channelId);
    if (known) return known;
    const channel: FakeChannel = {
      api: {
        id: channelId,
        type: ChannelType.DM,
        name: null,
        recipients: [user],
        last_message_id: null,
        flags: 0 as ChannelFlags,
      },
      guildId: null,
      parentId: null,
      canCreateThreads: false,
      overwrites: [],
    };
    this.channels.set(channelId, channel);
    return channel;
  }

  /** Permissions of a member (by role ids) in a guild channel, as Discord computes them. */
  permissions(guildId: string, userId: string, roleIds: readonly string[], channelId?: string): bigint {
    const guild = this.guilds.get(guildId);
    if (!guild) return 0n;
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    let base = 0n;
    for (const r of guild.roles) {
      if (r.id === guild.id || roleIds.includes(r.id)) base |= BigInt(r.permissions);
    }
    if (base & P.Administrator) return ALL_PERMISSIONS;
    const channel = channelId ? this.channels.get(channelId) : undefined;
    const overwriteSource = channel?.parentId ? this.channels.get(channel.parentId) : channel;
    const overwrites = overwriteSource?.overwrites ?? [];
    const apply = (o: APIOverwrite | undefined) => {
      if (o) base = (base & ~BigInt(o.deny)) | BigInt(o.allow);
    };
    apply(overwrites.find((o) => o.id === guild.id));
    let roleDeny = 0n;
    let roleAllow = 0n;
    for (const o of overwrites) {
      if (o.type === OverwriteType.Role && o.id !== guild.id && roleIds.includes(o.id)) {
        roleDeny |= BigInt(o.deny);
        roleAllow |= BigInt(o.allow);
      }
    }
    base = (base & ~roleDeny) | roleAllow;
    apply(overwrites.find((o) => o.type === OverwriteType.Member && o.id === userId));
    return base;
  }

  botPermissions(guildId: string, channelId?: string): bigint {
    const guild = this.guilds.get(guildId);
    return this.permissions(guildId, this.botUserId, guild ? [guild.botRoleId] : [], channelId);
  }

  storeMessage(api: APIMessage, ephemeral: boolean): StoredMessage {
    const stored: StoredMessage = { api, ephemeral, deleted: false };
    this.messages.set(api.id, stored);
    if (!ephemeral) {
      const ids = this.channelMessageIds.get(api.channel_id) ?? [];
      ids.push(api.id);
      this.channelMessageIds.set(api.channel_id, ids);
      const channel = this.channels.get(api.channel_id);
      if (channel && 'last_message_id' in channel.api) channel.api.last_message_id = api.id;
    }
    return stored;
  }

  /** A non-deleted message in a channel; ephemeral ones only when asked (webhook routes see them). */
  message(channelId: string | null, messageId: string, includeEphemeral = false): StoredMessage | undefined {
    const stored = this.messages.get(messageId);
    if (!stored || stored.deleted) return undefined;
    if (channelId !== null && stored.api.channel_id !== channelId) return undefined;
    if (stored.ephemeral && !includeEphemeral) return undefined;
    return stored;
  }

  /** A stored file whose message still exists and still lists it (what Discord refreshes links of). */
  liveFile(attachmentId: string): StoredFile | undefined {
    const file = this.files.get(attachmentId);
    const message = file ? this.messages.get(file.messageId) : undefined;
    if (!message || message.deleted || !message.api.attachments.some((a) => a.id === attachmentId)) {
      return undefined;
    }
    return file;
  }

  channelMessages(channelId: string): APIMessage[] {
    return (this.channelMessageIds.get(channelId) ?? []).flatMap((id) => {
      const stored = this.messages.get(id);
      return stored && !stored.deleted ? [stored.api] : [];
    });
  }
}

function role(id: string, name: string, position: number, permissions: bigint | string): APIRole {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: String(permissions),
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

const states = new WeakMap<FakeDiscord, FakeState>();

export function registerState(fake: FakeDiscord, state: FakeState): void {
  states.set(fake, state);
}

/** The world behind a fake; the payload builders need it to fill in channels, members and permissions. */
export function stateOf(fake: FakeDiscord): FakeState {
  const state = states.get(fake);
  if (!state) throw new Error('not a FakeDiscord returned by startFakeDiscord()');
  return state;
}
