import { describe, expect, it } from 'vitest';
import {
  getAccountResponseSchema,
  getGenerationResponseSchema,
  insufficientBalanceBodySchema,
  listGenerationsResponseSchema,
  notFoundBodySchema,
  specCreateGenerationResponseSchema,
  usagePageSchema,
  validationErrorBodySchema,
} from '../../src/media/schemas.ts';
import { usdToMicros } from '../../src/money.ts';
import { CONTENT_POLICY_ERROR, INFRASTRUCTURE_ERROR } from '../../src/sim/state.ts';
import { client, expectBody, manualClock, useSimulators } from './helpers.ts';

const start = useSimulators();

describe('POST /generations', () => {
  it('answers 201 with the generation, its resolved parameters and the price charged', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);

    const created = expectBody(
      await api.post('/generations', { model: 'motion-2.0', prompt: 'a boat at dawn' }),
      201,
      specCreateGenerationResponseSchema,
    );

    // motion-2.0 at its defaults: 480p, 5 s, 0.132 USD per second (the create price).
    expect(created.price_usd).toBe(0.66);
    expect(created.data).toMatchObject({
      status: 'pending',
      model: 'motion-2.0',
      type: 'video',
      prompt: 'a boat at dawn',
      parameters: { aspect_ratio: '16:9', resolution: '480p', duration: 5 },
      output: null,
      error: null,
      created_at: new Date(clock.now()).toISOString(),
      completed_at: null,
    });
    expect(created.data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(sim.balanceMicros()).toBe(usdToMicros(100 - 0.66));
  });

  it('keeps the parameters that were sent and fills the rest from the model', async () => {
    const sim = await start({ clock: manualClock() });
    const created = expectBody(
      await client(sim).post('/generations', {
        model: 'quick-video-1',
        prompt: 'a dancing robot',
        mode: 'fun',
        aspect_ratio: '9:16',
      }),
      201,
      specCreateGenerationResponseSchema,
    );
    expect(created.data.parameters).toEqual({
      aspect_ratio: '9:16',
      resolution: '480p',
      duration: 6,
      mode: 'fun',
    });
    expect(created.price_usd).toBe(0.18);
  });

  it('accepts the alias dream-5-lite and records the canonical slug', async () => {
    const sim = await start({ clock: manualClock() });
    const created = expectBody(
      await client(sim).post('/generations', {
        model: 'dream-5-lite',
        prompt: 'a lantern',
        resolution: '2K',
      }),
      201,
      specCreateGenerationResponseSchema,
    );
    expect(created.data.model).toBe('dream-5.0-lite');
    expect(created.price_usd).toBe(0.08);
  });

  it('adds a usage record for the charge', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);
    await api.post('/generations', { model: 'motion-2.0', prompt: 'waves', duration: 4, resolution: '720p' });

    const usage = expectBody(await api.get('/account/usage'), 200, usagePageSchema);
    expect(usage.data).toEqual([
      {
        id: 1,
        model_key: 'motion_2_0',
        generation_type: 'video',
        amount_usd: 1.136,
        source: 'api',
        created_at: new Date(clock.now()).toISOString(),
      },
    ]);
  });

  it('answers 422 with errors.model for an unknown model slug and charges nothing', async () => {
    const sim = await start({ clock: manualClock() });
    const answer = await client(sim).post('/generations', { model: 'no-such-model', prompt: 'x' });
    const body = expectBody(answer, 422, validationErrorBodySchema);
    expect(body.errors.model?.length).toBe(1);
    expect(body.message).toBe(body.errors.model?.[0]);
    expect(sim.balanceMicros()).toBe(usdToMicros(100));
  });

  it('answers 422 naming every invalid field, with the message counting the others', async () => {
    const sim = await start({ clock: manualClock() });
    const answer = await client(sim).post('/generations', {
      model: 'omni-flash-ext',
      prompt: 'p'.repeat(2001),
      duration: 5,
      image_urls: ['https://example.com/a.png', 'https://example.com/b.png'],
    });
    const body = expectBody(answer, 422, validationErrorBodySchema);
    expect(Object.keys(body.errors).sort()).toEqual(['duration', 'image_urls', 'prompt']);
    expect(body.message).toMatch(/\(and 2 more errors\)$/);
  });

  it('answers 422 with errors.model when the model is missing', async () => {
    const sim = await start({ clock: manualClock() });
    const body = expectBody(
      await client(sim).post('/generations', { prompt: 'no model' }),
      422,
      validationErrorBodySchema,
    );
    expect(Object.keys(body.errors)).toEqual(['model']);
  });

  it('answers 422 with errors.body for a body that is not JSON or not an object', async () => {
    const sim = await start({ clock: manualClock() });
    const api = client(sim);
    for (const raw of ['not json', '[1,2]', '"a string"', '']) {
      const body = expectBody(await api.post('/generations', raw), 422, validationErrorBodySchema);
      expect(Object.keys(body.errors)).toEqual(['body']);
    }
    expect(sim.requests.map((r) => r.status)).toEqual([422, 422, 422, 422]);
  });

  it('answers 402 with the price and the balance when the balance is short, and creates nothing', async () => {
    const sim = await start({ clock: manualClock(), balanceUsd: 0.01 });
    const api = client(sim);
    const body = expectBody(
      await api.post('/generations', { model: 'lang-4o-image', prompt: 'a cat' }),
      402,
      insufficientBalanceBodySchema,
    );
    expect(body).toMatchObject({ error: 'insufficient_balance', required: 0.02, balance: 0.01 });
    expect(body.message.length).toBeGreaterThan(0);
    expect(sim.balanceMicros()).toBe(10_000);
    expect(expectBody(await api.get('/generations'), 200, listGenerationsResponseSchema).data).toEqual([]);
  });

  it('charges a price equal to the balance (402 only when the price exceeds it)', async () => {
    const sim = await start({ clock: manualClock() });
    sim.setBalanceUsd(0.02);
    expectBody(
      await client(sim).post('/generations', { model: 'lang-4o-image', prompt: 'a cat' }),
      201,
      specCreateGenerationResponseSchema,
    );
    expect(sim.balanceMicros()).toBe(0);
  });
});

describe('GET /generations/{id}', () => {
  it('answers 404 with an error for an unknown id', async () => {
    const sim = await start({ clock: manualClock() });
    const body = expectBody(
      await client(sim).get('/generations/00000000-0000-4000-8000-000000000000'),
      404,
      notFoundBodySchema,
    );
    expect(body.error).toBe('Generation not found.');
  });
});

describe('generation lifecycle (derived from the clock)', () => {
  it('goes pending -> processing -> completed, an image within 5-15 s of clock time', async () => {
    const clock = manualClock();
    const sim = await start({ clock, random: () => 0.5 });
    const api = client(sim);
    const created = expectBody(
      await api.post('/generations', { model: 'lang-4o-image', prompt: 'a fox' }),
      201,
      specCreateGenerationResponseSchema,
    );
    const createdAt = clock.now();
    const poll = async () =>
      expectBody(await api.get(`/generations/${created.data.id}`), 200, getGenerationResponseSchema).data;

    // random 0.5 gives 10 s in all, the first 10 % of it (1 s) pending.
    expect((await poll()).status).toBe('pending');
    clock.advance(999);
    expect((await poll()).status).toBe('pending');
    clock.advance(1);
    expect(await poll()).toMatchObject({ status: 'processing', output: null, completed_at: null });
    clock.advance(8_999);
    expect((await poll()).status).toBe('processing');
    clock.advance(1);
    const done = await poll();
    expect(done).toMatchObject({
      status: 'completed',
      error: null,
      completed_at: new Date(createdAt + 10_000).toISOString(),
      output: { url: `${sim.origin}/files/${created.data.id}.png`, content_type: 'image/png' },
    });
    expect(done.output?.download_url).toBeUndefined();
    expect(sim.generation(created.data.id)).toEqual(done);
  });

  it('spreads image durations over 5-15 s and video durations over 30-120 s from the random source', async () => {
    const finishOf = async (model: string, random: number) => {
      const clock = manualClock();
      const sim = await start({ clock, random: () => random });
      const created = expectBody(
        await client(sim).post('/generations', { model, prompt: 'p' }),
        201,
        specCreateGenerationResponseSchema,
      );
      let elapsed = 0;
      while (sim.generation(created.data.id)?.status !== 'completed') {
        clock.advance(500);
        elapsed += 500;
      }
      return elapsed;
    };
    expect(await finishOf('lang-4o-image', 0)).toBe(5_000);
    expect(await finishOf('lang-4o-image', 0.99)).toBe(15_000);
    expect(await finishOf('motion-2.0', 0)).toBe(30_000);
    expect(await finishOf('motion-2.0', 0.99)).toBe(119_500);
  });

  it('gives a completed video an mp4 output with a download_url carrying the download flag', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const created = expectBody(
      await client(sim).post('/generations', {
        model: 'vista-3.1-fast',
        prompt: 'rain [sim:duration=40000]',
      }),
      201,
      specCreateGenerationResponseSchema,
    );
    clock.advance(40_000);
    expect(sim.generation(created.data.id)?.output).toEqual({
      url: `${sim.origin}/files/${created.data.id}.mp4`,
      download_url: `${sim.origin}/files/${created.data.id}.mp4?download=1`,
      content_type: 'video/mp4',
    });
  });

  it('fails a content-policy rejection when processing would start and refunds it exactly once', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);
    const created = expectBody(
      await api.post('/generations', {
        model: 'lang-4o-image',
        prompt: 'bad [sim:fail=content] [sim:duration=10000]',
      }),
      201,
      specCreateGenerationResponseSchema,
    );
    expect(sim.balanceMicros()).toBe(usdToMicros(99.98));
    expect(sim.generation(created.data.id)?.status).toBe('pending');

    clock.advance(1_000); // the end of the pending phase
    const failedAt = new Date(clock.now()).toISOString();
    // The refund is applied even though nobody has looked at the generation yet.
    expect(sim.balanceMicros()).toBe(usdToMicros(100));
    for (let i = 0; i < 3; i++) {
      const view = expectBody(
        await api.get(`/generations/${created.data.id}`),
        200,
        getGenerationResponseSchema,
      ).data;
      expect(view).toMatchObject({
        status: 'failed',
        error: CONTENT_POLICY_ERROR,
        output: null,
        parameters: {},
      });
      expect(view.completed_at).toBe(failedAt);
      const account = expectBody(await api.get('/account'), 200, getAccountResponseSchema).data;
      expect(account).toMatchObject({ usd_balance: 100, usd_spent: 0 });
      clock.advance(60_000);
    }
    expect(sim.balanceMicros()).toBe(usdToMicros(100));
    expect(expectBody(await api.get('/account/usage'), 200, usagePageSchema)).toMatchObject({
      data: [],
      total: 0,
    });
  });

  it('fails an infrastructure error at the planned finish, after processing, and refunds it', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const created = expectBody(
      await client(sim).post('/generations', {
        model: 'motion-2.0-fast',
        prompt: '[sim:fail=infrastructure] [sim:duration=60000] a storm',
      }),
      201,
      specCreateGenerationResponseSchema,
    );
    const id = created.data.id;
    clock.advance(3_000);
    expect(sim.generation(id)?.status).toBe('processing');
    expect(sim.balanceMicros()).toBe(usdToMicros(100 - 0.528));
    clock.advance(56_999);
    expect(sim.generation(id)?.status).toBe('processing');
    clock.advance(1);
    expect(sim.generation(id)).toMatchObject({
      status: 'failed',
      error: INFRASTRUCTURE_ERROR,
      output: null,
      parameters: { duration: 5, resolution: '480p' },
    });
    expect(sim.balanceMicros()).toBe(usdToMicros(100));
  });

  it('refunds only the failed generation when others of the same model complete', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);
    await api.post('/generations', { model: 'lang-4o-image', prompt: 'ok [sim:duration=5000]' });
    await api.post('/generations', {
      model: 'lang-4o-image',
      prompt: 'no [sim:fail=content] [sim:duration=5000]',
    });
    clock.advance(20_000);
    const usage = expectBody(await api.get('/account/usage'), 200, usagePageSchema);
    expect(usage.data.map((u) => u.id)).toEqual([1]);
    expect(sim.balanceMicros()).toBe(usdToMicros(99.98));
  });

  it('fails generations at the configured per-run rates, drawing from the random source', async () => {
    const clock = manualClock();
    let next = 0;
    const draws = [0.5, 0.1, 0.5, 0.3, 0.5, 0.9]; // per generation: duration draw, then failure draw
    const sim = await start({
      clock,
      random: () => draws[next++] ?? 0.5,
      failureRate: { content: 0.2, infrastructure: 0.2 },
    });
    const api = client(sim);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = expectBody(
        await api.post('/generations', { model: 'lang-4o-image', prompt: `n${i}` }),
        201,
        specCreateGenerationResponseSchema,
      );
      ids.push(created.data.id);
    }
    clock.advance(15_000);
    expect(ids.map((id) => sim.generation(id)?.error)).toEqual([
      CONTENT_POLICY_ERROR,
      INFRASTRUCTURE_ERROR,
      null,
    ]);
    expect(sim.balanceMicros()).toBe(usdToMicros(99.98));
  });
});

describe('failure injection', () => {
  it('applies injected behaviours to the next POSTs in FIFO order', async () => {
    const clock = manualClock();
    const sim = await start({ clock, random: () => 0.5 });
    const api = client(sim);
    sim.injectNext({ fail: 'content' });
    sim.injectNext({ status: 500 });
    sim.injectNext({ durationMs: 1_000 });

    const first = expectBody(
      await api.post('/generations', { model: 'lang-4o-image', prompt: 'a' }),
      201,
      specCreateGenerationResponseSchema,
    );
    expect((await api.post('/generations', { model: 'lang-4o-image', prompt: 'b' })).status).toBe(500);
    const third = expectBody(
      await api.post('/generations', { model: 'lang-4o-image', prompt: 'c' }),
      201,
      specCreateGenerationResponseSchema,
    );
    const fourth = expectBody(
      await api.post('/generations', { model: 'lang-4o-image', prompt: 'd' }),
      201,
      specCreateGenerationResponseSchema,
    );

    // random 0.5: 10 s in all, 1 s pending, so the content rejection has failed and the last one has not finished.
    clock.advance(3_000);
    expect(sim.generation(first.data.id)?.status).toBe('failed');
    expect(sim.generation(third.data.id)?.status).toBe('completed');
    expect(sim.generation(fourth.data.id)?.status).not.toBe('completed');
  });

  it('answers [sim:status=500] with a 500 without creating or charging anything', async () => {
    const sim = await start({ clock: manualClock() });
    const api = client(sim);
    const answer = await api.post('/generations', { model: 'lang-4o-image', prompt: 'x [sim:status=500]' });
    expect(answer).toMatchObject({ status: 500, body: { error: 'Server Error' } });
    expect(sim.balanceMicros()).toBe(usdToMicros(100));
    expect(expectBody(await api.get('/generations'), 200, listGenerationsResponseSchema).data).toEqual([]);
  });

  it('answers [sim:status=500-after-create] with a 500 although the generation exists and is charged', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);
    const prompt = 'x [sim:status=500-after-create]';
    const answer = await api.post('/generations', { model: 'lang-4o-image', prompt });
    expect(answer.status).toBe(500);
    expect(sim.balanceMicros()).toBe(usdToMicros(99.98));
    const list = expectBody(await api.get('/generations'), 200, listGenerationsResponseSchema).data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ prompt, status: 'pending' });
    clock.advance(15_000);
    expect(sim.generation(list[0]?.id ?? '')?.status).toBe('completed');
  });

  it('creates the generation on receipt and sends the answer [sim:delay=MS] real ms late', async () => {
    const sim = await start({ clock: manualClock() });
    const startedAt = Date.now();
    const answer = client(sim).post('/generations', {
      model: 'lang-4o-image',
      prompt: 'slow [sim:delay=300]',
    });
    let answered = false;
    void answer.then(() => {
      answered = true;
    });
    // Poll until the simulator has created it: the answer is still on its way.
    while (sim.requests[0]?.status !== 201) await new Promise((r) => setTimeout(r, 5));
    expect(answered).toBe(false);
    expect(sim.balanceMicros()).toBe(usdToMicros(99.98));
    expectBody(await answer, 201, specCreateGenerationResponseSchema);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(290);
  });

  it('keeps a generation whose client gave up waiting for the delayed answer', async () => {
    const sim = await start({ clock: manualClock() });
    const abort = new AbortController();
    const answer = fetch(`${sim.baseUrl}/generations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sim.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'lang-4o-image', prompt: 'timeout [sim:delay=5000]' }),
      signal: abort.signal,
    });
    while (sim.requests[0]?.status !== 201) await new Promise((r) => setTimeout(r, 5));
    abort.abort();
    await expect(answer).rejects.toThrow();
    const list = expectBody(await client(sim).get('/generations'), 200, listGenerationsResponseSchema).data;
    expect(list).toHaveLength(1);
  });

  it('delays every answer by latencyMs', async () => {
    const sim = await start({ clock: manualClock(), latencyMs: 100 });
    const startedAt = Date.now();
    expect((await client(sim).get('/account')).status).toBe(200);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(95);
  });
});
