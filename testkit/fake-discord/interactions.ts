import {
  type APIApplicationCommandAutocompleteInteraction,
  type APIApplicationCommandInteractionDataOption,
  type APIAttachment,
  type APIBaseInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIInteraction,
  type APIInteractionDataResolved,
  type APIMessage,
  type APIMessageApplicationCommandInteraction,
  ApplicationCommandType,
  InteractionContextType,
  InteractionType,
  Locale,
  MessageType,
  PermissionFlagsBits,
} from 'discord.js';
import { memberObject, newMessage } from './payloads.ts';
import { type FakeInteraction, type FakeState, randomToken, snowflake, stateOf } from './state.ts';
import type { FakeDiscord } from './types.ts';

/** Discord's attachment size limit for a server without boosts. */
export const DEFAULT_ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024;

/** Who sends the interaction, and where. A guild interaction needs a channel the fake's guild has. */
export interface InteractionContextOptions {
  /** Defaults to the guild of the channel; a channel the fake does not know becomes a DM channel. */
  guildId?: string;
  channelId: string;
  userId: string;
  username?: string;
  /** Defaults to the roles of the guild member spec, if any. */
  memberRoles?: string[];
  /** `member.permissions`; defaults to the member spec's, else what the roles allow in the channel. */
  memberPermissions?: string;
  /** Defaults to 10 MiB (10485760). */
  attachmentSizeLimit?: number;
  /** Overrides the channel's nsfw flag in the interaction's channel object. */
  channelNsfw?: boolean;
  locale?: Locale;
  /** The server's locale (`guild_locale`); English (US) by default. */
  guildLocale?: Locale;
}

export interface FakeAttachmentSpec {
  id: string;
  filename: string;
  url: string;
  contentType?: string;
  /** Bytes; defaults to 1024. */
  size?: number;
  width?: number;
  height?: number;
}

export interface ChatInputInteractionOptions extends InteractionContextOptions {
  commandName: string;
  /** Defaults to the id of the registered command of that name, else a stable id per name. */
  commandId?: string;
  options?: APIApplicationCommandInteractionDataOption[];
  /** Put in `data.resolved.attachments`; reference them from an attachment option by id. */
  attachments?: FakeAttachmentSpec[];
  /** Extra resolved users, members, roles or channels. */
  resolved?: APIInteractionDataResolved;
}

export interface MessageCommandTarget {
  /** Defaults to a new snowflake. */
  id?: string;
  content?: string;
  attachments?: FakeAttachmentSpec[];
  /** Defaults to the user who runs the command. */
  authorId?: string;
}

export interface MessageCommandInteractionOptions extends InteractionContextOptions {
  commandName: string;
  /** Defaults to the id of the registered command of that name, else a stable id per name. */
  commandId?: string;
  /** The message right-clicked; stored in the fake (fetchable) unless it already is. */
  target: MessageCommandTarget;
}

export type BaseFields = Omit<APIBaseInteraction<InteractionType, unknown>, 'type' | 'data'>;

const DM_APP_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis;

export function baseFields(state: FakeState, o: InteractionContextOptions): BaseFields {
  const channel = state.channels.get(o.channelId);
  const guildId = o.guildId ?? channel?.guildId ?? undefined;
  const common = {
    id: snowflake(),
    application_id: state.applicationId,
    token: randomToken(),
    version: 1 as const,
    locale: o.locale ?? Locale.EnglishUS,
    entitlements: [],
    attachment_size_limit: o.attachmentSizeLimit ?? DEFAULT_ATTACHMENT_SIZE_LIMIT,
    channel_id: o.channelId,
  };
  if (guildId === undefined) {
    const user = state.user(o.userId, o.username);
    const dm = state.dmChannel(o.channelId, user);
    return {
      ...common,
      user,
      channel: dm.api,
      app_permissions: String(DM_APP_PERMISSIONS),
      context: InteractionContextType.BotDM,
      authorizing_integration_owners: { 0: '0' },
    };
  }
  const guild = state.guilds.get(guildId);
  if (!guild) throw new Error(`the fake Discord has no guild ${guildId}`);
  if (!channel || channel.guildId !== guildId) {
    throw new Error(
      `the fake Discord's guild ${guildId} has no channel ${o.channelId}; list it in the guild spec`,
    );
  }
  const known = guild.members.get(o.userId);
  const user = state.user(o.userId, o.username ?? known?.user.username);
  const roles = o.memberRoles ?? known?.roles ?? [];
  const permissions =
    o.memberPermissions ??
    known?.permissions ??
    String(state.permissions(guildId, o.userId, roles, o.channelId));
  const { permission_overwrites: _overwrites, ...channelFields } = channel.api as typeof channel.api & {
    permission_overwrites?: unknown;
  };
  return {
    ...common,
    guild_id: guildId,
    guild: { id: guildId, features: [], locale: o.guildLocale ?? Locale.EnglishUS },
    guild_locale: o.guildLocale ?? Locale.EnglishUS,
    member: {
      ...memberObject({
        user,
        roles,
        joinedAt: known?.joinedAt ?? new Date().toISOString(),
        ...(known?.nick === undefined ? {} : { nick: known.nick }),
      }),
      permissions,
    },
    channel: {
      ...channelFields,
      ...(o.channelNsfw === undefined ? {} : { nsfw: o.channelNsfw }),
      permissions,
    } as unknown as BaseFields['channel'],
    app_permissions: String(state.botPermissions(guildId, o.channelId)),
    context: InteractionContextType.Guild,
    authorizing_integration_owners: { 0: guildId },
  };
}

function commandId(state: FakeState, name: string, guildId: string | undefined): string {
  const registered = [...(guildId ? (state.guildCommands.get(guildId) ?? []) : []), ...state.globalCommands];
  const found = registered.find((c) => c.name === name);
  if (found) return found.id;
  const id = state.unregisteredCommandIds.get(name) ?? snowflake();
  state.unregisteredCommandIds.set(name, id);
  return id;
}

function commandData(state: FakeState, o: ChatInputInteractionOptions, guildId: string | undefined) {
  const resolved: APIInteractionDataResolved = { ...o.resolved };
  if (o.attachments?.length) {
    resolved.attachments = Object.fromEntries(o.attachments.map((a) => [a.id, attachmentObject(a)]));
  }
  return {
    id: o.commandId ?? commandId(state, o.commandName, guildId),
    name: o.commandName,
    type: ApplicationCommandType.ChatInput as const,
    ...(o.options ? { options: o.options } : {}),
    ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
  };
}

export function attachmentObject(a: FakeAttachmentSpec, ephemeral = true): APIAttachment {
  return {
    id: a.id,
    filename: a.filename,
    size: a.size ?? 1024,
    url: a.url,
    proxy_url: a.url,
    ...(a.contentType ? { content_type: a.contentType } : {}),
    ...(a.width === undefined ? {} : { width: a.width, height: a.height ?? null }),
    // Attachments a member uploads into a command option or a modal are ephemeral on Discord;
    // those of a message in a channel are not.
    ...(ephemeral ? { ephemeral: true } : {}),
  };
}

/** A slash command invocation, as the gateway's INTERACTION_CREATE carries it. */
export function chatInputInteraction(
  fake: FakeDiscord,
  o: ChatInputInteractionOptions,
): APIChatInputApplicationCommandInteraction {
  const state = stateOf(fake);
  const base = baseFields(state, o);
  const payload = {
    ...base,
    type: InteractionType.ApplicationCommand,
    data: commandData(state, o, base.guild_id),
  } as APIChatInputApplicationCommandInteraction;
  registerInteraction(state, payload);
  return payload;
}

/** An autocomplete request; exactly one option (possibly nested in a subcommand) must have `focused: true`. */
export function autocompleteInteraction(
  fake: FakeDiscord,
  o: ChatInputInteractionOptions,
): APIApplicationCommandAutocompleteInteraction {
  if (!hasFocused(o.options ?? []))
    throw new Error('autocompleteInteraction needs an option with focused: true');
  const state = stateOf(fake);
  const base = baseFields(state, o);
  const payload = {
    ...base,
    type: InteractionType.ApplicationCommandAutocomplete,
    data: { ...commandData(state, o, base.guild_id), options: o.options ?? [] },
  } as APIApplicationCommandAutocompleteInteraction;
  registerInteraction(state, payload);
  return payload;
}

function hasFocused(options: readonly APIApplicationCommandInteractionDataOption[]): boolean {
  return options.some((opt) =>
    'options' in opt && opt.options ? hasFocused(opt.options) : 'focused' in opt && opt.focused === true,
  );
}

/**
 * A message context-menu command (Apps → name on a message): `data.target_id` and the message in
 * `data.resolved.messages`, its attachments as Discord sends those of a posted message (not ephemeral).
 */
export function messageCommandInteraction(
  fake: FakeDiscord,
  o: MessageCommandInteractionOptions,
): APIMessageApplicationCommandInteraction {
  const state = stateOf(fake);
  const base = baseFields(state, o);
  const target = storedTarget(state, o);
  const payload = {
    ...base,
    type: InteractionType.ApplicationCommand,
    data: {
      id: o.commandId ?? commandId(state, o.commandName, base.guild_id),
      name: o.commandName,
      type: ApplicationCommandType.Message,
      target_id: target.id,
      resolved: { messages: { [target.id]: target } },
    },
  } as APIMessageApplicationCommandInteraction;
  registerInteraction(state, payload);
  return payload;
}

function storedTarget(state: FakeState, o: MessageCommandInteractionOptions): APIMessage {
  const known = o.target.id ? state.messages.get(o.target.id) : undefined;
  if (known) return known.api;
  const message = newMessage(state, {
    ...(o.target.id ? { id: o.target.id } : {}),
    channelId: o.channelId,
    type: MessageType.Default,
  });
  message.author = state.user(o.target.authorId ?? o.userId);
  message.content = o.target.content ?? '';
  message.attachments = (o.target.attachments ?? []).map((a) => attachmentObject(a, false));
  return state.storeMessage(message, false).api;
}

/** Remember an interaction so that its callback and webhook routes find it; keeps what was already known. */
export function registerInteraction(state: FakeState, payload: APIInteraction): FakeInteraction {
  const known = state.interactions.get(payload.token);
  if (known) return known;
  const user = payload.member?.user ?? payload.user;
  if (!user) throw new Error('an interaction needs member.user or user');
  const data = payload.data as { name?: string } | undefined;
  const interaction: FakeInteraction = {
    id: payload.id,
    token: payload.token,
    type: payload.type,
    channelId: payload.channel?.id ?? payload.channel_id ?? '',
    guildId: payload.guild_id ?? null,
    user,
    commandType:
      payload.type === InteractionType.ApplicationCommand
        ? ((payload.data as { type?: number }).type ?? null)
        : null,
    commandName:
      payload.type === InteractionType.ApplicationCommand ||
      payload.type === InteractionType.ApplicationCommandAutocomplete
        ? (data?.name ?? null)
        : null,
    componentMessageId: payload.message?.id ?? null,
    attachmentSizeLimit: payload.attachment_size_limit ?? DEFAULT_ATTACHMENT_SIZE_LIMIT,
    authorizingIntegrationOwners: payload.authorizing_integration_owners ?? {},
    acknowledged: false,
    ackType: null,
    originalMessageId: null,
    followUpIds: [],
    expired: false,
    modal: null,
  };
  state.interactions.set(payload.token, interaction);
  return interaction;
}
