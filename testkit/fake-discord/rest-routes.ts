/**
 * What the fake's REST modules share: a route, what its handler is given and answers, how a request
 * finds its route, and Discord's error answers (status, JSON code and message as Discord words them).
 */

import type { MessageProblem } from './payloads.ts';
import type { RecordedFile, RouteKind } from './types.ts';

export interface Reply {
  status: number;
  body?: unknown;
}

/** The parsed request a handler answers: JSON, or multipart's `payload_json` plus its files. */
export interface Context {
  query: Record<string, string>;
  body: unknown;
  files: RecordedFile[];
}

/** The values of a route's `:name` segments, by name. */
export type Params = Record<string, string>;

export interface Route {
  method: string;
  segments: string[];
  kind: RouteKind;
  /** Interaction callbacks and interaction webhooks are authenticated by the token in the path. */
  botAuth: boolean;
  handle: (ctx: Context, p: Params) => Reply;
}

/** A route for `pattern` (as after /api/v10, `:name` for a parameter); bot-authenticated unless told. */
export function route(
  method: string,
  pattern: string,
  kind: RouteKind,
  handle: Route['handle'],
  botAuth = true,
): Route {
  return { method, segments: pattern.split('/').slice(1), kind, botAuth, handle };
}

/** The first route that fits, so a literal segment (`@me`) must come before a parameter in its place. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  segments: string[],
): { route: Route; params: Params } | undefined {
  for (const candidate of routes) {
    if (candidate.method !== method || candidate.segments.length !== segments.length) continue;
    const params: Params = {};
    const ok = candidate.segments.every((pattern, i) => {
      const actual = segments[i] ?? '';
      if (pattern.startsWith(':')) {
        params[pattern.slice(1)] = actual;
        return actual.length > 0;
      }
      return pattern === actual;
    });
    if (ok) return { route: candidate, params };
  }
  return undefined;
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

/** A message Discord would refuse, answered with the field at fault in Discord's nested `errors`. */
export function problemReply(problem: MessageProblem): Reply {
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

/** Whether a helper returned a refusal rather than what it was asked for. */
export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value;
}
