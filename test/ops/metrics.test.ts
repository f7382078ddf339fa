/** The metrics the Media API client feeds, against the real simulator, and the registry's isolation. */
import { describe, expect, it } from 'vitest';
import { scaledClock } from '../../src/clock.ts';
import { silentLogger } from '../../src/log.ts';
import { MediaClient } from '../../src/media/client.ts';
import { BotMetrics, type MetricSources } from '../../src/ops/metrics.ts';
import { startSimulator } from '../../src/sim/server.ts';
import { startLocalServer } from '../media/helpers.ts';

const sources: MetricSources = {
  budgetAvailable: () => 7,
  submissionsWaiting: () => 2,
  submissionsSending: () => 3,
  jobsInFlight: async () => ({ processing: 3 }),
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

describe('metrics of the requests to the service', () => {
  it('counts every exchange by endpoint template and status, and the 429s apart', async () => {
    const clock = scaledClock(120);
    const sim = await startSimulator({ clock, rateLimitPerMinute: 1 });
    const metrics = new BotMetrics(sources, silentLogger);
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
      expect(await values(metrics, 'mediabot_media_requests_total')).toEqual({
        'endpoint=GET /account,status=200': 1,
        'endpoint=POST /generations,status=429': 1,
        'endpoint=POST /generations,status=201': 1,
        'endpoint=GET /generations/{id},status=429': 1,
        'endpoint=GET /generations/{id},status=200': 1,
      });
      expect(await values(metrics, 'mediabot_media_rate_limited_total')).toEqual({
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
    const metrics = new BotMetrics(sources, silentLogger);
    const client = new MediaClient({
      baseUrl: server.baseUrl,
      token: 't',
      maxRetries: 0,
      onExchange: (e) => metrics.exchange(e),
    });
    await expect(client.listModels()).rejects.toThrow(/network error/);
    expect(await values(metrics, 'mediabot_media_requests_total')).toEqual({
      'endpoint=GET /models,status=network': 1,
    });
  });
});

describe('the registry', () => {
  it('is the bot’s own: two bots in one process keep their own figures', async () => {
    const a = new BotMetrics(sources, silentLogger);
    const b = new BotMetrics({ ...sources, budgetAvailable: () => 100 }, silentLogger);
    a.storeError('quota');
    a.charged('1300000000000000001', 123_456);
    expect(await values(a, 'mediabot_store_errors_total')).toEqual({ 'namespace=quota': 1 });
    expect(await values(b, 'mediabot_store_errors_total')).toEqual({});
    expect(await values(a, 'mediabot_spend_usd_total')).toEqual({ 'guild=1300000000000000001': 0.123456 });
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
