/**
 * The fake's channel REST routes: reading a channel, the bot's own messages in it (send, edit,
 * delete, list, typing), threads, and DM channels; with the permission checks Discord makes on each.
 */

import { type APIMessage, ChannelType, MessageFlags, MessageType, PermissionFlagsBits } from 'discord.js';
import type { FakeGateway } from './gateway.ts';
import { DEFAULT_ATTACHMENT_SIZE_LIMIT } from './interactions.ts';
import { applyMessageBody, type MessageBody, messageProblem, newMessage, threadObject } from './payloads.ts';
import {
  type Context,
  error,
  invalidFormBody,
  isReply,
  missingPermissions,
  type Params,
  problemReply,
  type Reply,
  type Route,
  route,
  tooLarge,
  unknown,
} from './rest-routes.ts';
import { type FakeState, type StoredMessage, snowflake } from './state.ts';
import type { RecordedFile } from './types.ts';
import { messageDeleted } from './world-changes.ts';

/** Channels, their messages and threads; the gateway hears of each new thread. */
export function channelRoutes(s: FakeState, gateway: FakeGateway): Route[] {
  return [
    route('POST', '/users/@me/channels', 'dmCreate', (c) => {
      const recipient = s.users.get((c.body as { recipient_id?: string } | undefined)?.recipient_id ?? '');
      if (!recipient) return unknown.user();
      const existing = [...s.channels.values()].find(
        (ch) => ch.api.type === ChannelType.DM && ch.api.recipients?.some((u) => u.id === recipient.id),
      );
      return { status: 200, body: (existing ?? s.dmChannel(snowflake(), recipient)).api };
    }),

    route('GET', '/channels/:channel', 'channelGet', (_, p) => {
      const channel = s.channels.get(p.channel ?? '');
      return channel ? { status: 200, body: channel.api } : unknown.channel();
    }),
    route('GET', '/channels/:channel/messages', 'messageList', (c, p) => {
      if (!s.channels.has(p.channel ?? '')) return unknown.channel();
      const limit = Number(c.query.limit ?? 50);
      return {
        status: 200,
        body: s
          .channelMessages(p.channel ?? '')
          .reverse()
          .slice(0, limit),
      };
    }),
    route('POST', '/channels/:channel/messages', 'channelMessage', (c, p) => createMessage(s, c, p)),
    route('GET', '/channels/:channel/messages/:message', 'messageGet', (_, p) => {
      const stored = s.message(p.channel ?? '', p.message ?? '');
      return stored ? { status: 200, body: stored.api } : unknown.message();
    }),
    route('PATCH', '/channels/:channel/messages/:message', 'messageEdit', (c, p) => botEdit(s, c, p)),
    route('DELETE', '/channels/:channel/messages/:message', 'messageDelete', (_, p) =>
      deleteMessage(s, gateway, p),
    ),
    route('POST', '/channels/:channel/typing', 'typing', (_, p) =>
      s.channels.has(p.channel ?? '') ? { status: 204 } : unknown.channel(),
    ),
    route('POST', '/channels/:channel/messages/:message/threads', 'threadCreate', (c, p) =>
      createThread(s, gateway, c, p),
    ),
    route('POST', '/channels/:channel/threads', 'threadCreate', (c, p) => createThread(s, gateway, c, p)),
    route('PUT', '/channels/:channel/thread-members/@me', 'threadJoin', (_, p) =>
      s.channels.get(p.channel ?? '')?.parentId ? { status: 204 } : unknown.channel(),
    ),
  ];
}

/**
 * Apply an edit body to a copy, check it, then keep it; a deferred message stops loading.
 * Shared by the bot's channel edits and interaction webhook edits, which differ only in their size limit.
 */
export function editMessage(
  s: FakeState,
  stored: StoredMessage,
  body: MessageBody | undefined,
  files: RecordedFile[],
  sizeLimit: number,
) {
  if (files.some((f) => f.data.length > sizeLimit)) return tooLarge();
  const next: APIMessage = structuredClone(stored.api);
  applyMessageBody(s, next, body ?? {}, files, stored.ephemeral);
  next.flags = (next.flags ?? 0) & ~MessageFlags.Loading;
  next.edited_timestamp = new Date().toISOString();
  const problem = messageProblem(s, next, stored.api);
  if (problem) return problemReply(problem);
  stored.api = next;
  return next;
}

function createMessage(s: FakeState, ctx: Context, p: Params): Reply {
  const channel = s.channels.get(p.channel ?? '');
  if (!channel) return unknown.channel();
  if (channel.guildId) {
    const needed =
      PermissionFlagsBits.ViewChannel |
      (channel.parentId ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages);
    if ((s.botPermissions(channel.guildId, channel.api.id) & needed) !== needed) return missingPermissions();
  }
  if (ctx.files.some((f) => f.data.length > DEFAULT_ATTACHMENT_SIZE_LIMIT)) return tooLarge();
  const body = (ctx.body ?? {}) as MessageBody;
  if (body.enforce_nonce && body.nonce !== undefined) {
    // Discord answers with the message already made under this nonce instead of making another.
    const same = s
      .channelMessages(channel.api.id)
      .find((m) => m.nonce === body.nonce && m.author.id === s.botUserId);
    if (same) return { status: 200, body: same };
  }
  let referenced: APIMessage | undefined;
  const ref = body.message_reference;
  if (ref?.message_id) {
    referenced = s.message(ref.channel_id ?? channel.api.id, ref.message_id)?.api;
    if (!referenced && ref.fail_if_not_exists !== false) return invalidFormBody();
  }
  const api = newMessage(s, {
    channelId: channel.api.id,
    type: referenced ? MessageType.Reply : MessageType.Default,
    ...(referenced
      ? {
          referencedMessage: referenced,
          messageReference: {
            type: 0,
            message_id: referenced.id,
            channel_id: referenced.channel_id,
            ...(channel.guildId ? { guild_id: channel.guildId } : {}),
          },
        }
      : {}),
  });
  applyMessageBody(s, api, body, ctx.files, false);
  const problem = messageProblem(s, api);
  if (problem) return problemReply(problem);
  s.storeMessage(api, false);
  return { status: 200, body: api };
}

function botEdit(s: FakeState, ctx: Context, p: Params): Reply {
  const stored = s.message(p.channel ?? '', p.message ?? '');
  if (!stored) return unknown.message();
  if (stored.api.author.id !== s.botUserId) {
    return error(403, 50005, 'Cannot edit a message authored by another user');
  }
  const edited = editMessage(s, stored, ctx.body as MessageBody, ctx.files, DEFAULT_ATTACHMENT_SIZE_LIMIT);
  return isReply(edited) ? edited : { status: 200, body: edited };
}

/** The bot deletes its own messages freely; another's needs Manage Messages, and never in a DM. */
function deleteMessage(s: FakeState, gateway: FakeGateway, p: Params): Reply {
  const channel = s.channels.get(p.channel ?? '');
  if (!channel) return unknown.channel();
  const stored = s.message(channel.api.id, p.message ?? '');
  if (!stored) return unknown.message();
  if (stored.api.author.id !== s.botUserId) {
    if (!channel.guildId) return error(403, 50003, 'Cannot execute action on a DM channel');
    const perms = s.botPermissions(channel.guildId, channel.api.id);
    if ((perms & PermissionFlagsBits.ManageMessages) === 0n) return missingPermissions();
  }
  // Discord tells the gateway too; a test without a connected client does not care.
  messageDeleted(s, gateway, stored).catch(() => {});
  return { status: 204 };
}

function createThread(s: FakeState, gateway: FakeGateway, ctx: Context, p: Params): Reply {
  const parent = s.channels.get(p.channel ?? '');
  if (!parent) return unknown.channel();
  if (
    !parent.guildId ||
    (parent.api.type !== ChannelType.GuildText && parent.api.type !== ChannelType.GuildAnnouncement)
  ) {
    return error(400, 50024, 'Cannot execute action on this channel type');
  }
  const body = (ctx.body ?? {}) as { name?: string; auto_archive_duration?: number; type?: number };
  let starter: StoredMessage | undefined;
  if (p.message !== undefined) {
    starter = s.message(parent.api.id, p.message);
    if (!starter) return unknown.message();
    if (starter.api.thread) return error(400, 160004, 'A thread has already been created for this message');
  }
  const type = starter ? ChannelType.PublicThread : (body.type ?? ChannelType.PrivateThread);
  const needed =
    type === ChannelType.PrivateThread
      ? PermissionFlagsBits.CreatePrivateThreads
      : PermissionFlagsBits.CreatePublicThreads;
  if (!parent.canCreateThreads || (s.botPermissions(parent.guildId, parent.api.id) & needed) === 0n) {
    return missingPermissions();
  }
  if (!body.name || body.name.length > 100) return invalidFormBody();
  const thread = threadObject(s, {
    id: starter?.api.id ?? snowflake(),
    guildId: parent.guildId,
    parentId: parent.api.id,
    name: body.name,
    type,
    ...(body.auto_archive_duration === undefined ? {} : { autoArchiveDuration: body.auto_archive_duration }),
  });
  s.channels.set(thread.id, {
    api: thread,
    guildId: parent.guildId,
    parentId: parent.api.id,
    canCreateThreads: false,
    overwrites: [],
  });
  if (starter) {
    starter.api.thread = thread;
    starter.api.flags = (starter.api.flags ?? 0) | MessageFlags.HasThread;
  }
  // Discord also tells the gateway; a test without a connected client does not care.
  gateway.dispatch('THREAD_CREATE', { ...thread, newly_created: true }).catch(() => {});
  return { status: 201, body: thread };
}
