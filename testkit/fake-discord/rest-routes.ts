/**
 * What the fake's REST modules share: a route, what its handler is given and answers, how a request
 * finds its route, and Discord's error answers (status, JSON code and message as Discord words them).
 */

import type { OAuthGrant } from './oauth-grants.ts';
import type { MessageProblem } from './payloads.ts';
import type { RecordedFile, RouteKind } from './types.ts';

export interface Reply {
  status: number;
  /** Answered as JSON. */
  body?: unknown;
  /** Answered as an HTML page instead (the OAuth2 consent and error pages). */
  html?: string;
  /** Extra headers, e.g. a redirect's `location`. */
  headers?: Record<string, string>;
}

/**
 * The parsed request a handler answers: JSON, multipart's `payload_json` plus its files, or a
 * form's fields (OAuth2 posts forms).
 */
export interface Context {
  query: Record<string, string>;
  body: unknown;
  files: RecordedFile[];
  /** The request's Content-Type (the OAuth2 endpoints take forms only). */
  contentType?: string;
  /** The request's Authorization header (the token endpoint reads a client's Basic credentials). */
  authorization?: string;
  /** The OAuth2 grant of the bearer token, on a route that takes one. */
  grant?: OAuthGrant;
}

/**
 * Who a route lets in: the bot's token (`Bot …`), a member's OAuth2 access token (`Bearer …`), or
 * anyone (interaction routes are authenticated by the token in their path, OAuth2's by the client).
 */
export type RouteAuth = 'bot' | 'bearer' | 'none';

/**
 * Where a route is served: below /api/v10 (every bot route), below /api without a version (as
 * Discord's OAuth2 documentation writes its URLs), or on the origin (the browser's consent page).
 */
export type RouteBase = 'v10' | 'api' | 'origin';

/** The values of a route's `:name` segments, by name. */
export type Params = Record<string, string>;

export interface Route {
  method: string;
  segments: string[];
  kind: RouteKind;
  auth: RouteAuth;
  bases: readonly RouteBase[];
  handle: (ctx: Context, p: Params) => Reply;
}

/**
 * A route for `pattern` (as after the base, `:name` for a parameter); by default bot-authenticated
 * and served below /api/v10.
 */
export function route(
  method: string,
  pattern: string,
  kind: RouteKind,
  handle: Route['handle'],
  opts: { auth?: RouteAuth; bases?: readonly RouteBase[] } = {},
): Route {
  return {
    method,
    segments: pattern.split('/').slice(1),
    kind,
    auth: opts.auth ?? 'bot',
    bases: opts.bases ?? ['v10'],
    handle,
  };
}

/**
 * The route that fits: the first, so a literal segment (`@me`) must come before a parameter in its
 * place; but where two routes share a path (GET /users/@me: the bot's own user, or a member's by
 * OAuth2), the member's when the request carries a bearer token and the other one otherwise.
 */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  base: RouteBase,
  segments: string[],
  authorization?: string,
): { route: Route; params: Params } | undefined {
  const matches = routes.flatMap((candidate) => {
    const params = candidate.bases.includes(base) ? matchSegments(candidate, method, segments) : undefined;
    return params ? [{ route: candidate, params }] : [];
  });
  const bearer = authorization?.startsWith('Bearer ') ?? false;
  return matches.find((m) => (m.route.auth === 'bearer') === bearer) ?? matches[0];
}

function matchSegments(candidate: Route, method: string, segments: string[]): Params | undefined {
  if (candidate.method !== method || candidate.segments.length !== segments.length) return undefined;
  const params: Params = {};
  const ok = candidate.segments.every((pattern, i) => {
    const actual = segments[i] ?? '';
    if (pattern.startsWith(':')) {
      params[pattern.slice(1)] = actual;
      return actual.length > 0;
    }
    return pattern === actual;
  });
  return ok ? params : undefined;
}

/** Discord's error answer: `{ message, code }` with the HTTP status. */
export function error(status: number, code: number, message: string): Reply {
  return { status, body: { message, code } };
}

export const unknown = {
  channel: () => error(404, 10003, 'Unknown Channel'),
  guild: () => error(404, 10004, 'Unknown Guild'),
  member: () => error(404, 10007, 'Unknown Member'),
  message: () => error(404, 10008, 'Unknown Message'),
  user: () => error(404, 10013, 'Unknown User'),
  webhook: () => error(404, 10015, 'Unknown Webhook'),
  interaction: () => error(404, 10062, 'Unknown interaction'),
};
export const missingPermissions = () => error(403, 50013, 'Missing Permissions');
export const invalidFormBody = () => error(400, 50035, 'Invalid Form Body');
export const tooLarge = () => error(413, 40005, 'Request entity too large');

/**
 * A request Discord would refuse, answered with the field at fault in Discord's nested `errors`: a
 * dotted field (`components.0.components.1.sku_id`) nests as Discord nests it.
 */
export function problemReply(problem: MessageProblem): Reply {
  const reply = error(problem.status, problem.code, problem.message);
  if (!problem.detail) return reply;
  const [field = '', ...why] = problem.detail.split(': ');
  let errors: object = { _errors: [{ code: 'BASE_TYPE_INVALID', message: why.join(': ') }] };
  for (const key of field.split('.').reverse()) errors = { [key]: errors };
  return { ...reply, body: { ...(reply.body as object), errors } };
}

/** Whether a helper returned a refusal rather than what it was asked for. */
export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value;
}
