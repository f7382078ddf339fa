/**
 * The web side's HTTP server (WEB_PORT on WEB_HOST), apart from the operators' /healthz and
 * /metrics. It binds first, so that with port 0 (the tests) and no WEB_PUBLIC_URL the public
 * address is `http://localhost:<the port bound>`; requests that arrive before the app is ready
 * (a few microseconds) are answered 503.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { WebEnv } from './context.ts';

export interface WebServer {
  /** The port bound. */
  port: number;
  /** Where members open it. */
  publicUrl: string;
  close(): Promise<void>;
}

export async function startWebServer(
  where: { host: string; port: number; publicUrl?: string },
  makeApp: (publicUrl: string) => Hono<WebEnv>,
): Promise<WebServer> {
  let app: Hono<WebEnv> | undefined;
  const listener = getRequestListener((request, env) =>
    app ? app.fetch(request, env) : new Response('starting', { status: 503 }),
  );
  const server = createServer(listener);
  // A member's slow connection holds no more than this (the pages are small).
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const publicUrl = (where.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  app = makeApp(publicUrl);
  return {
    port,
    publicUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
