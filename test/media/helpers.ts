/** Small real collaborators for the Media API client tests: local HTTP servers, log capture, recording wrappers. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import type { Clock } from '../../src/clock.ts';
import { createLogger, type Logger } from '../../src/log.ts';
import type { Priority, RateLimiter } from '../../src/media/rate-limiter.ts';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalServer {
  origin: string;
  /** origin + /api/v1 */
  baseUrl: string;
  port: number;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A node:http server on 127.0.0.1 that records every request (with its body) and lets the
 * handler answer, misbehave, or never answer.
 */
export async function startLocalServer(
  handler: (req: SeenRequest, res: ServerResponse, index: number) => void,
): Promise<LocalServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      handler(seen, res, requests.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/api/v1`,
    port,
    requests,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Answers with a JSON body. */
export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A debug-level logger whose lines are kept in memory; no secrets configured, so nothing is scrubbed for us. */
export function captureLogs(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'debug',
    secrets: [],
    destination: { write: (line: string) => lines.push(line) },
  });
  return { logger, lines };
}

/** An undici Agent that notes the clock time and path of every request it sends. */
export function recordingDispatcher(clock: Clock): {
  dispatcher: Dispatcher;
  sent: { at: number; method: string; path: string }[];
} {
  const sent: { at: number; method: string; path: string }[] = [];
  const dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
    sent.push({ at: clock.now(), method: opts.method, path: opts.path });
    return dispatch(opts, handler);
  });
  return { dispatcher, sent };
}

/** Wraps a limiter to record its pauses and to run a hook before each acquire. */
export function observedLimiter(
  inner: RateLimiter,
  clock: Clock,
  beforeAcquire?: (count: number) => Promise<void> | void,
): RateLimiter & { pauses: { at: number; ms: number }[]; acquisitions: Priority[] } {
  const pauses: { at: number; ms: number }[] = [];
  const acquisitions: Priority[] = [];
  return {
    pauses,
    acquisitions,
    async acquire(priority, signal) {
      acquisitions.push(priority);
      await beforeAcquire?.(acquisitions.length);
      return inner.acquire(priority, signal);
    },
    pauseFor(ms) {
      pauses.push({ at: clock.now(), ms });
      inner.pauseFor(ms);
    },
    available: () => inner.available(),
  };
}

/** A valid generation body as the service sends it. */
export function generationBody(overrides: Record<string, unknown> = {}) {
  return {
    id: '9b2f7c1e-0000-4000-8000-000000000001',
    status: 'completed',
    model: 'lang-4o-image',
    type: 'image',
    prompt: 'a lighthouse',
    parameters: { aspect_ratio: '1:1' },
    output: { url: 'https://files.example/1.png', content_type: 'image/png' },
    error: null,
    created_at: '2026-01-01T00:00:00Z',
    completed_at: '2026-01-01T00:00:09Z',
    ...overrides,
  };
}

export const accountBody = {
  data: { name: 'Acme', email: 'ops@acme.example', usd_balance: 12.5, usd_spent: 3.25 },
};
