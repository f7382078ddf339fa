import { describe, expect, it } from 'vitest';
import { createGenerationResponseSchema, getGenerationResponseSchema } from '../../src/media/schemas.ts';
import { client, expectBody, manualClock, useSimulators } from './helpers.ts';

const start = useSimulators();

describe('the simulator validates prompts as the bot does', () => {
  it('counts code points: 1,001 emoji are accepted, 2,001 code points are not', async () => {
    const api = client(await start({ clock: manualClock() }));
    const accepted = await api.post('/generations', { model: 'dream-4.5', prompt: '🦊'.repeat(1001) });
    expect(accepted.status).toBe(201);
    const refused = await api.post('/generations', { model: 'dream-4.5', prompt: `${'a'.repeat(1999)}🦊🦊` });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('(it has 2,001)');
  });

  it('refuses a prompt of zero-width characters and a private reference URL', async () => {
    const api = client(await start({ clock: manualClock() }));
    const empty = await api.post('/generations', { model: 'dream-4.5', prompt: '\u200b\u200d\ufeff' });
    expect(JSON.stringify(empty.body)).toContain('The prompt is required.');
    const local = await api.post('/generations', {
      model: 'dream-4.5',
      prompt: 'x',
      image_urls: ['http://169.254.169.254/latest/meta-data'],
    });
    expect(local.status).toBe(422);
    expect(JSON.stringify(local.body)).toContain('not a public address');
  });
});

describe('a spoofed output URL (test hook)', () => {
  it('answers a completed generation with the injected output URL', async () => {
    const clock = manualClock();
    const sim = await start({ clock });
    const api = client(sim);
    sim.injectNext({ outputUrl: 'file:///etc/passwd', durationMs: 1000 });
    const created = expectBody(
      await api.post('/generations', { model: 'dream-4.5', prompt: 'x' }),
      201,
      createGenerationResponseSchema,
    );
    clock.advance(1000);
    const done = expectBody(
      await api.get(`/generations/${created.data.id}`),
      200,
      getGenerationResponseSchema,
    );
    expect(done.data.output?.url).toBe('file:///etc/passwd');
  });
});
