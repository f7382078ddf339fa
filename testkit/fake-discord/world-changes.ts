/**
 * Changes to a server that happen outside the bot (a moderator deletes a message, an admin edits a
 * member's roles, a channel's overwrites or a role's permissions, someone joins or leaves, a channel
 * is created or deleted), and the
 * bot's own deletions: each changes the fake's state, which REST reads from then on, and is told to
 * the gateway as Discord tells it, only to the clients that identified with the event's intent, so a
 * discord.js cache follows exactly when the real one would.
 */
import { type APIOverwrite, GatewayIntentBits, OverwriteType } from 'discord.js';
import type { FakeGateway } from './gateway.ts';
import { memberObject } from './payloads.ts';
import type { FakeState, StoredMessage } from './state.ts';
import type { FakeDiscord, FakeOverwriteSpec } from './types.ts';

/**
 * A message is gone: MESSAGE_DELETE to the clients with the GuildMessages intent (DirectMessages in
 * a DM). An ephemeral message was never in the channel, so nobody hears of it.
 */
export function messageDeleted(s: FakeState, gateway: FakeGateway, stored: StoredMessage): Promise<void> {
  stored.deleted = true;
  if (stored.ephemeral) return Promise.resolve();
  const guildId = s.channels.get(stored.api.channel_id)?.guildId ?? null;
  const intent = guildId === null ? GatewayIntentBits.DirectMessages : GatewayIntentBits.GuildMessages;
  return gateway.dispatchForGuild(guildId, intent, 'MESSAGE_DELETE', {
    id: stored.api.id,
    channel_id: stored.api.channel_id,
    ...(guildId === null ? {} : { guild_id: guildId }),
  });
}

type Changes = Pick<
  FakeDiscord,
  | 'deleteMessage'
  | 'setMemberRoles'
  | 'setChannelOverwrites'
  | 'setRolePermissions'
  | 'addMember'
  | 'removeMember'
  | 'addChannel'
  | 'deleteChannel'
>;

/** The FakeDiscord methods by which a test changes the world; each resolves once the gateway was told. */
export function worldChanges(s: FakeState, gateway: FakeGateway): Changes {
  const guildOf = (guildId: string, what: string) => {
    const guild = s.guilds.get(guildId);
    if (!guild) throw new Error(`${what}: the fake has no guild ${guildId}`);
    return guild;
  };
  return {
    async deleteMessage(channelId, messageId) {
      const stored = s.message(channelId, messageId);
      if (!stored) throw new Error(`deleteMessage: no message ${messageId} in channel ${channelId}`);
      await messageDeleted(s, gateway, stored);
    },

    async setMemberRoles(guildId, userId, roleIds) {
      const guild = guildOf(guildId, 'setMemberRoles');
      const member = guild.members.get(userId);
      if (!member) throw new Error(`setMemberRoles: ${userId} is not a member of guild ${guildId}`);
      const unknownRoles = roleIds.filter((id) => !guild.roles.some((r) => r.id === id));
      if (unknownRoles.length > 0) {
        throw new Error(`setMemberRoles: unknown roles ${unknownRoles.join(', ')}`);
      }
      member.roles = [...roleIds];
      // A spec's fixed permissions would hide the change from interactions.
      delete member.permissions;
      await gateway.dispatchForGuild(guildId, GatewayIntentBits.GuildMembers, 'GUILD_MEMBER_UPDATE', {
        ...memberObject(member),
        guild_id: guildId,
      });
    },

    async setChannelOverwrites(channelId, overwrites) {
      const channel = s.channels.get(channelId);
      if (!channel?.guildId || channel.parentId) {
        throw new Error(`setChannelOverwrites: ${channelId} is not a channel of a guild (threads have none)`);
      }
      const list: APIOverwrite[] = overwrites.map(overwrite);
      channel.overwrites = list;
      if ('permission_overwrites' in channel.api) channel.api.permission_overwrites = list;
      await gateway.dispatchForGuild(
        channel.guildId,
        GatewayIntentBits.Guilds,
        'CHANNEL_UPDATE',
        channel.api,
      );
    },

    async setRolePermissions(guildId, roleId, permissions) {
      const guild = guildOf(guildId, 'setRolePermissions');
      const role = guild.roles.find((r) => r.id === roleId);
      if (!role) throw new Error(`setRolePermissions: guild ${guildId} has no role ${roleId}`);
      role.permissions = String(BigInt(permissions));
      await gateway.dispatchForGuild(guildId, GatewayIntentBits.Guilds, 'GUILD_ROLE_UPDATE', {
        guild_id: guildId,
        role,
      });
    },

    async addMember(guildId, spec) {
      const guild = guildOf(guildId, 'addMember');
      if (guild.members.has(spec.userId)) throw new Error(`addMember: ${spec.userId} is already a member`);
      const member = {
        user: s.user(spec.userId, spec.username),
        roles: spec.roles ?? [],
        ...(spec.permissions === undefined ? {} : { permissions: spec.permissions }),
        ...(spec.nick === undefined ? {} : { nick: spec.nick }),
        joinedAt: new Date(s.now()).toISOString(),
      };
      guild.members.set(spec.userId, member);
      await gateway.dispatchForGuild(guildId, GatewayIntentBits.GuildMembers, 'GUILD_MEMBER_ADD', {
        ...memberObject(member),
        guild_id: guildId,
      });
    },

    async removeMember(guildId, userId) {
      const guild = guildOf(guildId, 'removeMember');
      const member = guild.members.get(userId);
      if (!member) throw new Error(`removeMember: ${userId} is not a member of guild ${guildId}`);
      guild.members.delete(userId);
      await gateway.dispatchForGuild(guildId, GatewayIntentBits.GuildMembers, 'GUILD_MEMBER_REMOVE', {
        guild_id: guildId,
        user: member.user,
      });
    },

    async addChannel(guildId, spec) {
      const guild = guildOf(guildId, 'addChannel');
      if (s.channels.has(spec.id)) throw new Error(`addChannel: channel ${spec.id} exists already`);
      const channel = s.addChannel(guild, spec);
      await gateway.dispatchForGuild(guildId, GatewayIntentBits.Guilds, 'CHANNEL_CREATE', channel.api);
    },

    async deleteChannel(channelId) {
      const channel = s.channels.get(channelId);
      const guild = channel?.guildId ? s.guilds.get(channel.guildId) : undefined;
      if (!channel || !guild || channel.parentId) {
        throw new Error(
          `deleteChannel: ${channelId} is not a channel of a guild (threads are not modelled here)`,
        );
      }
      s.channels.delete(channelId);
      guild.channelIds.splice(guild.channelIds.indexOf(channelId), 1);
      await gateway.dispatchForGuild(guild.id, GatewayIntentBits.Guilds, 'CHANNEL_DELETE', channel.api);
    },
  };
}

function overwrite(spec: FakeOverwriteSpec): APIOverwrite {
  return {
    id: spec.id,
    type: spec.type === 'member' ? OverwriteType.Member : OverwriteType.Role,
    allow: String(BigInt(spec.allow ?? '0')),
    deny: String(BigInt(spec.deny ?? '0')),
  };
}
