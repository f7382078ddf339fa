/**
 * A local simulator of the Media Generation API over real HTTP (node:http), for tests and
 * development. Routes under /api/v1 follow docs/media-generation-api.md; output files are
 * served under /files without auth. The choices made where the spec says "not shown" are listed
 * in the header comment of ./models.ts.
 *
 * This file listens, records every request, checks the token and the rate limit, sends each
 * request to the handler of what it serves (./routes/) and delays answers as asked; the handlers
 * build the answers (./reply.ts).
 *
 * Failure injection, per run (`failureRate`), per request (`injectNext`, FIFO, consumed by the
 * next POST /generations that passes auth and the rate limit) or through markers in the prompt:
 * `[sim:fail=content]`, `[sim:fail=infrastructure]`, `[sim:status=500]`,
 * `[sim:status=500-after-create]`, `[sim:delay=MS]`, `[sim:bytes=N]`, `[sim:duration=MS]`
 * (see ./markers.ts and ./README.md).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Clock, systemClock } from '../clock.ts';
import type { Generation } from '../media/schemas.ts';
import { usdToMicros } from '../money.ts';
import type { InjectedBehaviour } from './markers.ts';
import { RateWindow } from './rate-window.ts';
import { error, type Reply, writeReply } from './reply.ts';
import { getAccount, listUsage } from './routes/account.ts';
import { serveFile } from './routes/files.ts';
import { createGeneration, getGeneration, listGenerations, type Submissions } from './routes/generations.ts';
import { getModel, listModels } from './routes/models.ts';
import { type FileUrl, SimState } from './state.ts';

export type { InjectedBehaviour } from './markers.ts';

export interface SimulatorOptions {
  /** Default systemClock. All simulator time (rate window, generation durations, timestamps) reads it. */
  clock?: Clock;
  /** Accepted bearer token; default a random `sim_` + hex. */
  token?: string;
  /** Starting prepaid balance, default 100. */
  balanceUsd?: number;
  /** Default 120, rolling 60 s of clock time, per token. */
  rateLimitPerMinute?: number;
  /** Default 0 (ephemeral); the host is always 127.0.0.1. */
  port?: number;
  /** Per-run failure injection, probabilities 0..1. */
  failureRate?: { content?: number; infrastructure?: number };
  /** Injectable randomness for determinism, default Math.random. */
  random?: () => number;
  /** Extra delay before every answer, in real ms; default 0. */
  latencyMs?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  /** Clock ms when the request was received. */
  at: number;
  body?: unknown;
}

export interface Simulator {
  /** e.g. http://127.0.0.1:PORT/api/v1 */
  baseUrl: string;
  /** http://127.0.0.1:PORT */
  origin: string;
  token: string;
  /** Every request received, in order (including 401/429 ones). */
  requests: RecordedRequest[];
  balanceMicros(): number;
  setBalanceUsd(usd: number): void;
  /** Queues a behaviour for the next POST /generations (FIFO). */
  injectNext(behaviour: InjectedBehaviour): void;
  /** Current view of a generation (status derived from the clock). */
  generation(id: string): Generation | undefined;
  close(): Promise<void>;
}

const API_PREFIX = '/api/v1';

/** Starts the simulator on 127.0.0.1 and resolves once it listens. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const clock = options.clock ?? systemClock;
  const token = options.token ?? `sim_${randomBytes(16).toString('hex')}`;
  const latencyMs = options.latencyMs ?? 0;
  const rate = new RateWindow(clock, options.rateLimitPerMinute ?? 120);
  const state = new SimState({
    clock,
    random: options.random ?? Math.random,
    balanceMicros: usdToMicros(options.balanceUsd ?? 100),
    failureRate: options.failureRate ?? {},
  });
  const requests: RecordedRequest[] = [];
  const injected: InjectedBehaviour[] = [];
  const delayed = new Set<{ timer: NodeJS.Timeout; res: ServerResponse }>();
  let origin = '';
  const fileUrl: FileUrl = (id, ext) => `${origin}/files/${id}.${ext}`;
  const submissions: Submissions = { state, fileUrl, origin: () => origin, injected };

  /** The handler of what an authorised /api/v1 request asks for; 405 or 404 when nothing serves it. */
  async function api(req: IncomingMessage, path: string, query: URLSearchParams, record: RecordedRequest) {
    const [resource, id, extra] = path.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    const only = (allowed: string, reply: () => Reply | Promise<Reply>) =>
      method === allowed
        ? reply()
        : error(405, `The ${method} method is not supported for this route.`, { Allow: allowed });

    if (resource === 'generations' && id === undefined) {
      if (method === 'POST') return createGeneration(submissions, req, record);
      return only('GET', () => listGenerations(state, fileUrl, query));
    }
    if (resource === 'generations' && id !== undefined && extra === undefined) {
      return only('GET', () => getGeneration(state, fileUrl, id));
    }
    if (resource === 'models' && extra === undefined) {
      if (id === undefined) return only('GET', () => listModels());
      return only('GET', () => getModel(id));
    }
    if (resource === 'account' && id === undefined) return only('GET', () => getAccount(state));
    if (resource === 'account' && id === 'usage' && extra === undefined) {
      return only('GET', () => listUsage(state, query));
    }
    return error(404, 'Not found.');
  }

  async function route(req: IncomingMessage, url: URL, record: RecordedRequest): Promise<Reply> {
    if (url.pathname.startsWith('/files/'))
      return req.method === 'GET'
        ? serveFile(state, url.pathname, url.searchParams)
        : error(405, 'Method not allowed.');
    if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`))
      return error(404, 'Not found.');

    const header = req.headers.authorization ?? '';
    const [scheme, presented] = header.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || presented !== token) return error(401, 'Unauthenticated.');
    const decision = rate.take(token, record.at);
    if (!decision.ok) {
      return error(429, 'Too Many Requests', { 'Retry-After': String(decision.retryAfterSeconds) });
    }
    state.settle();
    return api(req, url.pathname.slice(API_PREFIX.length), url.searchParams, record);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: 0,
      at: clock.now(),
    };
    requests.push(record);
    route(req, url, record)
      .catch((): Reply => error(500, 'Server Error'))
      .then((reply) => {
        record.status = reply.status;
        const wait = latencyMs + (reply.delayMs ?? 0);
        if (wait <= 0) return writeReply(res, reply);
        const entry = {
          res,
          timer: setTimeout(() => {
            delayed.delete(entry);
            writeReply(res, reply);
          }, wait),
        };
        delayed.add(entry);
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl: `${origin}${API_PREFIX}`,
    origin,
    token,
    requests,
    balanceMicros: () => state.balance,
    setBalanceUsd: (usd) => {
      state.balance = usdToMicros(usd);
    },
    injectNext: (behaviour) => {
      injected.push(behaviour);
    },
    generation: (id) => state.view(id, fileUrl),
    close: async () => {
      for (const entry of delayed) {
        clearTimeout(entry.timer);
        entry.res.destroy();
      }
      delayed.clear();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
