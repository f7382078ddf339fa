import { describe, expect, it } from 'vitest';
import { scaledClock } from '../../src/clock.ts';
import { createGenerationResponseSchema, getAccountResponseSchema } from '../../src/media/schemas.ts';
import { client, expectBody, fetchBytes, manualClock, useSimulators } from './helpers.ts';

const start = useSimulators();

const ENDPOINTS: [string, string, unknown?][] = [
  ['POST', '/generations', { model: 'lang-4o-image', prompt: 'x' }],
  ['GET', '/generations'],
  ['GET', '/generations/00000000-0000-4000-8000-000000000000'],
  ['GET', '/models'],
  ['GET', '/models/motion-2.0'],
  ['GET', '/account'],
  ['GET', '/account/usage'],
];

describe('bearer auth', () => {
  it.each([
    ['no token', null],
    ['a wrong token', 'sim_wrong'],
  ])('answers 401 Unauthenticated. on every endpoint, models included, with %s', async (_, token) => {
    const sim = await start({ clock: manualClock(), token: 'sim_right' });
    const api = client(sim, token);
    for (const [method, path, body] of ENDPOINTS) {
      const answer = await api.call(method, path, body);
      expect(answer, `${method} ${path}`).toMatchObject({ status: 401, body: { error: 'Unauthenticated.' } });
    }
    expect(sim.requests.map((r) => [r.method, r.path, r.status])).toEqual(
      ENDPOINTS.map(([method, path]) => [method, `/api/v1${path}`, 401]),
    );
    expect(sim.balanceMicros()).toBe(100_000_000);
  });

  it('accepts the configured token and generates a sim_ token when none is given', async () => {
    const sim = await start({ clock: manualClock() });
    expect(sim.token).toMatch(/^sim_[0-9a-f]{32}$/);
    expectBody(await client(sim).get('/account'), 200, getAccountResponseSchema);
  });

  it('records every request with its query, status, clock time and body', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);
    await api.get('/generations?type=image&page=2');
    clock.advance(1_000);
    await api.post('/generations', { model: 'lang-4o-image', prompt: 'x' });
    expect(sim.requests).toEqual([
      {
        method: 'GET',
        path: '/api/v1/generations',
        query: { type: 'image', page: '2' },
        status: 200,
        at: clock.now() - 1_000,
      },
      {
        method: 'POST',
        path: '/api/v1/generations',
        query: {},
        status: 201,
        at: clock.now(),
        body: { model: 'lang-4o-image', prompt: 'x' },
      },
    ]);
  });

  it('serves output files without a token', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const created = expectBody(
      await client(sim).post('/generations', { model: 'lang-4o-image', prompt: 'x [sim:duration=5000]' }),
      201,
      createGenerationResponseSchema,
    );
    clock.advance(5_000);
    const url = sim.generation(created.data.id)?.output?.url ?? '';
    expect((await fetchBytes(url)).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once the budget of the rolling minute is spent', async () => {
    const clock = manualClock();
    const sim = await start({ clock, rateLimitPerMinute: 3 });
    const api = client(sim);
    for (let i = 0; i < 3; i++) expect((await api.get('/account')).status).toBe(200);

    const refused = await api.get('/account');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too Many Requests' });
    expect(refused.headers.get('retry-after')).toBe('60');

    clock.advance(30_000);
    expect((await api.get('/account')).headers.get('retry-after')).toBe('30');
    clock.advance(400);
    // 29.6 s left: rounded up to whole seconds.
    expect((await api.get('/account')).headers.get('retry-after')).toBe('30');
    clock.advance(29_100);
    // 0.5 s left: still at least 1.
    expect((await api.get('/account')).headers.get('retry-after')).toBe('1');
    clock.advance(500);
    expect((await api.get('/account')).status).toBe(200);
  });

  it('rolls the window: a slot frees when the request that took it is 60 s old', async () => {
    const clock = manualClock();
    const sim = await start({ clock, rateLimitPerMinute: 2 });
    const api = client(sim);
    expect((await api.get('/models')).status).toBe(200); // t = 0
    clock.advance(30_000);
    expect((await api.get('/models')).status).toBe(200); // t = 30
    clock.advance(15_000);
    expect((await api.get('/models')).headers.get('retry-after')).toBe('15'); // t = 45
    clock.advance(15_000);
    expect((await api.get('/models')).status).toBe(200); // t = 60: the t = 0 request left
    clock.advance(1_000);
    const refused = await api.get('/models'); // t = 61: the t = 30 request leaves at 90
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('29');
  });

  it('does not count 401 and 429 answers against the budget', async () => {
    const clock = manualClock();
    const sim = await start({ clock, rateLimitPerMinute: 2 });
    const api = client(sim);
    const anonymous = client(sim, null);
    for (let i = 0; i < 5; i++) expect((await anonymous.get('/account')).status).toBe(401);
    expect((await api.get('/account')).status).toBe(200);
    expect((await api.get('/account')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      clock.advance(10_000);
      expect((await api.get('/account')).status).toBe(429);
    }
    clock.advance(10_000); // 60 s after the two accepted requests
    expect((await api.get('/account')).status).toBe(200);
    expect(sim.requests.map((r) => r.status)).toEqual([
      401, 401, 401, 401, 401, 200, 200, 429, 429, 429, 429, 429, 200,
    ]);
  });

  it('lets requests through again after Retry-After seconds of a scaled clock', async () => {
    const clock = scaledClock(100); // a minute lasts 0.6 s
    const sim = await start({ clock, rateLimitPerMinute: 5 });
    const api = client(sim);
    for (let i = 0; i < 5; i++) expect((await api.get('/account')).status).toBe(200);
    const refused = await api.get('/account');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The wait is what is left of the first request's minute, in whole seconds rounded up.
    const left = (sim.requests[0]?.at ?? 0) + 60_000 - (sim.requests[5]?.at ?? 0);
    expect(retryAfter).toBe(Math.max(1, Math.ceil(left / 1000)));

    await clock.sleep(retryAfter * 1000);
    // Timers may fire a hair early against Date.now(); poll (bounded) rather than trust one try.
    const deadline = clock.now() + 5_000;
    let status = (await api.get('/account')).status;
    while (status === 429 && clock.now() < deadline) {
      await clock.sleep(100);
      status = (await api.get('/account')).status;
    }
    expect(status).toBe(200);
  });

  it('defaults to 120 requests per minute', async () => {
    const sim = await start({ clock: manualClock() });
    const api = client(sim);
    const statuses = await Promise.all(
      Array.from({ length: 121 }, () => api.get('/models').then((a) => a.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });
});
