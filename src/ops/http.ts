/**
 * The operations endpoint (HTTP_PORT, off by default; 127.0.0.1 unless HTTP_HOST says otherwise):
 * GET /healthz and GET /metrics, nothing else. It serves operators and their probes, never
 * members: no route reads a request body, and nothing here can change the bot.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../log.ts';
import type { HealthReport } from './health.ts';

export interface OpsRoutes {
  health: () => Promise<HealthReport>;
  metrics: () => Promise<{ contentType: string; body: string }>;
}

export interface OpsServer {
  /** Where it listens (the port the system chose when HTTP_PORT is 0). */
  address: AddressInfo;
  close(): Promise<void>;
}

export async function startOpsServer(
  listen: { host: string; port: number },
  routes: OpsRoutes,
  logger: Logger,
): Promise<OpsServer> {
  const server = createServer((req, res) => {
    handle(req, res, routes).catch((err: unknown) => {
      logger.error({ err, path: req.url }, 'ops endpoint failed');
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'internal error\n');
      else res.destroy();
    });
  });
  // A scraper holding a keep-alive connection must not delay a stop.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      // One line an operator can act on (a port in use, an address not on this host).
      reject(
        new Error(
          `cannot listen on ${listen.host}:${listen.port} (HTTP_HOST, HTTP_PORT): ${err.code ?? err.message}`,
          {
            cause: err,
          },
        ),
      ),
    );
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  logger.info({ host: address.address, port: address.port }, 'ops endpoint listening (/healthz, /metrics)');
  return {
    address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, routes: OpsRoutes): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const known = path === '/healthz' || path === '/metrics';
  if (!known) return send(res, 404, 'text/plain; charset=utf-8', 'not found: try /healthz or /metrics\n');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n');
  }
  if (path === '/healthz') {
    const report = await routes.health();
    return send(res, report.ok ? 200 : 503, 'application/json', `${JSON.stringify(report)}\n`);
  }
  const { contentType, body } = await routes.metrics();
  return send(res, 200, contentType, body);
}

function send(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}
