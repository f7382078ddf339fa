/**
 * The Media Generation API client (spec: docs/media-generation-api.md), in the manner
 * of openai-node: injectable base URL and undici dispatcher, zod-validated bodies, one error
 * class per failure kind (errors.ts), and every request through one shared rate limiter. This
 * file holds the endpoints, one method each; how a request travels (retries with backoff and
 * full jitter, timeouts, the token's scrubbing, the exchange hook) is transport.ts.
 */
import type { Dispatcher } from 'undici';
import { type Clock, systemClock } from '../clock.ts';
import { httpAgent } from '../http-agent.ts';
import { type Logger, silentLogger } from '../log.ts';
import { usdToMicros } from '../money.ts';
import { createLocalRateLimiter, type Grant, type Priority, type RateLimiter } from './rate-limiter.ts';
import {
  type Account,
  type CreatedGenerationRecord,
  type CreateGenerationRequest,
  createGenerationResponseSchema,
  type Generation,
  getAccountResponseSchema,
  getGenerationResponseSchema,
  getModelResponseSchema,
  listGenerationsResponseSchema,
  listModelsResponseSchema,
  type MediaType,
  type Model,
  type PageMeta,
  type UsagePage,
  usagePageSchema,
} from './schemas.ts';
import { type Exchange, MediaTransport } from './transport.ts';

// The hook's argument is part of the client's options: its callers read it from here.
export type { Exchange } from './transport.ts';

export interface MediaClientOptions {
  /** Ends in `/api/v1`. */
  baseUrl: string;
  token: string;
  /** The one budget shared by every caller of the token; a local 120/min limiter by default. */
  limiter?: RateLimiter;
  clock?: Clock;
  dispatcher?: Dispatcher;
  /** Per attempt, in clock time, until the whole body has arrived. */
  timeoutMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  logger?: Logger;
  /** For the backoff jitter; tests pass `() => 0`. */
  random?: () => number;
  /** Told of every HTTP exchange with the service, retries included (for /metrics). */
  onExchange?: (exchange: Exchange) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Gives up waiting for the rate limiter or a retry's backoff, but never aborts a request already
   * on its way: what it aborts provably did not reach the service.
   */
  waitSignal?: AbortSignal;
}

export interface CreateOptions extends RequestOptions {
  /**
   * A request of the budget already granted for this POST (waitForBudget): its first attempt
   * spends it instead of asking the limiter, and answers it (Grant.answered) however it ends.
   */
  grant?: Grant;
  /**
   * Told true each time an attempt of this POST goes on its way to the service, false when one
   * failed and the next waits (a backoff, the rate limiter): so a member can be told whether their
   * request waits to be sent or was sent and waits for the service's answer.
   */
  onWire?: (onItsWay: boolean) => void;
}

export interface ReadOptions extends RequestOptions {
  /** `poll` (the default) for background status checks, `submit` when a member waits for the answer. */
  priority?: Priority;
}

export interface ListGenerationsQuery {
  type?: MediaType;
  perPage?: number;
  /** Only applies when `type` is given. */
  page?: number;
}

export interface ListUsageQuery {
  model?: string;
  type?: MediaType;
  perPage?: number;
  page?: number;
}

/** A 201's generation: at least its id (everything else is read leniently), and the price stated. */
export interface CreatedGeneration {
  generation: CreatedGenerationRecord;
  priceMicros: number | undefined;
}

/** Typed access to the Media Generation API. */
export class MediaClient {
  // Private fields: the transport holds the token, and logging or serialising the client shows neither.
  readonly #transport: MediaTransport;
  readonly #limiter: RateLimiter;

  constructor(opts: MediaClientOptions) {
    if (!opts.token) throw new TypeError('MediaClient needs an API token');
    const clock = opts.clock ?? systemClock;
    this.#limiter = opts.limiter ?? createLocalRateLimiter({ clock });
    this.#transport = new MediaTransport({
      baseUrl: opts.baseUrl.replace(/\/+$/, ''),
      token: opts.token,
      limiter: this.#limiter,
      clock,
      dispatcher: opts.dispatcher ?? httpAgent,
      timeoutMs: opts.timeoutMs ?? 30_000,
      maxRetries: opts.maxRetries ?? 3,
      log: opts.logger ?? silentLogger,
      random: opts.random ?? Math.random,
      onExchange: opts.onExchange,
    });
  }

  /**
   * Waits for one request of the budget at submission priority, for a POST whose sender is chosen
   * only once it is granted (the fair queue, jobs/send-line.ts): pass it to createGeneration as
   * `grant`, or answer it when nothing is sent. Rejects with the signal's reason when aborted.
   */
  waitForBudget(signal: AbortSignal): Promise<Grant> {
    return this.#limiter.acquire('submit', signal);
  }

  /** POST /generations: submits (and pays for) a generation. Never re-sent once it may have reached the service. */
  async createGeneration(req: CreateGenerationRequest, opts: CreateOptions = {}): Promise<CreatedGeneration> {
    const body = await this.#transport.send({
      method: 'POST',
      path: '/generations',
      body: req,
      schema: createGenerationResponseSchema,
      priority: 'submit',
      signal: opts.signal,
      waitSignal: opts.waitSignal,
      ...(opts.grant ? { grant: opts.grant } : {}),
      ...(opts.onWire ? { onWire: opts.onWire } : {}),
    });
    const price = body.price_usd;
    // The service has charged: an odd price is for the caller to flag, never a reason to drop the
    // generation. `priceMicros` is undefined when no number was stated.
    const priceMicros = typeof price === 'number' && Number.isFinite(price) ? usdToMicros(price) : undefined;
    return { generation: body.data, priceMicros };
  }

  /** GET /generations/{id}. */
  async getGeneration(id: string, opts: ReadOptions = {}): Promise<Generation> {
    const body = await this.#transport.send({
      method: 'GET',
      path: `/generations/${encodeURIComponent(id)}`,
      route: '/generations/{id}',
      schema: getGenerationResponseSchema,
      priority: opts.priority ?? 'poll',
      signal: opts.signal,
    });
    return body.data;
  }

  /** GET /generations: one page of a type, or the combined most-recent list (without `meta`) when `type` is absent. */
  async listGenerations(
    q: ListGenerationsQuery = {},
    opts: ReadOptions = {},
  ): Promise<{ generations: Generation[]; meta?: PageMeta }> {
    const body = await this.#transport.send({
      method: 'GET',
      path: '/generations',
      query: { type: q.type, per_page: q.perPage, page: q.page },
      schema: listGenerationsResponseSchema,
      priority: opts.priority ?? 'poll',
      signal: opts.signal,
    });
    return body.meta ? { generations: body.data, meta: body.meta } : { generations: body.data };
  }

  /** GET /models. */
  async listModels(opts: ReadOptions = {}): Promise<Model[]> {
    const body = await this.#transport.send({
      method: 'GET',
      path: '/models',
      schema: listModelsResponseSchema,
      priority: opts.priority ?? 'poll',
      signal: opts.signal,
    });
    return body.data;
  }

  /** GET /models/{slug}. */
  async getModel(slug: string, opts: ReadOptions = {}): Promise<Model> {
    const body = await this.#transport.send({
      method: 'GET',
      path: `/models/${encodeURIComponent(slug)}`,
      route: '/models/{slug}',
      schema: getModelResponseSchema,
      priority: opts.priority ?? 'poll',
      signal: opts.signal,
    });
    return body.data;
  }

  /** GET /account: balance and total spend. */
  async getAccount(opts: ReadOptions = {}): Promise<Account> {
    const body = await this.#transport.send({
      method: 'GET',
      path: '/account',
      schema: getAccountResponseSchema,
      priority: opts.priority ?? 'poll',
      signal: opts.signal,
    });
    return body.data;
  }

  /** GET /account/usage: one page of the usage log. */
  async listUsage(q: ListUsageQuery = {}, opts: ReadOptions = {}): Promise<UsagePage> {
    return this.#transport.send({
      method: 'GET',
      path: '/account/usage',
      query: { model: q.model, type: q.type, per_page: q.perPage, page: q.page },
      schema: usagePageSchema,
      priority: opts.priority ?? 'poll',
      signal: opts.signal,
    });
  }
}
