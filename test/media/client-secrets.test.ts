/**
 * The API token never leaves the client except in the Authorization header: not in error
 * messages, serialised errors, stacks, nor log lines (captured with no secrets configured, so
 * the logger's own scrubbing cannot hide a leak).
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { MediaClient } from '../../src/media/client.ts';
import { MediaApiError } from '../../src/media/errors.ts';
import type { CreateGenerationRequest } from '../../src/media/schemas.ts';
import { startSimulator } from '../../src/sim/server.ts';
import { captureLogs, closedPort, json, startLocalServer } from './helpers.ts';

const CANARY = 'tok_CANARY_7f3a9c21e5d4';
const image: CreateGenerationRequest = {
  model: 'lang-4o-image',
  prompt: 'a lighthouse',
  aspect_ratio: '1:1',
};

/** Everything a person or a log aggregator could ever see of an error. */
function renderings(err: unknown): string[] {
  const e = err as Error;
  return [e.message, String(e), JSON.stringify(e), e.stack ?? '', inspect(e, { depth: 10 })];
}

describe('the API token never appears in errors or logs', () => {
  it('is absent from every error the simulator provokes and from every log line', async () => {
    const { logger, lines } = captureLogs();
    const sim = await startSimulator({ token: CANARY, balanceUsd: 0.01, rateLimitPerMinute: 8 });
    const errors: unknown[] = [];
    try {
      const client = new MediaClient({
        baseUrl: sim.baseUrl,
        token: CANARY,
        logger,
        maxRetries: 0,
        random: () => 0,
      });
      const wrong = new MediaClient({ baseUrl: sim.baseUrl, token: `${CANARY}x`, logger, maxRetries: 0 });
      const attempts: (() => Promise<unknown>)[] = [
        () => wrong.getAccount(), // 401
        () => client.createGeneration(image), // 402
        () => client.getGeneration('missing'), // 404
        () => client.getModel(CANARY), // 404 whose message repeats the slug
        () => client.createGeneration({ model: 'lang-4o-image', prompt: '' }), // 422
        () => client.createGeneration({ ...image, prompt: '[sim:status=500]' }), // 500
      ];
      for (const attempt of attempts) errors.push(await attempt().catch((e: unknown) => e));
      // Spend the rest of the budget to get a 429.
      for (let i = 0; i < 4 && !errors.some((e) => (e as MediaApiError).status === 429); i++) {
        errors.push(await client.getAccount().catch((e: unknown) => e));
      }
    } finally {
      await sim.close();
    }

    const failures = errors.filter((e): e is MediaApiError => e instanceof MediaApiError);
    expect(failures.map((e) => e.status)).toEqual([401, 402, 404, 404, 422, 500, 429]);
    for (const err of failures) {
      for (const text of renderings(err)) expect(text).not.toContain(CANARY);
    }
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(CANARY);
  });

  it('is absent even when a hostile server echoes the Authorization header into every kind of answer', async () => {
    const server = await startLocalServer((req, res) => {
      const echoed = `you sent ${req.headers.authorization}`;
      const route = req.url ?? '';
      if (route.endsWith('/500')) return json(res, 500, { message: echoed });
      if (route.endsWith('/404')) return json(res, 404, { error: echoed });
      if (route.endsWith('/409')) return json(res, 409, { error: echoed });
      if (route.endsWith('/bad-json')) {
        res.writeHead(200, { 'content-type': `text/plain; ${echoed}` });
        return res.end(echoed);
      }
      if (route.endsWith('/bad-shape')) {
        return json(
          res,
          200,
          { data: { name: echoed, resolution_multipliers: { [echoed]: 'x' } } },
          { 'x-echo': echoed },
        );
      }
      if (req.method === 'POST' && route.endsWith('/generations') && req.body.includes('"422"')) {
        return json(res, 422, { message: echoed, errors: { [echoed]: [echoed] } });
      }
      return json(res, 402, { error: echoed, message: echoed, required: 1, balance: 0 });
    });
    const { logger, lines } = captureLogs();
    try {
      const client = new MediaClient({
        baseUrl: server.baseUrl,
        token: CANARY,
        logger,
        maxRetries: 1,
        random: () => 0,
      });
      const errors = [
        await client.getGeneration('500').catch((e: unknown) => e),
        await client.getGeneration('404').catch((e: unknown) => e),
        await client.getGeneration('409').catch((e: unknown) => e),
        await client.getGeneration('bad-json').catch((e: unknown) => e),
        await client.getModel('bad-shape').catch((e: unknown) => e),
        await client.createGeneration({ model: '422', prompt: 'x' }).catch((e: unknown) => e),
        await client.createGeneration(image).catch((e: unknown) => e),
      ];
      expect(errors.map((e) => (e as MediaApiError).name)).toEqual([
        'ServerError',
        'NotFoundError',
        'MediaApiError',
        'ProtocolError',
        'ProtocolError',
        'ValidationError',
        'InsufficientBalanceError',
      ]);
      // The service's words are kept, with the token taken out.
      expect((errors[1] as Error).message).toBe('you sent Bearer [REDACTED]');
      for (const err of errors) {
        for (const text of renderings(err)) expect(text).not.toContain(CANARY);
      }
      for (const line of lines) expect(line).not.toContain(CANARY);
    } finally {
      await server.close();
    }
  });

  it('is absent from network and timeout errors', async () => {
    const { logger, lines } = captureLogs();
    const port = await closedPort();
    const silent = await startLocalServer(() => {});
    try {
      const refused = new MediaClient({
        baseUrl: `http://127.0.0.1:${port}/api/v1`,
        token: CANARY,
        logger,
        maxRetries: 1,
        random: () => 0,
      });
      const slow = new MediaClient({
        baseUrl: silent.baseUrl,
        token: CANARY,
        logger,
        timeoutMs: 30,
        maxRetries: 1,
        random: () => 0,
      });
      const errors = [
        await refused.createGeneration(image).catch((e: unknown) => e),
        await slow.getAccount().catch((e: unknown) => e),
        await slow.createGeneration(image).catch((e: unknown) => e),
      ];
      expect(errors.map((e) => (e as MediaApiError).name)).toEqual([
        'NetworkError',
        'TimeoutError',
        'TimeoutError',
      ]);
      for (const err of errors) {
        for (const text of renderings(err)) expect(text).not.toContain(CANARY);
      }
      for (const line of lines) expect(line).not.toContain(CANARY);
    } finally {
      await silent.close();
    }
  });

  it('logs method, path, status and attempt of each exchange at debug level', async () => {
    const { logger, lines } = captureLogs();
    const server = await startLocalServer((_req, res, index) =>
      index === 0 ? json(res, 500, {}) : json(res, 200, { data: [] }),
    );
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: CANARY, logger, random: () => 0 });
      await client.listGenerations({ type: 'video', perPage: 100 });
      const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const responses = entries.filter((e) => e.msg === 'media api response');
      expect(responses).toEqual([
        expect.objectContaining({
          level: 20,
          method: 'GET',
          path: '/generations?type=video&per_page=100',
          status: 500,
          attempt: 0,
        }),
        expect.objectContaining({
          level: 20,
          method: 'GET',
          path: '/generations?type=video&per_page=100',
          status: 200,
          attempt: 1,
        }),
      ]);
      expect(entries.filter((e) => e.msg === 'media api retry')).toEqual([
        expect.objectContaining({ attempt: 0, reason: 'ServerError', status: 500 }),
      ]);
    } finally {
      await server.close();
    }
  });
});
