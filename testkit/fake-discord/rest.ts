/**
 * The fake's REST server: the request listener, which matches a route, checks its token (the bot's,
 * or a member's OAuth2 bearer token) and the body against Discord's OpenAPI description, applies
 * test faults, records the call and answers; plus the attachment "CDN", which serves a link only
 * while its signature holds. The routes themselves live in the rest-*.ts and oauth-pages.ts modules
 * beside it.
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallLog } from './call-log.ts';
import type { FaultList } from './faults.ts';
import type { FakeGateway } from './gateway.ts';
import { parseBody } from './multipart.ts';
import { authorizePageRoutes } from './oauth-pages.ts';
import { type BodyViolation, type OpenApiValidator, openApiValidator } from './openapi.ts';
import { attachmentRoutes } from './rest-attachments.ts';
import { channelRoutes } from './rest-channel-messages.ts';
import { commandRoutes } from './rest-commands.ts';
import { interactionRoutes } from './rest-interaction-callbacks.ts';
import { lookupRoutes } from './rest-lookups.ts';
import { oauthRoutes } from './rest-oauth.ts';
import { type Context, error, matchRoute, type Reply, type Route, type RouteBase } from './rest-routes.ts';
import { storeRoutes } from './rest-store.ts';
import type { FakeState } from './state.ts';
import type { FakeFault } from './types.ts';

const API_PREFIX = '/api/v10';
const UNVERSIONED_PREFIX = '/api';

/**
 * The REST half of the fake: routes under /api/v10 (the OAuth2 ones under /api too), the consent
 * page on the origin, plus the attachment "CDN" under /attachments.
 */
export class FakeRest {
  private readonly routes: readonly Route[];

  private readonly state: FakeState;
  private readonly log: CallLog;
  private readonly faults: FaultList;
  /** Bodies Discord's OpenAPI description refuses; the fake's close() fails when any is here. */
  private readonly violations: BodyViolation[];
  private readonly schema: OpenApiValidator;

  constructor(
    state: FakeState,
    log: CallLog,
    gateway: FakeGateway,
    faults: FaultList,
    violations: BodyViolation[] = [],
    schema: OpenApiValidator = openApiValidator(),
  ) {
    this.state = state;
    this.log = log;
    this.faults = faults;
    this.violations = violations;
    this.schema = schema;
    this.routes = [
      // Before lookupRoutes' GET /users/:user, which would take `@me` for a user id.
      ...oauthRoutes(state),
      ...lookupRoutes(state),
      ...interactionRoutes(state, gateway),
      ...channelRoutes(state, gateway),
      ...commandRoutes(state),
      ...attachmentRoutes(state),
      ...storeRoutes(state),
      ...authorizePageRoutes(state),
    ];
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
      this.serveAttachment(url, res);
      return;
    }
    const { base, rest } = splitBase(url.pathname);
    const segments = rest.split('/').slice(1).map(safeDecode);
    const path = `/${segments.join('/')}`;
    const query = Object.fromEntries(url.searchParams);
    const authorization = req.headers.authorization;
    const contentType = req.headers['content-type'];

    let ctx: Context = { query, body: undefined, files: [] };
    let route: Route | undefined;
    let reply: Reply;
    let fault: FakeFault | undefined;
    try {
      ctx = {
        query,
        ...(await parseBody(raw, contentType)),
        ...(contentType === undefined ? {} : { contentType }),
        ...(authorization === undefined ? {} : { authorization }),
      };
      const match = matchRoute(this.routes, method, base, segments, authorization);
      route = match?.route;
      const grant = match?.route.auth === 'bearer' ? this.state.oauth.bearer(authorization) : undefined;
      if (!match) reply = error(404, 0, 'Unknown route');
      else if (match.route.auth === 'bot' && authorization !== `Bot ${this.state.botToken}`) {
        reply = error(401, 0, '401: Unauthorized');
      } else if (match.route.auth === 'bearer' && !grant) {
        reply = error(401, 0, '401: Unauthorized');
      } else {
        if (grant) ctx.grant = grant;
        const refused = base === 'origin' ? undefined : this.schemaCheck(method, path, ctx.body);
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
    const location = reply.headers?.location;
    this.log.record({
      method,
      path,
      query,
      route: route?.kind ?? 'other',
      body: ctx.body,
      files: ctx.files,
      status: reply.status,
      response: reply.html ?? reply.body,
      ...(location === undefined ? {} : { location }),
      at: Date.now(),
      ...(fault ? { fault: fault.kind } : {}),
    });
    await fault?.meanwhile?.();
    // Never answered: the client waits until it gives up or dies; close() drops the socket.
    if (fault?.kind === 'hold') return;
    const headers = reply.headers ?? {};
    if (reply.html !== undefined) {
      res.writeHead(reply.status, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(reply.html);
    } else if (reply.body === undefined) {
      res.writeHead(reply.status, headers).end();
    } else {
      res
        .writeHead(reply.status, { ...headers, 'content-type': 'application/json' })
        .end(JSON.stringify(reply.body));
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

  /**
   * The "CDN": a file by a link the fake signed, until the link expires; any other link (expired,
   * altered, made up) is a 404, as on Discord's CDN.
   */
  private serveAttachment(url: URL, res: ServerResponse): void {
    const target = this.state.links.verify(url.pathname, url.searchParams);
    const file = target ? this.state.files.get(target.attachmentId) : undefined;
    if (!target || !file || file.channelId !== target.channelId || file.filename !== target.filename) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('This content is no longer available.');
      return;
    }
    res
      .writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length })
      .end(file.data);
  }
}

/** Where a path is served from (see RouteBase) and the rest of it. */
function splitBase(pathname: string): { base: RouteBase; rest: string } {
  if (pathname.startsWith(`${API_PREFIX}/`)) return { base: 'v10', rest: pathname.slice(API_PREFIX.length) };
  if (pathname.startsWith(`${UNVERSIONED_PREFIX}/`)) {
    return { base: 'api', rest: pathname.slice(UNVERSIONED_PREFIX.length) };
  }
  return { base: 'origin', rest: pathname };
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
