/** The Media API client against the real simulator over HTTP: every endpoint and every error status. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scaledClock, systemClock } from '../../src/clock.ts';
import { MediaClient } from '../../src/media/client.ts';
import {
  InsufficientBalanceError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthenticatedError,
  ValidationError,
} from '../../src/media/errors.ts';
import { createLocalRateLimiter } from '../../src/media/rate-limiter.ts';
import type { CreateGenerationRequest } from '../../src/media/schemas.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { json, observedLimiter, recordingDispatcher, startLocalServer } from './helpers.ts';

const image: CreateGenerationRequest = {
  model: 'lang-4o-image',
  prompt: 'a lighthouse at dusk',
  aspect_ratio: '1:1',
};

describe('MediaClient against the simulator', () => {
  let sim: Simulator;
  let client: MediaClient;

  beforeEach(async () => {
    sim = await startSimulator({ balanceUsd: 10 });
    client = new MediaClient({ baseUrl: sim.baseUrl, token: sim.token, random: () => 0 });
  });
  afterEach(async () => {
    await sim.close();
  });

  const posts = () => sim.requests.filter((r) => r.method === 'POST');

  it('creates a generation and returns it with the price charged, in micro-USD', async () => {
    const before = sim.balanceMicros();
    const { generation, priceMicros } = await client.createGeneration(image);
    expect(generation).toMatchObject({ model: 'lang-4o-image', type: 'image', prompt: image.prompt });
    expect(['pending', 'processing']).toContain(generation.status);
    expect(priceMicros).toBe(20_000);
    expect(before - sim.balanceMicros()).toBe(priceMicros);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toEqual(image);
  });

  it('fetches a generation by id', async () => {
    const { generation } = await client.createGeneration(image);
    const fetched = await client.getGeneration(generation.id);
    expect(fetched.id).toBe(generation.id);
    expect(fetched.prompt).toBe(image.prompt);
  });

  it('lists one type with page meta, and the combined list without meta', async () => {
    const a = await client.createGeneration(image);
    const b = await client.createGeneration({ ...image, prompt: 'a second lighthouse' });

    const images = await client.listGenerations({ type: 'image', perPage: 1, page: 2 });
    expect(images.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
    expect(images.generations).toHaveLength(1);
    expect(sim.requests.at(-1)?.query).toEqual({ type: 'image', per_page: '1', page: '2' });

    const combined = await client.listGenerations({});
    expect(combined.meta).toBeUndefined();
    expect('meta' in combined).toBe(false);
    expect(combined.generations.map((g) => g.id).sort()).toEqual([a.generation.id, b.generation.id].sort());
    expect(sim.requests.at(-1)?.query).toEqual({});
  });

  it('lists the models and fetches one by slug', async () => {
    const models = await client.listModels();
    expect(models).toHaveLength(14);
    expect(models.map((m) => m.slug)).toContain('motion-2.0');
    const model = await client.getModel('lang-4o-image');
    expect(model).toMatchObject({ slug: 'lang-4o-image', type: 'image', price_usd: 0.02 });
  });

  it('reads the account balance and spend', async () => {
    await client.createGeneration(image);
    const account = await client.getAccount();
    expect(account.usd_balance).toBeCloseTo(9.98, 4);
    expect(account.usd_spent).toBeCloseTo(0.02, 4);
  });

  it('reads the usage log with its filters as query parameters', async () => {
    await client.createGeneration(image);
    const page = await client.listUsage({ model: 'lang-4o-image', type: 'image', perPage: 10, page: 1 });
    expect(sim.requests.at(-1)?.query).toEqual({
      model: 'lang-4o-image',
      type: 'image',
      per_page: '10',
      page: '1',
    });
    expect(page).toMatchObject({ current_page: 1, per_page: 10, total: 1 });
    expect(page.data[0]).toMatchObject({ generation_type: 'image', amount_usd: 0.02, source: 'api' });
  });

  it('throws UnauthenticatedError on a wrong token, without retrying', async () => {
    const wrong = new MediaClient({ baseUrl: sim.baseUrl, token: 'not-the-token-000000', random: () => 0 });
    const err = await wrong.getAccount().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnauthenticatedError);
    expect(err).toMatchObject({ status: 401 });
    expect(sim.requests).toHaveLength(1);
  });

  it('throws InsufficientBalanceError with the required price and the balance in micro-USD, charging nothing', async () => {
    sim.setBalanceUsd(0.01);
    const err = await client.createGeneration(image).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InsufficientBalanceError);
    expect(err).toMatchObject({ status: 402, requiredMicros: 20_000, balanceMicros: 10_000 });
    expect((err as Error).message).toMatch(/costs/);
    expect(sim.balanceMicros()).toBe(10_000);
    expect(posts()).toHaveLength(1);
  });

  it('throws NotFoundError with the service message for an unknown generation and an unknown model', async () => {
    const generation = await client
      .getGeneration('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e);
    expect(generation).toBeInstanceOf(NotFoundError);
    expect(generation).toMatchObject({ status: 404, message: 'Generation not found.' });

    const model = await client.getModel('no-such-model').catch((e: unknown) => e);
    expect(model).toBeInstanceOf(NotFoundError);
    expect(model).toMatchObject({ status: 404, message: 'Model "no-such-model" not found.' });
    expect(sim.requests).toHaveLength(2);
  });

  it('throws ValidationError with the field map for a rejected request', async () => {
    const err = await client
      .createGeneration({
        model: 'omni-flash-ext',
        prompt: 'two images',
        image_urls: ['https://a/1.png', 'https://a/2.png'],
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    const validation = err as ValidationError;
    expect(validation.status).toBe(422);
    expect(Object.keys(validation.fieldErrors)).toContain('image_urls');
    expect(validation.fieldErrors.image_urls?.[0]).toEqual(expect.any(String));

    const missing = await client
      .createGeneration({ prompt: 'no model' } as CreateGenerationRequest)
      .catch((e) => e);
    expect(missing).toBeInstanceOf(ValidationError);
    expect((missing as ValidationError).fieldErrors).toHaveProperty('model');
  });

  it('throws ServerError on a POST answered 500 and does not send it again', async () => {
    const before = sim.balanceMicros();
    const err = await client.createGeneration({ ...image, prompt: 'boom [sim:status=500]' }).catch((e) => e);
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 500 });
    expect(posts()).toHaveLength(1);
    expect(sim.balanceMicros()).toBe(before);
  });
});

describe('MediaClient and the rate limit of the simulator', () => {
  it('obeys a 429 Retry-After with every caller: nothing is sent until the pause ends, then all succeed', async () => {
    // 60 s of simulated time pass in 0.5 s.
    const clock = scaledClock(120);
    const sim = await startSimulator({ clock, rateLimitPerMinute: 3 });
    try {
      // A burst of 8 against a service that allows 3 a minute: the 429s come from there.
      const limiter = observedLimiter(createLocalRateLimiter({ clock, burst: 10 }), clock);
      const { dispatcher, sent } = recordingDispatcher(clock);
      const client = new MediaClient({
        baseUrl: sim.baseUrl,
        token: sim.token,
        clock,
        limiter,
        dispatcher,
        maxRetries: 6,
        // Clock time: at 120x the default 30 s would be 250 ms of real time, too short on a loaded machine.
        timeoutMs: 3_600_000,
        random: () => 0,
      });

      const accounts = await Promise.all(Array.from({ length: 8 }, () => client.getAccount()));
      expect(accounts).toHaveLength(8);

      const refused = sim.requests.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(5);
      expect(sim.requests).toHaveLength(8 + refused.length);
      // Every 429 paused the shared limiter for its Retry-After (whole seconds, at least 1).
      expect(limiter.pauses).toHaveLength(refused.length);
      for (const pause of limiter.pauses) expect(pause.ms % 1000 === 0 && pause.ms >= 1000).toBe(true);
      // No request left the client while any pause was running.
      for (const request of sent) {
        for (const pause of limiter.pauses) {
          const during = request.at > pause.at && request.at < pause.at + pause.ms;
          expect(during, `request at ${request.at} inside pause ${pause.at}+${pause.ms}`).toBe(false);
        }
      }
    } finally {
      await sim.close();
    }
  });

  it('re-sends a POST refused with 429 after the Retry-After and is charged once', async () => {
    const clock = scaledClock(120);
    const sim = await startSimulator({ clock, rateLimitPerMinute: 1 });
    try {
      const client = new MediaClient({
        baseUrl: sim.baseUrl,
        token: sim.token,
        clock,
        timeoutMs: 3_600_000,
        random: () => 0,
      });
      await client.getAccount();
      const before = sim.balanceMicros();

      const { priceMicros } = await client.createGeneration(image);

      const postRequests = sim.requests.filter((r) => r.method === 'POST');
      expect(postRequests.map((r) => r.status)).toEqual([429, 201]);
      expect(before - sim.balanceMicros()).toBe(priceMicros);
      const [account] = sim.requests;
      const [refused, accepted] = postRequests;
      if (!account || !refused || !accepted) throw new Error('unreachable');
      // What the simulator answered as Retry-After: until the account request leaves its 60 s window.
      const retryAfterMs = Math.max(1, Math.ceil((account.at + 60_000 - refused.at) / 1000)) * 1000;
      expect(accepted.at - refused.at).toBeGreaterThanOrEqual(retryAfterMs);
    } finally {
      await sim.close();
    }
  });

  it('gives up with RateLimitedError carrying retryAfterMs once the retries are used up', async () => {
    const server = await startLocalServer((_req, res) =>
      json(res, 429, { error: 'slow down' }, { 'retry-after': '0' }),
    );
    try {
      const limiter = observedLimiter(createLocalRateLimiter(), systemClock);
      const client = new MediaClient({
        baseUrl: server.baseUrl,
        token: 'tok-local-0000',
        limiter,
        maxRetries: 2,
        random: () => 0,
      });
      const err = await client.getAccount().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateLimitedError);
      expect(err).toMatchObject({ status: 429, retryAfterMs: 0 });
      expect((err as RateLimitedError).headers?.['retry-after']).toBe('0');
      expect(server.requests).toHaveLength(3);
      expect(limiter.pauses).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('pauses every caller for the Retry-After even when the refused call gives up', async () => {
    const server = await startLocalServer((_req, res) => json(res, 429, {}, { 'retry-after': '30' }));
    try {
      const clock = new ManualClock();
      const limiter = createLocalRateLimiter({ clock });
      const client = new MediaClient({
        baseUrl: server.baseUrl,
        token: 'tok-local-0000',
        clock,
        limiter,
        maxRetries: 0,
      });
      const err = await client.getAccount().catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'RateLimitedError', retryAfterMs: 30_000 });
      expect(limiter.available()).toBe(0);
      await clock.run(30_000);
      expect(limiter.available()).toBe(119);
    } finally {
      await server.close();
    }
  });
});
