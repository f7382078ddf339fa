/** The metrics the Media API client feeds, against the real simulator, and the registry's isolation. */
import { describe, expect, it } from 'vitest';
import { scaledClock } from '../../src/clock.ts';
import { MediaClient } from '../../src/media/client.ts';
import { BotMetrics, MEDIA_ENDPOINTS, type MetricSources, STORE_NAMESPACES } from '../../src/ops/metrics.ts';
import { startSimulator } from '../../src/sim/server.ts';
import { startLocalServer } from '../media/helpers.ts';

const sources: MetricSources = {
  budgetAvailable: () => 7,
  submissionsWaiting: () => 2,
  submissionsSending: () => 3,
  jobsInFlight: () => ({ pending: 0, processing: 3, completed: 0, failed: 0 }),
  pollerLeaseHeld: () => true,
};

/** Every sample of a metric as `labels → value`, labels written `k=v,k=v`. */
async function values(metrics: BotMetrics, name: string): Promise<Record<string, number>> {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values: samples } = await metric.get();
  return Object.fromEntries(
    samples.map((s) => [
      Object.entries(s.labels)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
      s.value,
    ]),
  );
}

/** The samples that counted something (every label set starts at zero). */
async function counted(metrics: BotMetrics, name: string): Promise<Record<string, number>> {
  return Object.fromEntries(Object.entries(await values(metrics, name)).filter(([, v]) => v !== 0));
}

describe('metrics of the requests to the service', () => {
  it('counts every exchange by endpoint template and status, and the 429s apart', async () => {
    const clock = scaledClock(120);
    const sim = await startSimulator({ clock, rateLimitPerMinute: 1 });
    const metrics = new BotMetrics(sources);
    try {
      const client = new MediaClient({
        baseUrl: sim.baseUrl,
        token: sim.token,
        clock,
        timeoutMs: 3_600_000,
        random: () => 0,
        onExchange: (e) => metrics.exchange(e),
      });
      await client.getAccount();
      // The simulator's budget of 1 a minute is spent: the POST is refused once, then re-sent.
      const { generation } = await client.createGeneration({
        model: 'lang-4o-image',
        prompt: 'a lighthouse at dusk',
        aspect_ratio: '1:1',
      });
      // And the status check right after it, the same way.
      await client.getGeneration(generation.id);
      expect(await counted(metrics, 'mediabot_media_requests_total')).toEqual({
        'endpoint=GET /account,status=200': 1,
        'endpoint=POST /generations,status=429': 1,
        'endpoint=POST /generations,status=201': 1,
        'endpoint=GET /generations/{id},status=429': 1,
        'endpoint=GET /generations/{id},status=200': 1,
      });
      expect(await counted(metrics, 'mediabot_media_rate_limited_total')).toEqual({
        'endpoint=POST /generations': 1,
        'endpoint=GET /generations/{id}': 1,
      });
    } finally {
      await sim.close();
    }
  }, 20_000);

  it('counts an exchange that got no status as network', async () => {
    const server = await startLocalServer(() => undefined);
    await server.close();
    const metrics = new BotMetrics(sources);
    const client = new MediaClient({
      baseUrl: server.baseUrl,
      token: 't',
      maxRetries: 0,
      onExchange: (e) => metrics.exchange(e),
    });
    await expect(client.listModels()).rejects.toThrow(/network error/);
    expect(await counted(metrics, 'mediabot_media_requests_total')).toEqual({
      'endpoint=GET /models,status=network': 1,
    });
  });
});

describe('the registry', () => {
  it('is the bot’s own: two bots in one process keep their own figures', async () => {
    const a = new BotMetrics(sources);
    const b = new BotMetrics({ ...sources, budgetAvailable: () => 100 });
    a.storeError('quota');
    a.charged(123_456);
    expect(await counted(a, 'mediabot_store_errors_total')).toEqual({ 'namespace=quota': 1 });
    expect(await counted(b, 'mediabot_store_errors_total')).toEqual({});
    expect(await values(a, 'mediabot_spend_usd_total')).toEqual({ '': 0.123456 });
    expect(await values(b, 'mediabot_spend_usd_total')).toEqual({ '': 0 });
    expect(await values(a, 'mediabot_media_request_budget_available')).toEqual({ '': 7 });
    expect(await values(b, 'mediabot_media_request_budget_available')).toEqual({ '': 100 });
    expect(await values(a, 'mediabot_jobs_in_flight')).toEqual({
      'status=pending': 0,
      'status=processing': 3,
      'status=completed': 0,
      'status=failed': 0,
    });
    const { body } = await a.render();
    expect(body).toContain('# HELP mediabot_poller_lease_held');
    expect(body).toContain('mediabot_poller_lease_held 1');
  });
});

describe('what a dashboard reads', () => {
  it('times each request by endpoint and status, in wall seconds', async () => {
    const metrics = new BotMetrics(sources);
    metrics.exchange({ endpoint: 'POST /generations', status: 201, seconds: 0.2 });
    metrics.exchange({ endpoint: 'POST /generations', status: 201, seconds: 3 });
    metrics.exchange({ endpoint: 'GET /generations', status: 'timeout', seconds: 30 });
    const { body } = await metrics.render();
    const line = (labels: string) =>
      body.split('\n').find((l) => l.startsWith(`mediabot_media_request_duration_seconds_${labels} `));
    expect(line('count{endpoint="POST /generations",status="201"}')).toMatch(/ 2$/);
    expect(line('sum{endpoint="POST /generations",status="201"}')).toMatch(/ 3\.2$/);
    expect(line('bucket{le="0.25",endpoint="POST /generations",status="201"}')).toMatch(/ 1$/);
    expect(line('bucket{le="5",endpoint="POST /generations",status="201"}')).toMatch(/ 2$/);
    expect(line('count{endpoint="GET /generations",status="timeout"}')).toMatch(/ 1$/);
  });

  it('shows every label set at zero before anything happened, and labels nothing by server', async () => {
    const metrics = new BotMetrics(sources);
    const { body } = await metrics.render();
    for (const endpoint of MEDIA_ENDPOINTS) {
      const ok = endpoint === 'POST /generations' ? '201' : '200';
      expect(body).toContain(`mediabot_media_requests_total{endpoint="${endpoint}",status="${ok}"} 0`);
      expect(body).toContain(
        `mediabot_media_request_duration_seconds_count{endpoint="${endpoint}",status="${ok}"} 0`,
      );
      expect(body).toContain(`mediabot_media_rate_limited_total{endpoint="${endpoint}"} 0`);
    }
    for (const route of ['interaction', 'bot', 'channel', 'none']) {
      expect(body).toContain(`mediabot_deliveries_total{route="${route}"} 0`);
    }
    for (const namespace of STORE_NAMESPACES) {
      expect(body).toContain(`mediabot_store_errors_total{namespace="${namespace}"} 0`);
    }
    expect(body).toContain('mediabot_spend_usd_total 0');
    expect(body).toContain('mediabot_refunds_usd_total 0');
    expect(body).toContain('mediabot_delivery_lag_seconds_count 0');
    expect(body).not.toMatch(/guild=/);
  });

  it("carries Node's own process figures", async () => {
    const { body } = await new BotMetrics(sources).render();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_version_info',
    ]) {
      expect(body).toMatch(new RegExp(`^${name}(\\{[^}]*\\})? `, 'm'));
    }
  });
});
