/**
 * The fake's interaction-token routes: the interaction callback (reply, defer, update, autocomplete,
 * modal) and the webhook routes under the interaction's token (original response, follow-ups).
 * No bot token here: Discord authenticates these by the token in the path.
 */

import {
  type APIMessageInteractionMetadata,
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
} from 'discord.js';
import type { FakeGateway } from './gateway.ts';
import { applyMessageBody, type MessageBody, messageProblem, newMessage } from './payloads.ts';
import { editMessage } from './rest-channel-messages.ts';
import {
  type Context,
  error,
  invalidFormBody,
  isReply,
  type Params,
  problemReply,
  type Reply,
  type Route,
  route,
  tooLarge,
  unknown,
} from './rest-routes.ts';
import type { FakeInteraction, FakeState, StoredMessage } from './state.ts';
import type { FakeModal } from './types.ts';
import { messageDeleted } from './world-changes.ts';

/** POST /interactions/:id/:token/callback, and the webhook routes of the interaction's token. */
export function interactionRoutes(s: FakeState, gateway: FakeGateway): Route[] {
  return [
    route('POST', '/interactions/:id/:token/callback', 'interactionCallback', (c, p) => callback(s, c, p), {
      auth: 'none',
    }),
    route('GET', '/webhooks/:app/:token/messages/:message', 'webhookGet', (_, p) => webhookGet(s, p), {
      auth: 'none',
    }),
    route('PATCH', '/webhooks/:app/:token/messages/:message', 'webhookEdit', (c, p) => webhookEdit(s, c, p), {
      auth: 'none',
    }),
    route(
      'DELETE',
      '/webhooks/:app/:token/messages/:message',
      'webhookDelete',
      (_, p) => webhookDelete(s, gateway, p),
      { auth: 'none' },
    ),
    route('POST', '/webhooks/:app/:token', 'webhookFollowup', (c, p) => followUp(s, c, p), { auth: 'none' }),
  ];
}

function callback(s: FakeState, ctx: Context, p: Params): Reply {
  const it = s.interactions.get(p.token ?? '');
  if (!it || it.id !== p.id || it.expired) return unknown.interaction();
  if (it.acknowledged) return error(400, 40060, 'Interaction has already been acknowledged.');
  const { type, data = {} } = (ctx.body ?? {}) as {
    type?: number;
    data?: MessageBody & Record<string, unknown>;
  };
  if (ctx.files.some((f) => f.data.length > it.attachmentSizeLimit)) return tooLarge();
  const isAutocomplete = it.type === InteractionType.ApplicationCommandAutocomplete;
  if ((type === InteractionResponseType.ApplicationCommandAutocompleteResult) !== isAutocomplete) {
    return invalidFormBody();
  }
  let message: StoredMessage | undefined;
  switch (type) {
    case InteractionResponseType.ChannelMessageWithSource:
    case InteractionResponseType.DeferredChannelMessageWithSource: {
      const ephemeral = ((data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
      const deferred = type === InteractionResponseType.DeferredChannelMessageWithSource;
      const api = newMessage(s, {
        channelId: it.channelId,
        type: responseType(it),
        flags: (ephemeral ? MessageFlags.Ephemeral : 0) | (deferred ? MessageFlags.Loading : 0),
        webhook: true,
        interactionMetadata: metadata(it),
      });
      if (!deferred) {
        applyMessageBody(s, api, data, ctx.files, ephemeral);
        const problem = messageProblem(s, api);
        if (problem) return problemReply(problem);
      }
      message = s.storeMessage(api, ephemeral);
      it.originalMessageId = api.id;
      break;
    }
    case InteractionResponseType.DeferredMessageUpdate:
    case InteractionResponseType.UpdateMessage: {
      const target = it.componentMessageId ? s.message(null, it.componentMessageId, true) : undefined;
      if (!target) return invalidFormBody();
      if (type === InteractionResponseType.UpdateMessage) {
        const edited = editMessage(s, target, data, ctx.files, it.attachmentSizeLimit);
        if (isReply(edited)) return edited;
      }
      message = target;
      it.originalMessageId = target.api.id;
      break;
    }
    case InteractionResponseType.ApplicationCommandAutocompleteResult: {
      const choices = (data as { choices?: unknown[] }).choices;
      if (!Array.isArray(choices) || choices.length > 25) return invalidFormBody();
      break;
    }
    case InteractionResponseType.Modal: {
      // A modal answers a command or a component, never another modal (autocomplete is refused above).
      if (it.type === InteractionType.ModalSubmit) return invalidFormBody();
      const modal = data as unknown as FakeModal;
      if (!modal.custom_id || !modal.title || !Array.isArray(modal.components)) return invalidFormBody();
      if (modal.components.length < 1 || modal.components.length > 5) return invalidFormBody();
      it.modal = { custom_id: modal.custom_id, title: modal.title, components: modal.components };
      break;
    }
    default:
      return invalidFormBody();
  }
  it.acknowledged = true;
  it.ackType = type;
  if (ctx.query.with_response !== 'true') return { status: 204 };
  return {
    status: 200,
    body: {
      interaction: {
        id: it.id,
        type: it.type,
        ...(message
          ? {
              response_message_id: message.api.id,
              response_message_loading: ((message.api.flags ?? 0) & MessageFlags.Loading) !== 0,
              response_message_ephemeral: message.ephemeral,
            }
          : {}),
      },
      resource: { type, ...(message ? { message: message.api } : {}) },
    },
  };
}

function metadata(it: FakeInteraction, originalResponseId?: string): APIMessageInteractionMetadata {
  return {
    id: it.id,
    type: it.type,
    user: it.user,
    authorizing_integration_owners: it.authorizingIntegrationOwners,
    ...(it.componentMessageId ? { interacted_message_id: it.componentMessageId } : {}),
    ...(originalResponseId ? { original_response_message_id: originalResponseId } : {}),
  } as APIMessageInteractionMetadata;
}

/** The interaction behind a webhook path, or why Discord would refuse it. */
function webhookInteraction(s: FakeState, p: Params): FakeInteraction | Reply {
  if (p.app !== s.applicationId) return unknown.webhook();
  const it = s.interactions.get(p.token ?? '');
  if (!it) return unknown.webhook();
  if (it.expired) return error(401, 50027, 'Invalid Webhook Token');
  return it;
}

function webhookMessage(s: FakeState, p: Params): { it: FakeInteraction; stored: StoredMessage } | Reply {
  const it = webhookInteraction(s, p);
  if (isReply(it)) return it;
  const id = p.message === '@original' ? it.originalMessageId : p.message;
  if (!id || (id !== it.originalMessageId && !it.followUpIds.includes(id))) return unknown.message();
  const stored = s.message(null, id, true);
  return stored ? { it, stored } : unknown.message();
}

function webhookGet(s: FakeState, p: Params): Reply {
  const found = webhookMessage(s, p);
  return isReply(found) ? found : { status: 200, body: found.stored.api };
}

function webhookEdit(s: FakeState, ctx: Context, p: Params): Reply {
  const found = webhookMessage(s, p);
  if (isReply(found)) return found;
  const edited = editMessage(
    s,
    found.stored,
    ctx.body as MessageBody,
    ctx.files,
    found.it.attachmentSizeLimit,
  );
  return isReply(edited) ? edited : { status: 200, body: edited };
}

function webhookDelete(s: FakeState, gateway: FakeGateway, p: Params): Reply {
  const found = webhookMessage(s, p);
  if (isReply(found)) return found;
  messageDeleted(s, gateway, found.stored).catch(() => {});
  return { status: 204 };
}

function followUp(s: FakeState, ctx: Context, p: Params): Reply {
  const it = webhookInteraction(s, p);
  if (isReply(it)) return it;
  if (!it.acknowledged) return unknown.webhook();
  if (ctx.files.some((f) => f.data.length > it.attachmentSizeLimit)) return tooLarge();
  const body = (ctx.body ?? {}) as MessageBody;
  const ephemeral = ((body.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
  const api = newMessage(s, {
    channelId: it.channelId,
    type: responseType(it),
    flags: ephemeral ? MessageFlags.Ephemeral : 0,
    webhook: true,
    interactionMetadata: metadata(it, it.originalMessageId ?? undefined),
  });
  applyMessageBody(s, api, body, ctx.files, ephemeral);
  const problem = messageProblem(s, api);
  if (problem) return problemReply(problem);
  s.storeMessage(api, ephemeral);
  it.followUpIds.push(api.id);
  return ctx.query.wait === 'true' ? { status: 200, body: api } : { status: 204 };
}

/** The type of the message answering an interaction: a command's reply, a context menu's, or a plain one. */
function responseType(it: FakeInteraction): MessageType {
  if (!it.commandName) return MessageType.Default;
  return it.commandType === ApplicationCommandType.ChatInput
    ? MessageType.ChatInputCommand
    : MessageType.ContextMenuCommand;
}
