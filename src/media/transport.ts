/**
 * How a request to the Media Generation API travels, whatever the endpoint (client.ts says which
 * endpoints there are): through the shared rate limiter, with the token and a per-attempt timeout,
 * bounded retries with exponential backoff and full jitter for what may be sent again, the token
 * scrubbed from whatever comes back, and every exchange told to the metrics hook. Kept apart from
 * the endpoints so that the rules on re-sending a paid POST live in one place.
 */
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { Clock } from '../clock.ts';
import { request } from '../http-agent.ts';
import type { Logger } from '../log.ts';
import {
  AbortedError,
  MediaApiError,
  NetworkError,
  parseBody,
  RateLimitedError,
  type ResponseContext,
  ServerError,
  TimeoutError,
} from './errors.ts';
import type { Grant, Priority, RateLimiter } from './rate-limiter.ts';

/**
 * One HTTP exchange: the endpoint as a template (`GET /generations/{id}`, never an id), and the
 * status, or `network` / `timeout` when no status came back.
 */
export interface Exchange {
  endpoint: string;
  status: number | 'network' | 'timeout';
  /** Wall seconds from sending the request to its answer's body (or the failure), for the latency histogram. */
  seconds: number;
}

/** The client's options with their defaults applied (MediaClientOptions documents each). */
export interface TransportSettings {
  /** Without a trailing slash. */
  baseUrl: string;
  token: string;
  limiter: RateLimiter;
  clock: Clock;
  dispatcher: Dispatcher;
  timeoutMs: number;
  maxRetries: number;
  log: Logger;
  random: () => number;
  onExchange: ((exchange: Exchange) => void) | undefined;
}

type Query = Record<string, string | number | undefined>;

/** One request of an endpoint, as the transport sends it (and, when it may, sends it again). */
export interface Call<T> {
  method: 'GET' | 'POST';
  path: string;
  /** The path as a template, for metrics (`/generations/{id}`); `path` when it has no ids. */
  route?: string;
  query?: Query;
  body?: unknown;
  schema: z.ZodType<T>;
  priority: Priority;
  signal: AbortSignal | undefined;
  waitSignal?: AbortSignal;
  grant?: Grant;
  onWire?: (onItsWay: boolean) => void;
}

/** Why a request's timer is stopped once it has its answer (a reason, so no DOMException is built). */
const ANSWERED = 'answered';
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 8_000;

// Error codes raised while connecting, before a single byte of the request was written.
const CONNECT_PHASE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** The signal that ends waiting: the caller's, the wait-only one, or both. */
function waitingSignal(call: Call<unknown>): AbortSignal | undefined {
  const signals = [call.signal, call.waitSignal].filter((s): s is AbortSignal => s !== undefined);
  return signals.length > 1 ? AbortSignal.any(signals) : signals[0];
}

/** Sends the client's calls to the service, and sends them again when that is safe. */
export class MediaTransport {
  // A private field: the token is not enumerable, so logging or serialising the transport never shows it.
  readonly #token: string;
  readonly #baseUrl: string;
  readonly #limiter: RateLimiter;
  readonly #clock: Clock;
  readonly #dispatcher: Dispatcher;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #log: Logger;
  readonly #random: () => number;
  readonly #onExchange: ((exchange: Exchange) => void) | undefined;

  constructor(settings: TransportSettings) {
    this.#token = settings.token;
    this.#baseUrl = settings.baseUrl;
    this.#limiter = settings.limiter;
    this.#clock = settings.clock;
    this.#dispatcher = settings.dispatcher;
    this.#timeoutMs = settings.timeoutMs;
    this.#maxRetries = settings.maxRetries;
    this.#log = settings.log;
    this.#random = settings.random;
    this.#onExchange = settings.onExchange;
  }

  /** Resolves with the call's validated body; throws the last attempt's error when no retry is left or allowed. */
  async send<T>(call: Call<T>): Promise<T> {
    const target = withQuery(call.path, call.query);
    // The path holds caller-supplied ids and filters and goes into messages and logs: scrubbed, like all text.
    const path = this.#scrub(target);
    const waiting = waitingSignal(call);
    for (let attempt = 0; ; attempt++) {
      let granted: Grant;
      try {
        // A retry always asks again: the grant given was spent by the first attempt.
        granted =
          attempt === 0 && call.grant ? call.grant : await this.#limiter.acquire(call.priority, waiting);
      } catch (err) {
        throw this.#abortedBeforeSending(call, path, err);
      }
      try {
        call.onWire?.(true);
        return await this.#attempt(call, target, path, attempt).finally(() => void granted.answered());
      } catch (err) {
        call.onWire?.(false);
        if (!(err instanceof MediaApiError)) throw err;
        let delayMs = this.#backoffMs(attempt);
        if (err instanceof RateLimitedError) {
          // Every caller of the token pauses, not only this one, and also when this one gives up;
          // a retry's next acquire() waits the pause out.
          this.#limiter.pauseFor(err.retryAfterMs ?? delayMs);
          delayMs = 0;
        }
        if (attempt >= this.#maxRetries || !mayResend(call, err)) throw err;
        this.#log.debug(
          { method: call.method, path, attempt, delayMs, reason: err.name, status: err.status },
          'media api retry',
        );
        if (delayMs > 0) {
          try {
            await this.#clock.sleep(delayMs, waiting);
          } catch (sleepErr) {
            throw this.#abortedBeforeSending(call, path, sleepErr);
          }
        }
      }
    }
  }

  #exchanged(call: Call<unknown>, status: Exchange['status'], sentAt: number): void {
    const seconds = (performance.now() - sentAt) / 1000;
    this.#onExchange?.({ endpoint: `${call.method} ${call.route ?? call.path}`, status, seconds });
  }

  /** One HTTP exchange to `target`: resolves with the validated body or throws a MediaApiError. */
  async #attempt<T>(call: Call<T>, target: string, path: string, attempt: number): Promise<T> {
    if (call.signal?.aborted) throw this.#abortedBeforeSending(call, path, call.signal.reason);
    const controller = new AbortController();
    let timedOut = false;
    const stopTimer = new AbortController();
    this.#clock.sleep(this.#timeoutMs, stopTimer.signal).then(
      () => {
        timedOut = true;
        controller.abort();
      },
      () => {},
    );
    const onCallerAbort = () => controller.abort();
    call.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      accept: 'application/json',
    };
    let requestBody: string | undefined;
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      requestBody = JSON.stringify(call.body);
    }

    const started = this.#clock.now();
    // Wall time, whatever the bot's clock: a latency is the network's and the service's.
    const sentAt = performance.now();
    let status: number;
    let responseHeaders: Record<string, string>;
    let text: string;
    try {
      const res = await request(`${this.#baseUrl}${target}`, {
        method: call.method,
        headers,
        body: requestBody,
        dispatcher: this.#dispatcher,
        signal: controller.signal,
      });
      status = res.statusCode;
      responseHeaders = this.#scrubHeaders(flattenHeaders(res.headers));
      text = await res.body.text();
    } catch (err) {
      const failure = this.#transportError(call, path, err, timedOut);
      // A caller's abort is not the service's doing: only what the network or the clock ended.
      if (failure instanceof NetworkError || timedOut)
        this.#exchanged(call, timedOut ? 'timeout' : 'network', sentAt);
      this.#log.debug(
        {
          method: call.method,
          path,
          attempt,
          error: failure.name,
          code: failure instanceof NetworkError ? failure.code : undefined,
          ms: this.#clock.now() - started,
        },
        'media api request failed',
      );
      throw failure;
    } finally {
      // With a reason: abort() without one builds a DOMException (and its stack) on every request.
      stopTimer.abort(ANSWERED);
      call.signal?.removeEventListener('abort', onCallerAbort);
    }

    this.#log.debug(
      { method: call.method, path, status, attempt, ms: this.#clock.now() - started },
      'media api response',
    );
    this.#exchanged(call, status, sentAt);
    if (status >= 200 && status < 300) {
      return parseBody(call.schema, status, responseHeaders, text, this.#context(call, path));
    }
    throw MediaApiError.generate(status, text, responseHeaders, this.#context(call, path));
  }

  /** What the errors of an answer to this call need beside the answer. */
  #context(call: Call<unknown>, path: string): ResponseContext {
    return { where: `${call.method} ${path}`, scrub: (text) => this.#scrub(text), now: this.#clock.now() };
  }

  #transportError(call: Call<unknown>, path: string, err: unknown, timedOut: boolean): MediaApiError {
    const where = `${call.method} ${path}`;
    const code = errorCode(err);
    if (timedOut || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new TimeoutError(`${where}: no answer within ${this.#timeoutMs} ms`, { cause: err });
    }
    if (call.signal?.aborted) {
      // The request was under way; whether it reached the service cannot be known.
      return new AbortedError(`${where}: aborted by the caller`, { cause: err, mayHaveReachedService: true });
    }
    const nothingSent =
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      (code !== undefined && CONNECT_PHASE_CODES.has(code) && isConnectPhase(err));
    const reason = err instanceof Error ? this.#scrub(err.message) : 'unknown error';
    return new NetworkError(`${where}: network error: ${reason}`, {
      cause: err,
      code,
      mayHaveReachedService: !nothingSent,
    });
  }

  #abortedBeforeSending(call: Call<unknown>, path: string, err: unknown): unknown {
    if (!call.signal?.aborted && !call.waitSignal?.aborted) return err;
    return new AbortedError(`${call.method} ${path}: aborted by the caller before sending`, {
      cause: err,
      mayHaveReachedService: false,
    });
  }

  #backoffMs(attempt: number): number {
    // Full jitter: a uniform delay up to the exponential bound, so that callers spread out.
    return Math.floor(this.#random() * Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt));
  }

  #scrubHeaders(headers: Record<string, string>): Record<string, string> {
    const clean: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) clean[this.#scrub(name)] = this.#scrub(value);
    return clean;
  }

  /** Removes the token from text the service, the network stack or the caller produced. */
  #scrub(text: string): string {
    return text.split(this.#token).join('[REDACTED]');
  }
}

/**
 * Whether a failed request may be sent again. Reads are safe to repeat. POST /generations
 * charges the balance, so it is NEVER re-sent once it may have reached the service: a second
 * send could create and charge a second generation. It is re-sent only when the service
 * provably did not process it: a 429 (the service refused it) or a connection error before
 * anything was written (refused connection, unknown host, connect timeout). A 5xx, a timeout
 * or a connection reset after sending throws at once; the caller then looks for the
 * generation in the list instead.
 */
function mayResend(call: Call<unknown>, err: MediaApiError): boolean {
  if (err instanceof RateLimitedError) return true;
  if (err instanceof NetworkError && !err.mayHaveReachedService) return true;
  if (call.method !== 'GET') return false;
  return err instanceof ServerError || err instanceof TimeoutError || err instanceof NetworkError;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function isConnectPhase(err: unknown): boolean {
  const syscall = (err as { syscall?: unknown }).syscall;
  return syscall === 'connect' || syscall === 'getaddrinfo';
}
