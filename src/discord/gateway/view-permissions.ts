/**
 * What a member may see in a server, from plain data (the gateway's cache or Discord's REST answers
 * give the same shapes): the channels they can view and whether they manage the server. Discord's
 * documented algorithm (Topics › Permissions, "Permission Hierarchy"):
 * 1. the base: the @everyone role's permissions with every role of the member's added;
 * 2. the owner, or Administrator in the base: everything, everywhere;
 * 3. in each channel: its @everyone overwrite, then the member's roles' overwrites together (every
 *    deny, then every allow), then the member's own overwrite.
 * A channel's overwrites are its own: a category's are copied to a channel when it is synced, never
 * read through its parent. A thread has none: a public one is seen by whoever sees its channel.
 */
import { ChannelType, OverwriteType, PermissionFlagsBits, PermissionsBitField } from 'discord.js';

/** A bitfield as Discord sends it (a decimal string) or as discord.js holds it. */
type Bits = string | bigint;

export interface RoleData {
  id: string;
  permissions: Bits;
}

export interface OverwriteData {
  /** A role's id (the guild's id for @everyone) or a member's. */
  id: string;
  type: OverwriteType;
  allow: Bits;
  deny: Bits;
}

export interface ChannelData {
  id: string;
  type: ChannelType;
  /** A channel's category, or a thread's channel. */
  parentId: string | null;
  overwrites: readonly OverwriteData[];
}

export interface GuildData {
  id: string;
  ownerId: string;
  roles: readonly RoleData[];
  channels: readonly ChannelData[];
}

export interface MemberData {
  userId: string;
  /** The member's roles, @everyone not among them (Discord leaves it out). */
  roleIds: readonly string[];
}

export interface MemberView {
  /** Channels with View Channel (categories included; private threads never: the web lists none). */
  viewableChannelIds: Set<string>;
  /** Manage Server, Administrator or the owner. */
  managesServer: boolean;
}

const THREADS: ReadonlySet<ChannelType> = new Set([
  ChannelType.PublicThread,
  ChannelType.PrivateThread,
  ChannelType.AnnouncementThread,
]);

/** The member's view of the server now. */
export function memberView(guild: GuildData, member: MemberData): MemberView {
  const base = basePermissions(guild, member);
  const everything = guild.ownerId === member.userId || base.has(PermissionFlagsBits.Administrator, false);
  const viewable = new Set<string>();
  for (const channel of guild.channels) {
    if (THREADS.has(channel.type)) continue;
    if (
      everything ||
      channelPermissions(base, guild.id, channel, member).has(PermissionFlagsBits.ViewChannel)
    )
      viewable.add(channel.id);
  }
  // A public thread's audience is its channel's (what it holds is indexed under that channel anyway).
  for (const channel of guild.channels) {
    const publicThread =
      channel.type === ChannelType.PublicThread || channel.type === ChannelType.AnnouncementThread;
    if (publicThread && channel.parentId && viewable.has(channel.parentId)) viewable.add(channel.id);
  }
  return {
    viewableChannelIds: viewable,
    managesServer: everything || base.has(PermissionFlagsBits.ManageGuild, false),
  };
}

/** @everyone's permissions and those of every role the member has. */
function basePermissions(guild: GuildData, member: MemberData): PermissionsBitField {
  const held = new Set(member.roleIds);
  const base = new PermissionsBitField();
  for (const role of guild.roles) {
    if (role.id === guild.id || held.has(role.id)) base.add(BigInt(role.permissions));
  }
  return base;
}

/** The base after one channel's overwrites, in Discord's order. */
function channelPermissions(
  base: PermissionsBitField,
  guildId: string,
  channel: ChannelData,
  member: MemberData,
): PermissionsBitField {
  const permissions = new PermissionsBitField(base.bitfield);
  const apply = (allow: bigint, deny: bigint) => {
    permissions.remove(deny);
    permissions.add(allow);
  };
  const everyone = channel.overwrites.find((o) => o.type === OverwriteType.Role && o.id === guildId);
  if (everyone) apply(BigInt(everyone.allow), BigInt(everyone.deny));
  const held = new Set(member.roleIds);
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const o of channel.overwrites) {
    if (o.type !== OverwriteType.Role || o.id === guildId || !held.has(o.id)) continue;
    roleAllow |= BigInt(o.allow);
    roleDeny |= BigInt(o.deny);
  }
  apply(roleAllow, roleDeny);
  const own = channel.overwrites.find((o) => o.type === OverwriteType.Member && o.id === member.userId);
  if (own) apply(BigInt(own.allow), BigInt(own.deny));
  return permissions;
}
