import { describe, expect, it } from 'vitest';
import {
  getAccountResponseSchema,
  getModelResponseSchema,
  listModelsResponseSchema,
  notFoundBodySchema,
} from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';
import { client, expectBody, manualClock, useSimulators } from './helpers.ts';

const start = useSimulators();

describe('GET /models', () => {
  it('lists every model of the catalog', async () => {
    const sim = await start({ clock: manualClock() });
    const list = expectBody(await client(sim).get('/models'), 200, listModelsResponseSchema);
    expect(list.data.map((m) => m.slug)).toEqual(SIM_MODELS.map((m) => m.slug));
    expect(list.data).toHaveLength(14);
  });

  it('shows the motion models at their create price in the list and their detail price in the detail', async () => {
    const sim = await start({ clock: manualClock() });
    const api = client(sim);
    const list = expectBody(await api.get('/models'), 200, listModelsResponseSchema);
    expect(list.data.find((m) => m.slug === 'motion-2.0')?.price_usd).toBe(0.132);
    expect(list.data.find((m) => m.slug === 'motion-2.0-fast')?.price_usd).toBe(0.1056);

    const detail = expectBody(await api.get('/models/motion-2.0'), 200, getModelResponseSchema).data;
    expect(detail).toMatchObject({ slug: 'motion-2.0', price_usd: 0.14512, multiply_by_duration: true });
    expect(
      expectBody(await api.get('/models/motion-2.0-fast'), 200, getModelResponseSchema).data.price_usd,
    ).toBe(0.1168);
  });

  it('shows other models the same in the detail as in the list', async () => {
    const sim = await start({ clock: manualClock() });
    const detail = expectBody(
      await client(sim).get('/models/vista-3.1-fast'),
      200,
      getModelResponseSchema,
    ).data;
    expect(detail).toEqual(SIM_MODELS.find((m) => m.slug === 'vista-3.1-fast'));
  });

  it('resolves the alias dream-5-lite to dream-5.0-lite', async () => {
    const sim = await start({ clock: manualClock() });
    const detail = expectBody(
      await client(sim).get('/models/dream-5-lite'),
      200,
      getModelResponseSchema,
    ).data;
    expect(detail.slug).toBe('dream-5.0-lite');
  });

  it('answers 404 with a model-not-found error for an unknown slug', async () => {
    const sim = await start({ clock: manualClock() });
    const body = expectBody(await client(sim).get('/models/motion-3'), 404, notFoundBodySchema);
    expect(body.error).toBe('Model "motion-3" not found.');
  });
});

describe('GET /account', () => {
  it('shows the balance and the spend in USD rounded to 4 decimals', async () => {
    const sim = await start({ clock: manualClock(), balanceUsd: 12.3456789 });
    const api = client(sim);
    expect(expectBody(await api.get('/account'), 200, getAccountResponseSchema).data).toEqual({
      name: 'Simulator Account',
      email: 'simulator@example.invalid',
      usd_balance: 12.3457,
      usd_spent: 0,
    });
    await api.post('/generations', { model: 'motion-2.0-fast', prompt: 'x', duration: 7 });
    await api.post('/generations', { model: 'lang-4o-image', prompt: 'y' });
    const account = expectBody(await api.get('/account'), 200, getAccountResponseSchema).data;
    expect(account.usd_spent).toBe(0.7592); // 0.1056 * 7 + 0.02
    expect(account.usd_balance).toBe(11.5865);
    expect(sim.balanceMicros()).toBe(12_345_679 - 759_200);
  });

  it('follows setBalanceUsd (a top-up on the billing page)', async () => {
    const sim = await start({ clock: manualClock() });
    sim.setBalanceUsd(3.5);
    expect(sim.balanceMicros()).toBe(3_500_000);
    expect(
      expectBody(await client(sim).get('/account'), 200, getAccountResponseSchema).data.usd_balance,
    ).toBe(3.5);
  });
});

describe('unknown routes', () => {
  it('answers 404 with an error for an unknown path and 405 for a wrong method', async () => {
    const sim = await start({ clock: manualClock() });
    const api = client(sim);
    expect(expectBody(await api.get('/nothing-here'), 404, notFoundBodySchema).error).toBe('Not found.');
    const wrong = await api.call('DELETE', '/account');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
    expect(notFoundBodySchema.parse(wrong.body).error).toMatch(/DELETE/);
  });
});
