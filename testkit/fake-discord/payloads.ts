import {
  type APIAttachment,
  type APIChannel,
  type APIEmbed,
  type APIGuild,
  type APIGuildMember,
  type APIMessage,
  type APIMessageInteractionMetadata,
  type APIMessageReference,
  type APIThreadChannel,
  type ApplicationFlags,
  type ChannelFlags,
  type ChannelType,
  type GatewayGuildCreateDispatchData,
  type GatewayReadyDispatchData,
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  type GuildMemberFlags,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  type GuildSystemChannelFlags,
  GuildVerificationLevel,
  type Locale,
  type MessageType,
  type ThreadMemberFlags,
} from 'discord.js';
import { componentsProblem, isComponentsV2, resolveComponents } from './message-components.ts';
import { type FakeGuild, type FakeMember, type FakeState, snowflake } from './state.ts';
import type { RecordedFile } from './types.ts';

/** READY for a new session: every guild unavailable until its GUILD_CREATE follows. */
export function readyPayload(
  state: FakeState,
  sessionId: string,
  shard: [number, number],
): GatewayReadyDispatchData {
  return {
    v: 10,
    user: state.botUser,
    // The shard's guilds only, as Discord lists them: a client waits for each to arrive.
    guilds: [...state.guilds.keys()]
      .filter((id) => shardOf(id, shard[1]) === shard[0])
      .map((id) => ({ id, unavailable: true })),
    session_id: sessionId,
    resume_gateway_url: state.gatewayUrl,
    shard,
    application: { id: state.applicationId, flags: 0 as ApplicationFlags, flags_new: '0' },
  };
}

/** Discord's sharding formula; ids that are not snowflakes land on shard 0. */
export function shardOf(guildId: string, shardCount: number): number {
  if (!/^\d+$/.test(guildId)) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** The guild as GET /guilds/{id} answers it (no channels or members). */
export function guildObject(guild: FakeGuild): APIGuild {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    region: null,
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: guild.roles,
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: guild.systemChannelId,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    max_presences: null,
    max_members: 500_000,
    vanity_url_code: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: guild.preferredLocale as Locale,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: GuildNSFWLevel.Default,
    premium_progress_bar_enabled: false,
    hub_type: null,
    incidents_data: null,
  };
}

/** The full guild of a GUILD_CREATE: channels, threads and members (the bot's included). */
export function guildCreatePayload(state: FakeState, guild: FakeGuild): GatewayGuildCreateDispatchData {
  const channels: APIChannel[] = [];
  const threads: APIChannel[] = [];
  for (const channel of state.channels.values()) {
    if (channel.guildId !== guild.id) continue;
    (channel.parentId ? threads : channels).push(channel.api);
  }
  return {
    ...guildObject(guild),
    joined_at: guild.createdAt,
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    voice_states: [],
    members: [...guild.members.values()].map(memberObject),
    channels: channels as GatewayGuildCreateDispatchData['channels'],
    threads: threads as GatewayGuildCreateDispatchData['threads'],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function memberObject(member: FakeMember): APIGuildMember {
  return {
    user: member.user,
    nick: member.nick ?? null,
    avatar: null,
    banner: null,
    roles: member.roles,
    joined_at: member.joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

/** A thread started from a message (same id as the message, as on Discord) or standalone. */
export function threadObject(
  state: FakeState,
  o: {
    id: string;
    guildId: string;
    parentId: string;
    name: string;
    type: number;
    autoArchiveDuration?: number;
  },
): APIThreadChannel {
  const now = new Date().toISOString();
  return {
    id: o.id,
    type: o.type as ChannelType.PublicThread,
    guild_id: o.guildId,
    parent_id: o.parentId,
    owner_id: state.botUserId,
    name: o.name,
    last_message_id: null,
    rate_limit_per_user: 0,
    message_count: 0,
    member_count: 1,
    total_message_sent: 0,
    flags: 0 as ChannelFlags,
    nsfw: false,
    thread_metadata: {
      archived: false,
      auto_archive_duration: (o.autoArchiveDuration ?? 1440) as 1440,
      archive_timestamp: now,
      locked: false,
      create_timestamp: now,
    },
    member: { id: o.id, user_id: state.botUserId, join_timestamp: now, flags: 0 as ThreadMemberFlags },
  };
}

/** The fields of a message create/edit body the fake applies. */
export interface MessageBody {
  content?: string | null;
  embeds?: APIEmbed[] | null;
  components?: unknown[] | null;
  attachments?: { id: string | number; filename?: string; description?: string }[] | null;
  flags?: number | null;
  message_reference?: { message_id?: string; channel_id?: string; fail_if_not_exists?: boolean };
  tts?: boolean;
  nonce?: string | number;
  enforce_nonce?: boolean;
}

export function newMessage(
  state: FakeState,
  o: {
    id?: string;
    channelId: string;
    type: MessageType;
    flags?: number;
    webhook?: boolean;
    interactionMetadata?: APIMessageInteractionMetadata;
    messageReference?: APIMessageReference;
    referencedMessage?: APIMessage;
  },
): APIMessage {
  const channel = state.channels.get(o.channelId);
  const message: APIMessage = {
    id: o.id ?? snowflake(),
    channel_id: o.channelId,
    author: state.botUser,
    content: '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    type: o.type,
    flags: o.flags ?? 0,
  };
  if (channel?.guildId) Object.assign(message, { guild_id: channel.guildId });
  if (channel?.parentId && 'message_count' in channel.api) {
    const thread = channel.api;
    message.position = thread.total_message_sent ?? 0;
    thread.message_count = (thread.message_count ?? 0) + 1;
    thread.total_message_sent = (thread.total_message_sent ?? 0) + 1;
  }
  if (o.webhook) {
    message.webhook_id = state.applicationId;
    message.application_id = state.applicationId;
  }
  if (o.interactionMetadata) message.interaction_metadata = o.interactionMetadata;
  if (o.messageReference) message.message_reference = o.messageReference;
  if (o.referencedMessage) message.referenced_message = o.referencedMessage;
  return message;
}

/** Flags a client may set on a message; the rest are Discord's to set. */
const SETTABLE_FLAGS = 4 /* SuppressEmbeds */ | 4096 /* SuppressNotifications */ | 32768; /* IsComponentsV2 */

/**
 * Apply a create or edit body the way Discord does: only the fields present change; `attachments`, when
 * present, lists the attachments to keep (by id) and the new files (by `files[n]` index); absent, new files
 * are added to the existing ones.
 */
export function applyMessageBody(
  state: FakeState,
  message: APIMessage,
  body: MessageBody,
  files: RecordedFile[],
  ephemeral: boolean,
): void {
  if (body.content !== undefined) message.content = body.content ?? '';
  if (body.flags !== undefined && body.flags !== null) {
    message.flags = ((message.flags ?? 0) & ~SETTABLE_FLAGS) | (body.flags & SETTABLE_FLAGS);
  }
  if (body.tts) message.tts = true;
  if (body.nonce !== undefined) message.nonce = body.nonce;

  const byIndex = new Map(files.map((f) => [fileIndex(f.field), f]));
  const used = new Set<RecordedFile>();
  const upload = (file: RecordedFile, meta?: { filename?: string; description?: string }) => {
    used.add(file);
    return storeAttachment(state, message, file, meta, ephemeral);
  };
  if (body.attachments !== undefined && body.attachments !== null) {
    const kept: APIAttachment[] = [];
    for (const entry of body.attachments) {
      const id = String(entry.id);
      const existing = message.attachments.find((a) => a.id === id);
      const file = byIndex.get(id);
      if (existing) kept.push(existing);
      else if (file) kept.push(upload(file, entry));
    }
    message.attachments = kept;
  }
  for (const file of files) if (!used.has(file)) message.attachments.push(upload(file));

  if (body.embeds !== undefined) {
    message.embeds = (body.embeds ?? []).map((embed) => resolveEmbed(embed, message.attachments));
  }
  if (body.components !== undefined) {
    message.components = resolveComponents(
      body.components ?? [],
      message.attachments,
    ) as APIMessage['components'];
  }
}

function fileIndex(field: string): string {
  return /^files\[(\d+)\]$/.exec(field)?.[1] ?? field;
}

/** The file kept for the fake's "CDN", and its attachment object with a signed link, as Discord's. */
function storeAttachment(
  state: FakeState,
  message: APIMessage,
  file: RecordedFile,
  meta: { filename?: string; description?: string } | undefined,
  ephemeral: boolean,
): APIAttachment {
  const id = snowflake();
  const filename = meta?.filename ?? file.name;
  const channelId = message.channel_id;
  state.files.set(id, {
    filename,
    contentType: file.contentType,
    data: file.data,
    channelId,
    messageId: message.id,
  });
  const url = state.links.sign({ channelId, attachmentId: id, filename });
  const attachment: APIAttachment = {
    id,
    filename,
    size: file.data.length,
    url,
    proxy_url: url,
    content_type: file.contentType,
  };
  if (meta?.description) attachment.description = meta.description;
  if (ephemeral) attachment.ephemeral = true;
  return attachment;
}

/** Discord turns `attachment://name` in an embed into the uploaded attachment's url. */
function resolveEmbed(embed: APIEmbed, attachments: APIAttachment[]): APIEmbed {
  const resolve = <T extends { url: string }>(media: T | undefined): T | undefined => {
    if (!media?.url.startsWith('attachment://')) return media;
    const match = attachments.find((a) => a.filename === media.url.slice('attachment://'.length));
    return match ? { ...media, url: match.url, proxy_url: match.proxy_url } : media;
  };
  const resolved: APIEmbed = { type: 'rich' as APIEmbed['type'], ...embed };
  const image = resolve(embed.image);
  const thumbnail = resolve(embed.thumbnail);
  if (image) resolved.image = image;
  if (thumbnail) resolved.thumbnail = thumbnail;
  return resolved;
}

/** Why Discord would refuse a message; `detail` is what its `errors` would say. */
export interface MessageProblem {
  status: number;
  message: string;
  code: number;
  detail?: string;
}

/**
 * Why Discord would refuse this message, or null: an empty message, an oversized field, components that
 * break the rules of their layout or their buttons' (see componentsProblem; the state's store tells a
 * premium button's SKU), or an edit that drops the IsComponentsV2 flag of a message that had it
 * (`before`: the message as it was).
 */
export function messageProblem(
  state: FakeState,
  message: APIMessage,
  before?: APIMessage,
): MessageProblem | null {
  const invalid = (detail: string) => ({ status: 400, message: 'Invalid Form Body', code: 50035, detail });
  if (before && isComponentsV2(before.flags) && !isComponentsV2(message.flags)) {
    return invalid('flags: the IS_COMPONENTS_V2 flag cannot be removed from a message');
  }
  const hasComponents = (message.components?.length ?? 0) > 0;
  if (
    !isComponentsV2(message.flags) &&
    !message.content &&
    message.embeds.length === 0 &&
    message.attachments.length === 0 &&
    !hasComponents
  ) {
    return { status: 400, message: 'Cannot send an empty message', code: 50006 };
  }
  if (message.content.length > 2000 || message.embeds.length > 10 || message.attachments.length > 10) {
    return invalid('content, embeds or attachments: too long or too many');
  }
  const components = componentsProblem(message, (id) => state.store.skus.some((s) => s.id === id));
  return components ? invalid(components) : null;
}
