/**
 * Who the member is, as an interaction says: whether they may run an admin command (Manage Server,
 * decided at run time), their roles (which the quota's role allowances read) and their name.
 */
import {
  type APIInteractionDataResolvedGuildMember,
  type APIInteractionGuildMember,
  type GuildMember,
  PermissionFlagsBits,
  type PermissionsBitField,
  type User,
} from 'discord.js';
import { type Localizer, localizer } from '../../i18n/index.ts';
import { UserError } from './command.ts';

/**
 * Refuses a member without Manage Server. `default_member_permissions` only sets who sees the
 * command by default: a server can grant it to anyone under Integrations, so the run time decides.
 */
export function requireManageGuild(
  interaction: {
    guildId: string | null;
    memberPermissions: Readonly<PermissionsBitField> | null;
    /** The member's locale: the refusal is theirs to read. */
    locale?: string;
  },
  /** The command as the member's Discord names it, in their language. */
  commandIn: (l: Localizer) => string,
): asserts interaction is { guildId: string; memberPermissions: Readonly<PermissionsBitField> } {
  const l = localizer(interaction.locale);
  const command = commandIn(l);
  if (interaction.guildId === null) throw new UserError(l.t('quota:serversOnly', { command }));
  if (!hasManageGuild(interaction)) {
    throw new UserError(l.t('quota:manageOnly', { command }));
  }
}

/** Whether the member has Manage Server where the interaction came from: who counts as an admin. */
export function hasManageGuild(interaction: {
  memberPermissions: Readonly<PermissionsBitField> | null;
}): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/** A member's role ids, whether discord.js gives a cached member or a raw (resolved) one. */
export function roleIdsOf(
  member: GuildMember | APIInteractionGuildMember | APIInteractionDataResolvedGuildMember | null,
): string[] {
  if (!member) return [];
  return Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
}

/** The member's name in the server: their nickname, else their global name, else their username. */
export function displayNameOf(member: GuildMember | APIInteractionGuildMember | null, user: User): string {
  if (!member) return user.displayName;
  // A cached member's displayName is the same rule; a raw one carries its nickname only.
  return 'displayName' in member ? member.displayName : (member.nick ?? user.displayName);
}
