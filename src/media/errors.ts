/**
 * Typed failures of the Media API client, one class per failure kind (in the manner of
 * openai-node). Every error carries the response status and headers when there was a
 * response, and never the API token: messages are built only from the method, the path and
 * what the service answered, and the client scrubs the token from any text the service sends.
 */
import type { FieldErrors } from './schemas.ts';

interface MediaApiErrorInit {
  status?: number;
  headers?: Record<string, string>;
  cause?: unknown;
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
