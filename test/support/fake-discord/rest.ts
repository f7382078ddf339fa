import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type APIApplicationCommand,
  type APIMessage,
  type APIMessageInteractionMetadata,
  ApplicationCommandType,
  ChannelType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  PermissionFlagsBits,
} from 'discord.js';
import type { CallLog } from './call-log.ts';
import type { FakeFault, FaultList } from './faults.ts';
import type { FakeGateway } from './gateway.ts';
import { DEFAULT_ATTACHMENT_SIZE_LIMIT } from './interactions.ts';
import { parseBody } from './multipart.ts';
import { type BodyViolation, type OpenApiValidator, openApiValidator } from './openapi.ts';
import {
  applyMessageBody,
  guildObject,
  type MessageBody,
  type MessageProblem,
  memberObject,
  messageProblem,
  newMessage,
  threadObject,
} from './payloads.ts';
import {
  type FakeInteraction,
  type FakeModal,
  type FakeState,
  type StoredMessage,
  snowflake,
} from './state.ts';
import type { RecordedFile, RouteKind } from './types.ts';

interface Reply {
  status: number;
  body?: unknown;
}

interface Context {
  query: Record<string, string>;
  body: unknown;
  files: RecordedFile[];
}

type Params = Record<string, string>;

interface Route {
  method: string;
  segments: string[];
  kind: RouteKind;
  /** Interaction callbacks and interaction webhooks are authenticated by the token in the path. */
  botAuth: boolean;
  handle: (ctx: Context, p: Params) => Reply;
}

const API_PREFIX = '/api/v10';

function error(status: number, code: number, message: string): Reply {
  return { status, body: { message, code } };
}

const unknown = {
  channel: () => error(404, 10003, 'Unknown Channel'),
  guild: () => error(404, 10004, 'Unknown Guild'),
  member: () => error(404, 10007, 'Unknown Member'),
  message: () => error(404, 10008, 'Unknown Message'),
  user: () => error(404, 10013, 'Unknown User'),
  webhook: () => error(404, 10015, 'Unknown Webhook'),
  interaction: () => error(404, 10062, 'Unknown interaction'),
};
const missingPermissions = () => error(403, 50013, 'Missing Permissions');
const invalidFormBody = () => error(400, 50035, 'Invalid Form Body');
const tooLarge = () => error(413, 40005, 'Request entity too large');

function problemReply(problem: MessageProblem): Reply {
  const reply = error(problem.status, problem.code, problem.message);
  if (!problem.detail) return reply;
  const [field = '', ...why] = problem.detail.split(': ');
  return {
    ...reply,
    body: {
      ...(reply.body as object),
      errors: { [field]: { _errors: [{ code: 'BASE_TYPE_INVALID', message: why.join(': ') }] } },
    },
  };
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value;
}

/** The REST half of the fake: routes under /api/v10, plus the attachment "CDN" under /attachments. */
export class FakeRest {
  private readonly routes: Route[];

  constructor(
    private readonly state: FakeState,
    private readonly log: CallLog,
    private readonly gateway: FakeGateway,
    private readonly faults: FaultList,
    /** Bodies Discord's OpenAPI description refuses; the fake's close() fails when any is here. */
    private readonly violations: BodyViolation[] = [],
    private readonly schema: OpenApiValidator = openApiValidator(),
  ) {
    this.routes = this.buildRoutes();
  }

  /** Node's request listener; every API request is recorded before it is answered. */
  readonly listener = (req: IncomingMessage, res: ServerResponse): void => {
    this.handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `fake Discord failed: ${String(err)}`, code: 0 }));
    });
  };

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    if (method === 'GET' && url.pathname.startsWith('/attachments/')) {
      this.serveAttachment(url.pathname, res);
      return;
    }
    const versioned = url.pathname.startsWith(`${API_PREFIX}/`);
    const segments = (versioned ? url.pathname.slice(API_PREFIX.length) : url.pathname)
      .split('/')
      .slice(1)
      .map(safeDecode);
    const path = `/${segments.join('/')}`;
    const query = Object.fromEntries(url.searchParams);

    let ctx: Context = { query, body: undefined, files: [] };
    let route: Route | undefined;
    let reply: Reply;
    let fault: FakeFault | undefined;
    try {
      ctx = { query, ...(await parseBody(raw, req.headers['content-type'])) };
      const match = versioned ? this.match(method, segments) : undefined;
      route = match?.route;
      if (!match) reply = error(404, 0, 'Unknown route');
      else if (match.route.botAuth && req.headers.authorization !== `Bot ${this.state.botToken}`) {
        reply = error(401, 0, '401: Unauthorized');
      } else {
        const refused = this.schemaCheck(method, path, ctx.body);
        fault = refused
          ? undefined
          : this.faults.take({ method, path, route: match.route.kind, body: ctx.body, files: ctx.files });
        reply =
          refused ??
          (fault?.kind === 'refuse'
            ? error(fault.status ?? 400, fault.code ?? 0, fault.message ?? 'Refused by a test fault')
            : match.route.handle(ctx, match.params));
        // The request took effect; only its answer goes astray.
        if (fault?.kind === 'lose-answer') {
          reply = error(fault.status ?? 502, fault.code ?? 0, fault.message ?? 'Bad Gateway');
        }
      }
    } catch (err) {
      reply =
        err instanceof SyntaxError
          ? error(400, 50109, 'The request body contains invalid JSON.')
          : { status: 500, body: { message: `fake Discord failed: ${String(err)}`, code: 0 } };
    }
    this.log.record({
      method,
      path,
      query,
      route: route?.kind ?? 'other',
      body: ctx.body,
      files: ctx.files,
      status: reply.status,
      response: reply.body,
      at: Date.now(),
      ...(fault ? { fault: fault.kind } : {}),
    });
    // Never answered: the client waits until it gives up or dies; close() drops the socket.
    if (fault?.kind === 'hold') return;
    if (reply.body === undefined) {
      res.writeHead(reply.status).end();
    } else {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    }
  }

  /**
   * Discord's 400/50035 with its nested `errors` when the body breaks the operation's schema in
   * Discord's OpenAPI description; recorded so the test fails even when the bot copes with the 400.
   */
  private schemaCheck(method: string, path: string, body: unknown): Reply | undefined {
    const found = this.schema.check(method, path, body);
    if (!found) return undefined;
    this.violations.push({ method, path, operation: found.operation, errors: found.errors, body });
    const errors: Record<string, unknown> = {};
    for (const e of found.errors) {
      const [where = '/', ...rest] = e.split(' ');
      let node = errors;
      for (const key of where.split('/').filter(Boolean)) {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
      node._errors ??= [];
      (node._errors as { code: string; message: string }[]).push({
        code: 'OPENAPI_SCHEMA',
        message: rest.join(' '),
      });
    }
    return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors } };
  }

  private match(method: string, segments: string[]): { route: Route; params: Params } | undefined {
    for (const route of this.routes) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const params: Params = {};
      const ok = route.segments.every((pattern, i) => {
        const actual = segments[i] ?? '';
        if (pattern.startsWith(':')) {
          params[pattern.slice(1)] = actual;
          return actual.length > 0;
        }
        return pattern === actual;
      });
      if (ok) return { route, params };
    }
    return undefined;
  }

  private serveAttachment(pathname: string, res: ServerResponse): void {
    const id = pathname.split('/')[3] ?? '';
    const file = this.state.files.get(id);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length })
      .end(file.data);
  }

  private buildRoutes(): Route[] {
    const routes: Route[] = [];
    const add = (
      method: string,
      pattern: string,
      kind: RouteKind,
      handle: Route['handle'],
      botAuth = true,
    ) => {
      routes.push({ method, segments: pattern.split('/').slice(1), kind, botAuth, handle });
    };
    const s = this.state;

    add('GET', '/gateway/bot', 'gatewayBot', () => ({
      status: 200,
      body: {
        url: s.gatewayUrl,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      },
    }));
    add('GET', '/gateway', 'gatewayBot', () => ({ status: 200, body: { url: s.gatewayUrl } }), false);
    add('GET', '/users/@me', 'currentUser', () => ({ status: 200, body: s.botUser }));
    add('GET', '/users/:user', 'user', (_, p) => {
      const user = s.users.get(p.user ?? '');
      return user ? { status: 200, body: user } : unknown.user();
    });
    add('POST', '/users/@me/channels', 'dmCreate', (c) => {
      const recipient = s.users.get((c.body as { recipient_id?: string } | undefined)?.recipient_id ?? '');
      if (!recipient) return unknown.user();
      const existing = [...s.channels.values()].find(
        (ch) => ch.api.type === ChannelType.DM && ch.api.recipients?.some((u) => u.id === recipient.id),
      );
      return { status: 200, body: (existing ?? s.dmChannel(snowflake(), recipient)).api };
    });
    add('GET', '/applications/@me', 'currentApplication', () => this.application());
    add('GET', '/oauth2/applications/@me', 'currentApplication', () => this.application());

    add(
      'POST',
      '/interactions/:id/:token/callback',
      'interactionCallback',
      (c, p) => this.callback(c, p),
      false,
    );
    add('GET', '/webhooks/:app/:token/messages/:message', 'webhookGet', (_, p) => this.webhookGet(p), false);
    add(
      'PATCH',
      '/webhooks/:app/:token/messages/:message',
      'webhookEdit',
      (c, p) => this.webhookEdit(c, p),
      false,
    );
    add(
      'DELETE',
      '/webhooks/:app/:token/messages/:message',
      'webhookDelete',
      (_, p) => this.webhookDelete(p),
      false,
    );
    add('POST', '/webhooks/:app/:token', 'webhookFollowup', (c, p) => this.followUp(c, p), false);

    add('GET', '/channels/:channel', 'channelGet', (_, p) => {
      const channel = s.channels.get(p.channel ?? '');
      return channel ? { status: 200, body: channel.api } : unknown.channel();
    });
    add('GET', '/channels/:channel/messages', 'messageList', (c, p) => {
      if (!s.channels.has(p.channel ?? '')) return unknown.channel();
      const limit = Number(c.query.limit ?? 50);
      return {
        status: 200,
        body: s
          .channelMessages(p.channel ?? '')
          .reverse()
          .slice(0, limit),
      };
    });
    add('POST', '/channels/:channel/messages', 'channelMessage', (c, p) => this.createMessage(c, p));
    add('GET', '/channels/:channel/messages/:message', 'messageGet', (_, p) => {
      const stored = s.message(p.channel ?? '', p.message ?? '');
      return stored ? { status: 200, body: stored.api } : unknown.message();
    });
    add('PATCH', '/channels/:channel/messages/:message', 'messageEdit', (c, p) => this.botEdit(c, p));
    add('DELETE', '/channels/:channel/messages/:message', 'messageDelete', (_, p) => this.deleteMessage(p));
    add('POST', '/channels/:channel/typing', 'typing', (_, p) =>
      s.channels.has(p.channel ?? '') ? { status: 204 } : unknown.channel(),
    );
    add('POST', '/channels/:channel/messages/:message/threads', 'threadCreate', (c, p) =>
      this.createThread(c, p),
    );
    add('POST', '/channels/:channel/threads', 'threadCreate', (c, p) => this.createThread(c, p));
    add('PUT', '/channels/:channel/thread-members/@me', 'threadJoin', (_, p) =>
      s.channels.get(p.channel ?? '')?.parentId ? { status: 204 } : unknown.channel(),
    );

    add('GET', '/guilds/:guild', 'guildGet', (_, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      return guild ? { status: 200, body: guildObject(guild) } : unknown.guild();
    });
    add('GET', '/guilds/:guild/members/:user', 'guildMemberGet', (_, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      if (!guild) return unknown.guild();
      const member = guild.members.get(p.user ?? '');
      return member ? { status: 200, body: memberObject(member) } : unknown.member();
    });
    add('GET', '/guilds/:guild/members', 'guildMemberList', (c, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      if (!guild) return unknown.guild();
      const members = [...guild.members.values()].slice(0, Number(c.query.limit ?? 1));
      return { status: 200, body: members.map(memberObject) };
    });
    add('GET', '/guilds/:guild/roles', 'guildRoles', (_, p) => {
      const guild = s.guilds.get(p.guild ?? '');
      return guild ? { status: 200, body: guild.roles } : unknown.guild();
    });
    add('GET', '/guilds/:guild/channels', 'guildChannels', (_, p) => {
      if (!s.guilds.has(p.guild ?? '')) return unknown.guild();
      const channels = [...s.channels.values()].filter((c) => c.guildId === p.guild && !c.parentId);
      return { status: 200, body: channels.map((c) => c.api) };
    });

    add('PUT', '/applications/:app/commands', 'commandsPut', (c, p) => this.putCommands(c, p, null));
    add('GET', '/applications/:app/commands', 'commandsGet', (_, p) => this.getCommands(p, null));
    add('PUT', '/applications/:app/guilds/:guild/commands', 'commandsPut', (c, p) =>
      this.putCommands(c, p, p.guild),
    );
    add('GET', '/applications/:app/guilds/:guild/commands', 'commandsGet', (_, p) =>
      this.getCommands(p, p.guild),
    );
    return routes;
  }

  private application(): Reply {
    const s = this.state;
    return {
      status: 200,
      body: {
        id: s.applicationId,
        name: s.botUser.username,
        icon: null,
        description: '',
        summary: '',
        type: null,
        bot: s.botUser,
        bot_public: true,
        bot_require_code_grant: false,
        verify_key: '0'.repeat(64),
        flags: 0,
        owner: { ...s.user('100000000000000001', 'owner') },
        team: null,
        approximate_guild_count: s.guilds.size,
        integration_types_config: { 0: {} },
      },
    };
  }

  // --- interactions ---------------------------------------------------------------------------------

  private callback(ctx: Context, p: Params): Reply {
    const it = this.state.interactions.get(p.token ?? '');
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
        const api = newMessage(this.state, {
          channelId: it.channelId,
          type: responseType(it),
          flags: (ephemeral ? MessageFlags.Ephemeral : 0) | (deferred ? MessageFlags.Loading : 0),
          webhook: true,
          interactionMetadata: this.metadata(it),
        });
        if (!deferred) {
          applyMessageBody(this.state, api, data, ctx.files, ephemeral);
          const problem = messageProblem(api);
          if (problem) return problemReply(problem);
        }
        message = this.state.storeMessage(api, ephemeral);
        it.originalMessageId = api.id;
        break;
      }
      case InteractionResponseType.DeferredMessageUpdate:
      case InteractionResponseType.UpdateMessage: {
        const target = it.componentMessageId
          ? this.state.message(null, it.componentMessageId, true)
          : undefined;
        if (!target) return invalidFormBody();
        if (type === InteractionResponseType.UpdateMessage) {
          const edited = this.edit(target, data, ctx.files, it.attachmentSizeLimit);
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

  private metadata(it: FakeInteraction, originalResponseId?: string): APIMessageInteractionMetadata {
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
  private webhookInteraction(p: Params): FakeInteraction | Reply {
    if (p.app !== this.state.applicationId) return unknown.webhook();
    const it = this.state.interactions.get(p.token ?? '');
    if (!it) return unknown.webhook();
    if (it.expired) return error(401, 50027, 'Invalid Webhook Token');
    return it;
  }

  private webhookMessage(p: Params): { it: FakeInteraction; stored: StoredMessage } | Reply {
    const it = this.webhookInteraction(p);
    if (isReply(it)) return it;
    const id = p.message === '@original' ? it.originalMessageId : p.message;
    if (!id || (id !== it.originalMessageId && !it.followUpIds.includes(id))) return unknown.message();
    const stored = this.state.message(null, id, true);
    return stored ? { it, stored } : unknown.message();
  }

  private webhookGet(p: Params): Reply {
    const found = this.webhookMessage(p);
    return isReply(found) ? found : { status: 200, body: found.stored.api };
  }

  private webhookEdit(ctx: Context, p: Params): Reply {
    const found = this.webhookMessage(p);
    if (isReply(found)) return found;
    const edited = this.edit(found.stored, ctx.body as MessageBody, ctx.files, found.it.attachmentSizeLimit);
    return isReply(edited) ? edited : { status: 200, body: edited };
  }

  private webhookDelete(p: Params): Reply {
    const found = this.webhookMessage(p);
    if (isReply(found)) return found;
    found.stored.deleted = true;
    return { status: 204 };
  }

  private followUp(ctx: Context, p: Params): Reply {
    const it = this.webhookInteraction(p);
    if (isReply(it)) return it;
    if (!it.acknowledged) return unknown.webhook();
    if (ctx.files.some((f) => f.data.length > it.attachmentSizeLimit)) return tooLarge();
    const body = (ctx.body ?? {}) as MessageBody;
    const ephemeral = ((body.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
    const api = newMessage(this.state, {
      channelId: it.channelId,
      type: responseType(it),
      flags: ephemeral ? MessageFlags.Ephemeral : 0,
      webhook: true,
      interactionMetadata: this.metadata(it, it.originalMessageId ?? undefined),
    });
    applyMessageBody(this.state, api, body, ctx.files, ephemeral);
    const problem = messageProblem(api);
    if (problem) return problemReply(problem);
    this.state.storeMessage(api, ephemeral);
    it.followUpIds.push(api.id);
    return ctx.query.wait === 'true' ? { status: 200, body: api } : { status: 204 };
  }

  /** Apply an edit body to a copy, check it, then keep it; a deferred message stops loading. */
  private edit(
    stored: StoredMessage,
    body: MessageBody | undefined,
    files: RecordedFile[],
    sizeLimit: number,
  ) {
    if (files.some((f) => f.data.length > sizeLimit)) return tooLarge();
    const next: APIMessage = structuredClone(stored.api);
    applyMessageBody(this.state, next, body ?? {}, files, stored.ephemeral);
    next.flags = (next.flags ?? 0) & ~MessageFlags.Loading;
    next.edited_timestamp = new Date().toISOString();
    const problem = messageProblem(next, stored.api);
    if (problem) return problemReply(problem);
    stored.api = next;
    return next;
  }

  // --- channels -------------------------------------------------------------------------------------

  private createMessage(ctx: Context, p: Params): Reply {
    const s = this.state;
    const channel = s.channels.get(p.channel ?? '');
    if (!channel) return unknown.channel();
    if (channel.guildId) {
      const needed =
        PermissionFlagsBits.ViewChannel |
        (channel.parentId ? PermissionFlagsBits.SendMessagesInThreads : PermissionFlagsBits.SendMessages);
      if ((s.botPermissions(channel.guildId, channel.api.id) & needed) !== needed)
        return missingPermissions();
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
    const problem = messageProblem(api);
    if (problem) return problemReply(problem);
    s.storeMessage(api, false);
    return { status: 200, body: api };
  }

  private botEdit(ctx: Context, p: Params): Reply {
    const stored = this.state.message(p.channel ?? '', p.message ?? '');
    if (!stored) return unknown.message();
    if (stored.api.author.id !== this.state.botUserId) {
      return error(403, 50005, 'Cannot edit a message authored by another user');
    }
    const edited = this.edit(stored, ctx.body as MessageBody, ctx.files, DEFAULT_ATTACHMENT_SIZE_LIMIT);
    return isReply(edited) ? edited : { status: 200, body: edited };
  }

  /** The bot deletes its own messages freely; another's needs Manage Messages, and never in a DM. */
  private deleteMessage(p: Params): Reply {
    const s = this.state;
    const channel = s.channels.get(p.channel ?? '');
    if (!channel) return unknown.channel();
    const stored = s.message(channel.api.id, p.message ?? '');
    if (!stored) return unknown.message();
    if (stored.api.author.id !== s.botUserId) {
      if (!channel.guildId) return error(403, 50003, 'Cannot execute action on a DM channel');
      const perms = s.botPermissions(channel.guildId, channel.api.id);
      if ((perms & PermissionFlagsBits.ManageMessages) === 0n) return missingPermissions();
    }
    stored.deleted = true;
    return { status: 204 };
  }

  private createThread(ctx: Context, p: Params): Reply {
    const s = this.state;
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
      ...(body.auto_archive_duration === undefined
        ? {}
        : { autoArchiveDuration: body.auto_archive_duration }),
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
    this.gateway.dispatch('THREAD_CREATE', { ...thread, newly_created: true }).catch(() => {});
    return { status: 201, body: thread };
  }

  // --- application commands -------------------------------------------------------------------------

  private putCommands(ctx: Context, p: Params, guildId: string | null | undefined): Reply {
    const s = this.state;
    if (p.app !== s.applicationId)
      return error(403, 20012, 'You are not authorized to perform this action on this application');
    if (guildId && !s.guilds.has(guildId)) return unknown.guild();
    if (!Array.isArray(ctx.body) || ctx.body.length > 100) return invalidFormBody();
    const previous = guildId ? (s.guildCommands.get(guildId) ?? []) : s.globalCommands;
    const commands = (ctx.body as Partial<APIApplicationCommand>[]).map((c) => {
      const type = c.type ?? ApplicationCommandType.ChatInput;
      const existing = previous.find((old) => old.name === c.name && old.type === type);
      return {
        ...c,
        id: existing?.id ?? s.unregisteredCommandIds.get(c.name ?? '') ?? snowflake(),
        application_id: s.applicationId,
        version: snowflake(),
        type,
        description: c.description ?? '',
        default_member_permissions: c.default_member_permissions ?? null,
        nsfw: c.nsfw ?? false,
        ...(guildId ? { guild_id: guildId } : {}),
      } as APIApplicationCommand;
    });
    if (guildId) s.guildCommands.set(guildId, commands);
    else s.globalCommands = commands;
    return { status: 200, body: commands };
  }

  private getCommands(p: Params, guildId: string | null | undefined): Reply {
    const s = this.state;
    if (p.app !== s.applicationId)
      return error(403, 20012, 'You are not authorized to perform this action on this application');
    return { status: 200, body: guildId ? (s.guildCommands.get(guildId) ?? []) : s.globalCommands };
  }
}

/** The type of the message answering an interaction: a command's reply, a context menu's, or a plain one. */
function responseType(it: FakeInteraction): MessageType {
  if (!it.commandName) return MessageType.Default;
  return it.commandType === ApplicationCommandType.ChatInput
    ? MessageType.ChatInputCommand
    : MessageType.ContextMenuCommand;
}

/** `%40original` arrives encoded; a malformed escape stays as it was rather than failing the request. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
