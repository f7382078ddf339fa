/** The ops endpoint's routing over real HTTP, with stand-in checks. */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import type { HealthReport } from '../../src/ops/health.ts';
import { type OpsServer, startOpsServer } from '../../src/ops/http.ts';

const servers: OpsServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

let report: HealthReport;
const healthy: HealthReport = {
  ok: true,
  checks: { gateway: { ok: true }, store: { ok: true }, catalog: { ok: true } },
};

async function start(port = 0): Promise<OpsServer> {
  const server = await startOpsServer(
    { host: '127.0.0.1', port },
    {
      health: async () => report,
      metrics: async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: 'm 1\n' }),
    },
    silentLogger,
  );
  servers.push(server);
  return server;
}

const url = (s: OpsServer, path: string) => `http://127.0.0.1:${s.address.port}${path}`;

describe('the ops endpoint', () => {
  it('serves /healthz (200 or 503 with the report) and /metrics; anything else is 404, other methods 405', async () => {
    const s = await start();
    report = healthy;
    const ok = await fetch(url(s, '/healthz'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/json');
    expect(await ok.json()).toEqual(healthy);
    report = {
      ...healthy,
      ok: false,
      checks: { ...healthy.checks, catalog: { ok: false, error: 'not yet' } },
    };
    const down = await fetch(url(s, '/healthz?verbose=1'));
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual(report);

    const metrics = await fetch(url(s, '/metrics'));
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toBe('m 1\n');

    for (const path of ['/', '/healthz/', '/metrics.json', '/admin']) {
      const res = await fetch(url(s, path));
      expect(res.status).toBe(404);
      await res.text();
    }
    const post = await fetch(url(s, '/metrics'), { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses to start on a port in use, naming the address and the settings', async () => {
    const first = await start();
    await expect(start(first.address.port)).rejects.toThrow(
      `cannot listen on 127.0.0.1:${first.address.port} (HTTP_HOST, HTTP_PORT): EADDRINUSE`,
    );
  });
});
