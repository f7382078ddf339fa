/**
 * A local simulator of the Media Generation API over real HTTP (node:http), for tests and
 * development. Routes under /api/v1 follow docs/media-generation-api.md; output files are
 * served under /files without auth. The choices made where the spec says "not shown" are listed
 * in the header comment of ./models.ts.
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
import { quoteMicros } from '../catalog/pricing.ts';
import { SLUG_ALIASES } from '../catalog/service-rules.ts';
import { validateCreateRequest } from '../catalog/validate.ts';
import { type Clock, systemClock } from '../clock.ts';
import { english } from '../i18n/index.ts';
import type { CreateGenerationRequest, Generation, MediaType, Model } from '../media/schemas.ts';
import { formatUsd, microsToUsd, usdToMicros } from '../money.ts';
import { type InjectedBehaviour, mergeBehaviour, parseMarkers } from './markers.ts';
import { outputFile, solidPng } from './media-files.ts';
import { modelDetail, SIM_MODELS } from './models.ts';
import { RateWindow } from './rate-window.ts';
import { type FileUrl, LAST_FRAME_SUFFIX, SimState } from './state.ts';

export type { InjectedBehaviour } from './markers.ts';

/** A video's last frame (`return_last_frame`): a PNG of another colour than image outputs. */
const LAST_FRAME_PNG = solidPng([0xf2, 0x8c, 0x28]);
const LAST_FRAME_PATH = new RegExp(`^/files/([0-9a-f-]+)${LAST_FRAME_SUFFIX}\\.png$`);

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

const MAX_BODY_BYTES = 1024 * 1024;
const API_PREFIX = '/api/v1';

interface Reply {
  status: number;
  json?: unknown;
  file?: { bytes: Buffer; contentType: string; attachmentName?: string };
  headers?: Record<string, string>;
  /** Extra real ms before this answer (added to `latencyMs`). */
  delayMs?: number;
}

const error = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  json: { error: message },
  headers,
});

const validationError = (errors: Record<string, string[]>): Reply => {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const message =
    more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? 's' : ''})` : (messages[0] ?? '');
  return { status: 422, json: { message, errors } };
};

/** Canonical model for a slug or its alias. */
function findModel(slug: unknown): Model | undefined {
  if (typeof slug !== 'string') return undefined;
  const canonical = SLUG_ALIASES[slug] ?? slug;
  return SIM_MODELS.find((m) => m.slug === canonical);
}

/** A positive integer query parameter: its default when absent, clamped to `max`, or an error message. */
function intParam(query: URLSearchParams, name: string, fallback: number, max?: number): number | string {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) return `The ${name} must be a positive integer.`;
  return max === undefined ? Number(raw) : Math.min(Number(raw), max);
}

function typeParam(query: URLSearchParams): MediaType | undefined | { error: string } {
  const raw = query.get('type');
  if (raw === null || raw === '') return undefined;
  return raw === 'video' || raw === 'image' ? raw : { error: 'The type must be video or image.' };
}

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

  async function readJson(req: IncomingMessage): Promise<{ body: unknown } | { error: string }> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return { error: `The request body may be at most ${MAX_BODY_BYTES} bytes.` };
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      return { body: JSON.parse(text) };
    } catch {
      return { error: 'The request body must be JSON.' };
    }
  }

  async function createGeneration(req: IncomingMessage, record: RecordedRequest): Promise<Reply> {
    const queued = injected.shift();
    const parsed = await readJson(req);
    if ('error' in parsed) return validationError({ body: [parsed.error] });
    record.body = parsed.body;
    const body = parsed.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return validationError({ body: ['The request body must be a JSON object.'] });
    }
    const fields = body as Record<string, unknown>;
    const behaviour = mergeBehaviour(
      queued,
      typeof fields.prompt === 'string' ? parseMarkers(fields.prompt) : {},
    );
    const delayMs = behaviour.delayMs;
    if (behaviour.status === 500 && !behaviour.afterCreate) return { ...error(500, 'Server Error'), delayMs };
    if (behaviour.status === 422) {
      return {
        ...validationError({ image_urls: ['The image could not be downloaded from the given URL.'] }),
        delayMs,
      };
    }

    const model = findModel(fields.model);
    // Its own outputs are references it can fetch, though they are on 127.0.0.1 (Animate, Continue).
    // The simulator answers as the service does: in English.
    const errors = validateCreateRequest(model, fields, { trustedOrigins: [origin] }, english);
    if (!model || Object.keys(errors).length > 0) return { ...validationError(errors), delayMs };

    const request = fields as unknown as CreateGenerationRequest;
    const price = quoteMicros(model, request);
    const balance = state.balance;
    if (price > balance) {
      return {
        status: 402,
        json: {
          error: 'insufficient_balance',
          message: `This generation costs ${formatUsd(price)} but the balance is ${formatUsd(balance)}.`,
          required: microsToUsd(price),
          balance: microsToUsd(balance),
        },
        delayMs,
      };
    }
    const id = state.create(model, request, price, behaviour);
    if (behaviour.afterCreate) return { ...error(500, 'Server Error'), delayMs };
    return { status: 201, json: { data: state.view(id, fileUrl), price_usd: microsToUsd(price) }, delayMs };
  }

  function listGenerations(query: URLSearchParams): Reply {
    const type = typeParam(query);
    if (typeof type === 'object') return validationError({ type: [type.error] });
    const perPage = intParam(query, 'per_page', 20, 100);
    if (typeof perPage === 'string') return validationError({ per_page: [perPage] });
    const all = state.list(type, fileUrl);
    if (!type) return { status: 200, json: { data: all.slice(0, perPage) } };
    const page = intParam(query, 'page', 1);
    if (typeof page === 'string') return validationError({ page: [page] });
    const meta = {
      current_page: page,
      last_page: Math.max(1, Math.ceil(all.length / perPage)),
      per_page: perPage,
      total: all.length,
    };
    return { status: 200, json: { data: all.slice((page - 1) * perPage, page * perPage), meta } };
  }

  function listUsage(query: URLSearchParams): Reply {
    const type = typeParam(query);
    if (typeof type === 'object') return validationError({ type: [type.error] });
    const perPage = intParam(query, 'per_page', 25, 100);
    if (typeof perPage === 'string') return validationError({ per_page: [perPage] });
    const page = intParam(query, 'page', 1);
    if (typeof page === 'string') return validationError({ page: [page] });
    const modelParam = query.get('model');
    // An unknown model filter matches nothing rather than being an error.
    const modelSlug = modelParam ? (findModel(modelParam)?.slug ?? modelParam) : undefined;
    const all = state.usage({ modelSlug, type });
    return {
      status: 200,
      json: {
        data: all.slice((page - 1) * perPage, page * perPage),
        current_page: page,
        per_page: perPage,
        total: all.length,
      },
    };
  }

  async function api(req: IncomingMessage, path: string, query: URLSearchParams, record: RecordedRequest) {
    const [resource, id, extra] = path.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    const only = (allowed: string, reply: () => Reply | Promise<Reply>) =>
      method === allowed
        ? reply()
        : error(405, `The ${method} method is not supported for this route.`, { Allow: allowed });

    if (resource === 'generations' && id === undefined) {
      if (method === 'POST') return createGeneration(req, record);
      return only('GET', () => listGenerations(query));
    }
    if (resource === 'generations' && id !== undefined && extra === undefined) {
      return only('GET', () => {
        const data = state.view(id, fileUrl);
        return data ? { status: 200, json: { data } } : error(404, 'Generation not found.');
      });
    }
    if (resource === 'models' && extra === undefined) {
      if (id === undefined) return only('GET', () => ({ status: 200, json: { data: SIM_MODELS } }));
      return only('GET', () => {
        const model = findModel(id);
        return model
          ? { status: 200, json: { data: modelDetail(model) } }
          : error(404, `Model "${id}" not found.`);
      });
    }
    if (resource === 'account' && id === undefined) {
      return only('GET', () => ({
        status: 200,
        json: {
          data: {
            name: 'Simulator Account',
            email: 'simulator@example.invalid',
            usd_balance: roundUsd4(state.balance),
            usd_spent: roundUsd4(state.spent),
          },
        },
      }));
    }
    if (resource === 'account' && id === 'usage' && extra === undefined) {
      return only('GET', () => listUsage(query));
    }
    return error(404, 'Not found.');
  }

  function serveFile(path: string, query: URLSearchParams): Reply {
    const frame = LAST_FRAME_PATH.exec(path);
    if (frame?.[1]) {
      if (!state.hasLastFrame(frame[1])) return error(404, 'File not found.');
      return { status: 200, file: { bytes: LAST_FRAME_PNG, contentType: 'image/png' } };
    }
    const match = /^\/files\/([0-9a-f-]+)\.(png|mp4)$/.exec(path);
    const output = match?.[1] ? state.outputOf(match[1]) : undefined;
    if (!match || !output || output.kind !== match[2]) return error(404, 'File not found.');
    return {
      status: 200,
      file: {
        bytes: outputFile(output.kind, output.bytes),
        contentType: output.kind === 'png' ? 'image/png' : 'video/mp4',
        attachmentName: query.get('download') === '1' ? `${match[1]}.${output.kind}` : undefined,
      },
    };
  }

  async function route(req: IncomingMessage, url: URL, record: RecordedRequest): Promise<Reply> {
    if (url.pathname.startsWith('/files/'))
      return req.method === 'GET'
        ? serveFile(url.pathname, url.searchParams)
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

  function send(res: ServerResponse, reply: Reply): void {
    if (res.destroyed || res.writableEnded) return;
    const headers: Record<string, string | number> = { ...reply.headers };
    let payload: Buffer;
    if (reply.file) {
      payload = reply.file.bytes;
      headers['Content-Type'] = reply.file.contentType;
      if (reply.file.attachmentName)
        headers['Content-Disposition'] = `attachment; filename="${reply.file.attachmentName}"`;
    } else {
      payload = Buffer.from(JSON.stringify(reply.json ?? {}));
      headers['Content-Type'] = 'application/json';
    }
    headers['Content-Length'] = payload.length;
    res.writeHead(reply.status, headers);
    res.end(payload);
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
        if (wait <= 0) return send(res, reply);
        const entry = {
          res,
          timer: setTimeout(() => {
            delayed.delete(entry);
            send(res, reply);
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

/** USD with 4 decimals, as the account endpoint states amounts. */
function roundUsd4(micros: number): number {
  return Math.round(micros / 100) / 10_000;
}
