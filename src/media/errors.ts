/**
 * Typed failures of the Media API client, one class per failure kind (in the manner of
 * openai-node). Every error carries the response status and headers when there was a
 * response, and never the API token: messages are built only from the method, the path and
 * what the service answered, and the client scrubs the token from any text the service sends.
 * Which class an answer that is not a 2xx becomes is decided here, by `MediaApiError.generate`.
 */
import type { z } from 'zod';
import { usdToMicros } from '../money.ts';
import {
  type FieldErrors,
  insufficientBalanceBodySchema,
  notFoundBodySchema,
  validationErrorBodySchema,
} from './schemas.ts';

interface MediaApiErrorInit {
  status?: number;
  headers?: Record<string, string>;
  cause?: unknown;
}

/** What the errors of an answer say beside the answer itself: which request, and how to clean text. */
export interface ResponseContext {
  /** `METHOD /path`, the path already scrubbed of the token. */
  where: string;
  /** Removes the API token from text the service sent (it may echo anything back). */
  scrub(text: string): string;
  /** Now, on the client's clock: a `Retry-After` may be a date. */
  now: number;
}

/** Base of every error the Media API client throws. Also used as is for an unexpected status. */
export class MediaApiError extends Error {
  readonly status?: number;
  readonly headers?: Record<string, string>;

  constructor(message: string, init: MediaApiErrorInit = {}) {
    // `cause` set through the options is not enumerable, so JSON.stringify leaves it out.
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    if (init.status !== undefined) this.status = init.status;
    if (init.headers !== undefined) this.headers = init.headers;
  }

  /**
   * The error for an answer that is not a 2xx (in the manner of openai-node's `APIError.generate`):
   * the class of its status, with what the service said in the documented body of that status.
   * A documented body that does not match its shape gives a ProtocolError; a status the spec does
   * not name, a MediaApiError (a ServerError for 5xx) with the service's words if it sent any.
   */
  static generate(
    status: number,
    body: string,
    headers: Record<string, string>,
    context: ResponseContext,
  ): MediaApiError {
    try {
      return MediaApiError.#fromStatus(status, body, headers, context);
    } catch (err) {
      if (err instanceof ProtocolError) return err;
      throw err;
    }
  }

  static #fromStatus(
    status: number,
    body: string,
    headers: Record<string, string>,
    context: ResponseContext,
  ): MediaApiError {
    const { where, scrub } = context;
    const init = { status, headers };
    switch (status) {
      case 401:
        return new UnauthenticatedError(
          `${where}: unauthenticated (401): the API token is missing or invalid`,
          init,
        );
      case 402: {
        const parsed = parseBody(insufficientBalanceBodySchema, status, headers, body, context);
        return new InsufficientBalanceError(scrub(parsed.message), {
          ...init,
          requiredMicros: usdToMicros(parsed.required),
          balanceMicros: usdToMicros(parsed.balance),
        });
      }
      case 404: {
        const parsed = parseBody(notFoundBodySchema, status, headers, body, context);
        return new NotFoundError(scrub(parsed.error), init);
      }
      case 422: {
        const parsed = parseBody(validationErrorBodySchema, status, headers, body, context);
        const fieldErrors: FieldErrors = {};
        for (const [field, messages] of Object.entries(parsed.errors)) {
          fieldErrors[scrub(field)] = messages.map((m) => scrub(m));
        }
        return new ValidationError(scrub(parsed.message), { ...init, fieldErrors });
      }
      case 429: {
        const retryAfterMs = parseRetryAfter(headers['retry-after'], context.now);
        const after = retryAfterMs === undefined ? '' : `, retry after ${retryAfterMs / 1000}s`;
        return new RateLimitedError(`${where}: rate limited (429)${after}`, { ...init, retryAfterMs });
      }
    }
    const detail = serviceWords(body, scrub);
    if (status >= 500) return new ServerError(`${where}: server error (${status})${detail}`, init);
    return new MediaApiError(`${where}: unexpected status ${status}${detail}`, init);
  }
}

/** 401: the token is missing or invalid. */
export class UnauthenticatedError extends MediaApiError {}

/** 402: the price of the request exceeds the balance. Nothing was charged. */
export class InsufficientBalanceError extends MediaApiError {
  readonly requiredMicros: number;
  readonly balanceMicros: number;

  constructor(message: string, init: MediaApiErrorInit & { requiredMicros: number; balanceMicros: number }) {
    super(message, init);
    this.requiredMicros = init.requiredMicros;
    this.balanceMicros = init.balanceMicros;
  }
}

/** 404: unknown generation id or model slug; the message is the service's `error` text. */
export class NotFoundError extends MediaApiError {}

/** 422: the service rejected the request's fields. */
export class ValidationError extends MediaApiError {
  readonly fieldErrors: FieldErrors;

  constructor(message: string, init: MediaApiErrorInit & { fieldErrors: FieldErrors }) {
    super(message, init);
    this.fieldErrors = init.fieldErrors;
  }
}

/** 429: over the request budget; `retryAfterMs` comes from the `Retry-After` header. */
export class RateLimitedError extends MediaApiError {
  readonly retryAfterMs: number | undefined;

  constructor(message: string, init: MediaApiErrorInit & { retryAfterMs: number | undefined }) {
    super(message, init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 5xx. On POST /generations the generation may nevertheless have been created (and charged). */
export class ServerError extends MediaApiError {}

export interface ProtocolIssue {
  /** Dotted path of the offending field (`data.status`), or `(body)` for the body as a whole. */
  path: string;
  message: string;
}

/** The service answered with a body that is not JSON or does not match the expected schema. */
export class ProtocolError extends MediaApiError {
  readonly issues: readonly ProtocolIssue[];

  constructor(message: string, init: MediaApiErrorInit & { issues: readonly ProtocolIssue[] }) {
    super(message, init);
    this.issues = init.issues;
  }
}

/**
 * A body validated against `schema`; a ProtocolError naming where it went wrong (at most three
 * places in the message, every one in `issues`) when it is not JSON or not of that shape.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  status: number,
  headers: Record<string, string>,
  body: string,
  { where, scrub }: ResponseContext,
): z.infer<S> {
  const json = parseJson(body);
  if (!json.ok) {
    const contentType = headers['content-type'] ?? 'none';
    const issue = { path: '(body)', message: `not JSON (content-type: ${contentType})` };
    throw new ProtocolError(`${where}: unexpected response body (${status}): ${issue.message}`, {
      status,
      headers,
      issues: [issue],
    });
  }
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    const issues: ProtocolIssue[] = parsed.error.issues.map((issue) => ({
      path: scrub(formatPath(issue.path)),
      message: scrub(issue.message),
    }));
    const summary = issues
      .slice(0, 3)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; ');
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    throw new ProtocolError(`${where}: unexpected response body (${status}): ${summary}${more}`, {
      status,
      headers,
      issues,
    });
  }
  return parsed.data;
}

/** No complete answer within the client's `timeoutMs`; the request may have reached the service. */
export class TimeoutError extends MediaApiError {}

/** The connection failed. */
export class NetworkError extends MediaApiError {
  /**
   * False only when provably nothing was sent (refused connection, unknown host, connect
   * timeout); true when the connection broke after the request may have been written.
   */
  readonly mayHaveReachedService: boolean;
  /** The system or undici error code, e.g. `ECONNREFUSED`, `UND_ERR_SOCKET`. */
  readonly code: string | undefined;

  constructor(message: string, init: MediaApiErrorInit & { mayHaveReachedService: boolean; code?: string }) {
    super(message, init);
    this.mayHaveReachedService = init.mayHaveReachedService;
    this.code = init.code;
  }
}

/** The caller's AbortSignal fired. */
export class AbortedError extends MediaApiError {
  /** False when the abort came while waiting for the rate limiter or a retry, before sending. */
  readonly mayHaveReachedService: boolean;

  constructor(message: string, init: MediaApiErrorInit & { mayHaveReachedService: boolean }) {
    super(message, init);
    this.mayHaveReachedService = init.mayHaveReachedService;
  }
}

/**
 * Whether a failed POST /generations may nevertheless have created (and charged) a generation,
 * so that the caller should look for it in the list before trying again.
 */
export function mayHaveCreatedGeneration(err: unknown): boolean {
  if (err instanceof NetworkError || err instanceof AbortedError) return err.mayHaveReachedService;
  if (
    err instanceof UnauthenticatedError ||
    err instanceof InsufficientBalanceError ||
    err instanceof NotFoundError ||
    err instanceof ValidationError ||
    err instanceof RateLimitedError
  ) {
    return false;
  }
  // 5xx, timeouts, a malformed 201 body, an unexpected status, or not our error at all.
  return true;
}

// A Retry-After beyond this is taken as a mistake rather than a reason to stop the whole bot.
const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** `Retry-After` as delay-seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  let ms: number;
  if (Number.isFinite(seconds)) {
    ms = seconds * 1000;
  } else {
    const at = Date.parse(value);
    if (Number.isNaN(at)) return undefined;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

/** The service's own words from an error body whose shape the spec does not give, if any. */
function serviceWords(body: string, scrub: (text: string) => string): string {
  const json = parseJson(body);
  if (!json.ok || typeof json.value !== 'object' || json.value === null) return '';
  const { message, error } = json.value as { message?: unknown; error?: unknown };
  const words = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
  return words ? `: ${scrub(words).slice(0, 300)}` : '';
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(body)';
  return path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
