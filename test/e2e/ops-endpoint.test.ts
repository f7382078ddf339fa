/**
 * The operations endpoint of a real bot (HTTP_PORT=0: a free port, read back from the bot):
 * /healthz follows the gateway, the store and the catalog; /metrics counts what one generation
 * and one failed generation did, from the requests to the service to the spend by guild.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { Events } from 'discord.js';
import sqlite3 from 'sqlite3';
import { describe, expect, it } from 'vitest';
import { GUILD, opt, useHarness } from '../support/bot-harness.ts';

const h = useHarness({ env: { HTTP_PORT: '0' } });

async function get(path: string): Promise<{ status: number; type: string | null; text: string }> {
  const address = h.bot.httpAddress;
  if (!address) throw new Error('the bot has no ops endpoint');
  const res = await fetch(`http://127.0.0.1:${address.port}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

async function health(): Promise<{ status: number; body: { ok: boolean; checks: Record<string, unknown> } }> {
  const { status, text } = await get('/healthz');
  return { status, body: JSON.parse(text) };
}

/** The value of one sample of the Prometheus text, by name and exact labels; undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '')
      .split(/,(?=[a-z_]+=")/)
      .filter(Boolean)
      .sort()
      .join(',');
    if (have === wanted) return Number(m[3]);
  }
  return undefined;
}

/** The container's HEALTHCHECK command against this bot; resolves with its exit code. */
async function healthcheck(): Promise<number | null> {
  const child = spawn(process.execPath, ['docker/healthcheck.mjs'], {
    env: { PATH: process.env.PATH ?? '', HTTP_PORT: String(h.bot.httpAddress?.port) },
    stdio: 'ignore',
  });
  const [code] = await once(child, 'exit');
  return code as number | null;
}

describe('/healthz', () => {
  it('answers 200 once connected, with the store writable and the catalog loaded, on 127.0.0.1 only', async () => {
    expect(h.bot.httpAddress?.address).toBe('127.0.0.1');
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      checks: { gateway: { ok: true }, store: { ok: true }, catalog: { ok: true } },
    });
    const other = await get('/admin');
    expect(other.status).toBe(404);
    expect((await get('/')).status).toBe(404);
  });

  it("answers 503 naming the gateway while the fake Discord's gateway is down, and 200 once resumed", async () => {
    const reconnecting = once(h.bot.client, Events.ShardReconnecting);
    h.discord.setGatewayDown(true);
    await reconnecting;
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body.ok).toBe(false);
    expect(down.body.checks).toEqual({
      gateway: { ok: false, error: 'not connected to the Discord gateway' },
      store: { ok: true },
      catalog: { ok: true },
    });
    // The image's HEALTHCHECK fails with it.
    expect(await healthcheck()).toBe(1);

    const resumed = once(h.bot.client, Events.ShardResume);
    h.discord.setGatewayDown(false);
    await resumed;
    expect((await health()).status).toBe(200);
    expect(await healthcheck()).toBe(0);
  });

  it('answers 503 naming the store while another connection holds the SQLite file locked', async () => {
    expect((await health()).status).toBe(200);
    const db = new sqlite3.Database(join(h.storeDir, 'bot.sqlite'));
    // Waits out a write of the bot's that happens to be under way, rather than failing the test.
    db.configure('busyTimeout', 5_000);
    const run = (sql: string) =>
      new Promise<void>((resolve, reject) => db.run(sql, (err) => (err ? reject(err) : resolve())));
    await run('BEGIN EXCLUSIVE');
    try {
      const locked = await health();
      expect(locked.status).toBe(503);
      expect(locked.body.checks).toEqual({
        gateway: { ok: true },
        store: { ok: false, error: 'cannot write the store: no answer within 2000 ms' },
        catalog: { ok: true },
      });
    } finally {
      await run('ROLLBACK');
      await new Promise<void>((resolve) => db.close(() => resolve()));
    }
    expect((await health()).status).toBe(200);
  });
});

describe('/metrics', () => {
  it('counts a generation in flight from memory while it runs, and no longer once delivered', async () => {
    const before = await get('/metrics');
    for (const s of ['pending', 'processing', 'completed', 'failed']) {
      expect(sample(before.text, 'mediabot_jobs_in_flight', { status: s })).toBe(0);
    }
    // A minute of the bot's clock: long enough to be scraped while it runs.
    const slow = await h.command('imagine', [opt.string('prompt', 'a slow lighthouse [sim:duration=60000]')]);
    await h.editOf(slow, (c) => JSON.stringify(c.body).includes('Generating'));
    const during = (await get('/metrics')).text;
    const running =
      (sample(during, 'mediabot_jobs_in_flight', { status: 'pending' }) ?? 0) +
      (sample(during, 'mediabot_jobs_in_flight', { status: 'processing' }) ?? 0);
    expect(running).toBe(1);
    await h.jobDone(slow);
    const after = (await get('/metrics')).text;
    for (const s of ['pending', 'processing', 'completed', 'failed']) {
      expect(sample(after, 'mediabot_jobs_in_flight', { status: s })).toBe(0);
    }
  });

  it('counts the requests, the delivery, the spend and the refund of a generation and a failed one', async () => {
    const good = await h.command('imagine', [
      opt.string('prompt', 'a lighthouse at dusk'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    const bad = await h.command('imagine', [
      opt.string('prompt', 'something forbidden [sim:fail=content]'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    expect((await h.jobDone(good)).deliveredVia).toBe('interaction');
    expect((await h.jobDone(bad)).status).toBe('failed');

    const { status, type, text } = await get('/metrics');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    // Two submissions, each answered 201 once; the status checks and the catalog load as well.
    expect(
      sample(text, 'mediabot_media_requests_total', { endpoint: 'POST /generations', status: '201' }),
    ).toBe(2);
    expect(
      sample(text, 'mediabot_media_requests_total', { endpoint: 'GET /models', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    const checks =
      (sample(text, 'mediabot_media_requests_total', { endpoint: 'GET /generations', status: '200' }) ?? 0) +
      (sample(text, 'mediabot_media_requests_total', { endpoint: 'GET /generations/{id}', status: '200' }) ??
        0);
    expect(checks).toBeGreaterThanOrEqual(1);
    // No id ever becomes a label value.
    expect(text).not.toMatch(/endpoint="GET \/generations\/(?!\{id\})/);
    expect(sample(text, 'mediabot_media_rate_limited_total')).toBeUndefined();

    expect(sample(text, 'mediabot_deliveries_total', { route: 'interaction' })).toBe(1);
    expect(sample(text, 'mediabot_delivery_lag_seconds_count')).toBe(1);
    expect(sample(text, 'mediabot_delivery_lag_seconds_sum')).toBeGreaterThanOrEqual(0);
    // Both were charged $0.10 by the service; the failed one was given back. No label names the
    // server: spend per server is /balance's.
    expect(sample(text, 'mediabot_spend_usd_total')).toBeCloseTo(0.2, 9);
    expect(sample(text, 'mediabot_refunds_usd_total')).toBeCloseTo(0.1, 9);
    expect(text).not.toContain(GUILD);
    // The latency of each request, by the same endpoint and status.
    expect(
      sample(text, 'mediabot_media_request_duration_seconds_count', {
        endpoint: 'POST /generations',
        status: '201',
      }),
    ).toBe(2);
    // Node's own figures, and series a dashboard needs that nothing has counted yet, at zero.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'mediabot_deliveries_total', { route: 'channel' })).toBe(0);
    expect(sample(text, 'mediabot_store_errors_total', { namespace: 'jobs' })).toBe(0);

    expect(sample(text, 'mediabot_submissions_waiting')).toBe(0);
    expect(sample(text, 'mediabot_submissions_sending')).toBe(0);
    for (const s of ['pending', 'processing', 'completed', 'failed']) {
      expect(sample(text, 'mediabot_jobs_in_flight', { status: s })).toBe(0);
    }
    const budget = sample(text, 'mediabot_media_request_budget_available') as number;
    expect(budget).toBeGreaterThan(0);
    expect(budget).toBeLessThanOrEqual(120);
    expect(sample(text, 'mediabot_poller_lease_held')).toBe(1);
    expect(text).toContain('# TYPE mediabot_store_errors_total counter');
  });
});
