import { describe, expect, it } from 'vitest';
import {
  listGenerationsResponseSchema,
  specCreateGenerationResponseSchema,
  usagePageSchema,
  validationErrorBodySchema,
} from '../../src/media/schemas.ts';
import type { Simulator } from '../../src/sim/server.ts';
import { client, expectBody, type ManualClock, manualClock, useSimulators } from './helpers.ts';

const start = useSimulators();

/** Creates generations one clock second apart; returns their ids in creation order. */
async function createMany(sim: Simulator, clock: ManualClock, models: string[]): Promise<string[]> {
  const api = client(sim);
  const ids: string[] = [];
  for (const [i, model] of models.entries()) {
    const created = expectBody(
      await api.post('/generations', { model, prompt: `#${i}` }),
      201,
      specCreateGenerationResponseSchema,
    );
    ids.push(created.data.id);
    clock.advance(1_000);
  }
  return ids;
}

describe('GET /generations', () => {
  it('without type lists both kinds, most recent first, without meta', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const ids = await createMany(sim, clock, [
      'lang-4o-image',
      'motion-2.0',
      'lang-4o-image',
      'quick-video-1',
    ]);
    const answer = await client(sim).get('/generations');
    const list = expectBody(answer, 200, listGenerationsResponseSchema);
    expect(list.data.map((g) => g.id)).toEqual([...ids].reverse());
    expect(list.data.map((g) => g.type)).toEqual(['video', 'image', 'video', 'image']);
    expect(answer.body).not.toHaveProperty('meta');
  });

  it('without type takes per_page but ignores page', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const ids = await createMany(sim, clock, ['lang-4o-image', 'motion-2.0', 'lang-4o-image']);
    const list = expectBody(
      await client(sim).get('/generations?per_page=2&page=2'),
      200,
      listGenerationsResponseSchema,
    );
    expect(list.data.map((g) => g.id)).toEqual([ids[2], ids[1]]);
    expect(list.meta).toBeUndefined();
  });

  it('with type pages through one kind with meta, most recent first', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const ids = await createMany(sim, clock, [
      'lang-4o-image',
      'motion-2.0',
      'dream-4.5',
      'lang-image-2',
      'orbit-2',
    ]);
    const api = client(sim);
    const page1 = expectBody(
      await api.get('/generations?type=image&per_page=2'),
      200,
      listGenerationsResponseSchema,
    );
    expect(page1.data.map((g) => g.id)).toEqual([ids[3], ids[2]]);
    expect(page1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });

    const page2 = expectBody(
      await api.get('/generations?type=image&per_page=2&page=2'),
      200,
      listGenerationsResponseSchema,
    );
    expect(page2.data.map((g) => g.id)).toEqual([ids[0]]);
    expect(page2.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });

    const past = expectBody(
      await api.get('/generations?type=image&per_page=2&page=3'),
      200,
      listGenerationsResponseSchema,
    );
    expect(past.data).toEqual([]);
    expect(past.meta?.current_page).toBe(3);

    const videos = expectBody(await api.get('/generations?type=video'), 200, listGenerationsResponseSchema);
    expect(videos.data.map((g) => g.id)).toEqual([ids[4], ids[1]]);
    expect(videos.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
  });

  it('gives an empty typed list one last page', async () => {
    const sim = await start({ clock: manualClock() });
    const list = expectBody(
      await client(sim).get('/generations?type=video'),
      200,
      listGenerationsResponseSchema,
    );
    expect(list).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
  });

  it('shows each generation with its status as of the clock', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);
    await api.post('/generations', { model: 'lang-4o-image', prompt: 'fast [sim:duration=5000]' });
    await api.post('/generations', { model: 'lang-4o-image', prompt: 'slow [sim:duration=15000]' });
    clock.advance(6_000);
    const list = expectBody(await api.get('/generations?type=image'), 200, listGenerationsResponseSchema);
    expect(list.data.map((g) => g.status)).toEqual(['processing', 'completed']);
    expect(list.data[1]?.output?.content_type).toBe('image/png');
  });

  it('defaults per_page to 20 and caps it at 100', async () => {
    const clock = manualClock();
    const sim = await start({ clock, rateLimitPerMinute: 1_000 });
    await createMany(
      sim,
      clock,
      Array.from({ length: 101 }, () => 'lang-4o-image'),
    );
    const api = client(sim);
    expect(expectBody(await api.get('/generations'), 200, listGenerationsResponseSchema).data).toHaveLength(
      20,
    );
    expect(
      expectBody(await api.get('/generations?per_page=500'), 200, listGenerationsResponseSchema).data,
    ).toHaveLength(100);
    const typed = expectBody(
      await api.get('/generations?type=image&per_page=500'),
      200,
      listGenerationsResponseSchema,
    );
    expect(typed.data).toHaveLength(100);
    expect(typed.meta).toEqual({ current_page: 1, last_page: 2, per_page: 100, total: 101 });
  });

  it('answers 422 for an unknown type or a per_page that is not a positive integer', async () => {
    const sim = await start({ clock: manualClock() });
    const api = client(sim);
    expect(
      Object.keys(
        expectBody(await api.get('/generations?type=audio'), 422, validationErrorBodySchema).errors,
      ),
    ).toEqual(['type']);
    for (const bad of ['0', '-1', 'ten', '2.5']) {
      const body = expectBody(await api.get(`/generations?per_page=${bad}`), 422, validationErrorBodySchema);
      expect(Object.keys(body.errors)).toEqual(['per_page']);
    }
    expect(
      Object.keys(
        expectBody(await api.get('/generations?type=image&page=0'), 422, validationErrorBodySchema).errors,
      ),
    ).toEqual(['page']);
  });
});

describe('GET /account/usage', () => {
  it('pages the usage log, 25 per page by default, most recent first', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    await createMany(
      sim,
      clock,
      Array.from({ length: 30 }, () => 'lang-4o-image'),
    );
    const api = client(sim);

    const first = expectBody(await api.get('/account/usage'), 200, usagePageSchema);
    expect(first).toMatchObject({ current_page: 1, per_page: 25, total: 30 });
    expect(first.data.map((u) => u.id)).toEqual(Array.from({ length: 25 }, (_, i) => 30 - i));

    const second = expectBody(await api.get('/account/usage?page=2'), 200, usagePageSchema);
    expect(second).toMatchObject({ current_page: 2, per_page: 25, total: 30 });
    expect(second.data.map((u) => u.id)).toEqual([5, 4, 3, 2, 1]);

    const small = expectBody(await api.get('/account/usage?per_page=4&page=3'), 200, usagePageSchema);
    expect(small.data.map((u) => u.id)).toEqual([22, 21, 20, 19]);
    expect(small).toMatchObject({ current_page: 3, per_page: 4, total: 30 });
  });

  it('filters by model slug (aliases included) and by type', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    await createMany(sim, clock, ['dream-5.0-lite', 'motion-2.0', 'lang-4o-image', 'dream-5.0-lite']);
    const api = client(sim);

    const dream = expectBody(await api.get('/account/usage?model=dream-5-lite'), 200, usagePageSchema);
    expect(dream.data.map((u) => [u.id, u.model_key])).toEqual([
      [4, 'dream_5_0_lite'],
      [1, 'dream_5_0_lite'],
    ]);
    expect(dream.total).toBe(2);

    const videos = expectBody(await api.get('/account/usage?type=video'), 200, usagePageSchema);
    expect(videos.data.map((u) => [u.model_key, u.generation_type, u.amount_usd])).toEqual([
      ['motion_2_0', 'video', 0.66],
    ]);

    const both = expectBody(
      await api.get('/account/usage?model=motion-2.0&type=image'),
      200,
      usagePageSchema,
    );
    expect(both).toMatchObject({ data: [], total: 0 });
    const unknown = expectBody(await api.get('/account/usage?model=nope'), 200, usagePageSchema);
    expect(unknown).toMatchObject({ data: [], total: 0 });
  });
});
