/**
 * A tampering proxy in front of the simulator, over real HTTP: tests make "the service" answer
 * badly (a 429 storm, an odd 201, a lost POST, a list under another slug, an outage) while the
 * simulator keeps its real state behind it. With no handler it forwards everything unchanged.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from '../src/http-agent.ts';

export interface ProxiedRequest {
  method: string;
  /** Path and query, e.g. `/api/v1/generations?type=image`. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ServiceAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The handler's answer: one to send, or `drop` to close the connection without a word. */
export type ProxyAnswer =
  | ServiceAnswer
  | { status: number; headers?: Record<string, string>; json: unknown }
  | 'drop';

/** Decides what the bot gets; `forward` sends the request on to the simulator. */
export type ProxyHandler = (
  req: ProxiedRequest,
  forward: () => Promise<ServiceAnswer>,
) => Promise<ProxyAnswer>;

export interface MediaProxy {
  /** The base URL to configure instead of the simulator's (ends in /api/v1). */
  baseUrl: string;
  /** Every request the bot sent through, in order. */
  requests: ProxiedRequest[];
  /** Replaces the handler; `undefined` forwards everything. */
  handle(handler: ProxyHandler | undefined): void;
  close(): Promise<void>;
}

/** JSON of an answer's body. */
export function jsonOf(answer: ServiceAnswer): unknown {
  return JSON.parse(answer.body.toString('utf8'));
}

/** Starts a proxy to `targetBaseUrl` (the simulator's base URL, ending in /api/v1). */
export async function startMediaProxy(targetBaseUrl: string, initial?: ProxyHandler): Promise<MediaProxy> {
  const target = new URL(targetBaseUrl);
  let handler = initial;
  const requests: ProxiedRequest[] = [];
  const server = createServer((req, res) => {
    void serve(req, res).catch(() => res.destroy());
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
    const proxied: ProxiedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers,
      body: Buffer.concat(chunks),
    };
    requests.push(proxied);
    const forward = async (): Promise<ServiceAnswer> => {
      const { host: _host, connection: _connection, 'content-length': _length, ...rest } = headers;
      const answer = await request(`${target.origin}${proxied.url}`, {
        method: proxied.method as 'GET' | 'POST',
        headers: rest,
        body: proxied.body.length > 0 ? proxied.body : undefined,
      });
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(answer.headers)) if (typeof v === 'string') out[k] = v;
      return { status: answer.statusCode, headers: out, body: Buffer.from(await answer.body.arrayBuffer()) };
    };
    const answer = handler ? await handler(proxied, forward) : await forward();
    if (answer === 'drop') {
      res.socket?.destroy();
      return;
    }
    const body = 'json' in answer ? Buffer.from(JSON.stringify(answer.json)) : answer.body;
    const {
      'content-length': _l,
      'transfer-encoding': _t,
      connection: _c,
      ...outHeaders
    } = answer.headers ?? {};
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      ...outHeaders,
      'content-length': String(body.length),
    });
    res.end(body);
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname}`,
    requests,
    handle(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close').catch(() => undefined);
    },
  };
}
