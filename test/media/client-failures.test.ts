/**
 * Retries, timeouts, protocol errors and the no-double-POST rule, against the simulator and
 * small local servers that misbehave on purpose.
 */
import { describe, expect, it } from 'vitest';
import { type Clock, scaledClock, systemClock } from '../../src/clock.ts';
import { MediaClient } from '../../src/media/client.ts';
import {
  AbortedError,
  MediaApiError,
  mayHaveCreatedGeneration,
  NetworkError,
  ProtocolError,
  ServerError,
  TimeoutError,
} from '../../src/media/errors.ts';
import { createLocalRateLimiter } from '../../src/media/rate-limiter.ts';
import type { CreateGenerationRequest } from '../../src/media/schemas.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import {
  accountBody,
  closedPort,
  generationBody,
  json,
  observedLimiter,
  startLocalServer,
} from './helpers.ts';

const image: CreateGenerationRequest = {
  model: 'lang-4o-image',
  prompt: 'a lighthouse at dusk',
  aspect_ratio: '1:1',
};
const TOKEN = 'tok-local-test-123456';

async function withSimulator<T>(fn: (sim: Simulator) => Promise<T>): Promise<T> {
  const sim = await startSimulator({ balanceUsd: 10 });
  try {
    return await fn(sim);
  } finally {
    await sim.close();
  }
}

describe('request headers', () => {
  it('sends the bearer token and Accept on every request, and Content-Type only with a body', async () => {
    const server = await startLocalServer((req, res) =>
      req.method === 'POST'
        ? json(res, 201, {
            data: generationBody({ status: 'pending', output: null, completed_at: null }),
            price_usd: 0.02,
          })
        : json(res, 200, accountBody),
    );
    try {
      const client = new MediaClient({ baseUrl: `${server.baseUrl}/`, token: TOKEN });
      await client.getAccount();
      await client.createGeneration(image);
      const [get, post] = server.requests;
      expect(get).toMatchObject({ method: 'GET', url: '/api/v1/account' });
      expect(get?.headers).toMatchObject({ authorization: `Bearer ${TOKEN}`, accept: 'application/json' });
      expect(get?.headers['content-type']).toBeUndefined();
      expect(post).toMatchObject({ method: 'POST', url: '/api/v1/generations' });
      expect(post?.headers).toMatchObject({
        authorization: `Bearer ${TOKEN}`,
        accept: 'application/json',
        'content-type': 'application/json',
      });
      expect(JSON.parse(post?.body ?? '')).toEqual(image);
    } finally {
      await server.close();
    }
  });
});

describe('read retries', () => {
  it('retries a read answered 500 and returns the answer that finally succeeds', async () => {
    const server = await startLocalServer((_req, res, index) =>
      index < 2 ? json(res, 500, { message: 'try later' }) : json(res, 200, accountBody),
    );
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN, random: () => 0 });
      await expect(client.getAccount()).resolves.toEqual(accountBody.data);
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('throws ServerError after maxRetries + 1 attempts when a read keeps failing', async () => {
    const server = await startLocalServer((_req, res) => json(res, 503, { message: 'maintenance' }));
    try {
      const client = new MediaClient({
        baseUrl: server.baseUrl,
        token: TOKEN,
        maxRetries: 2,
        random: () => 0,
      });
      const err = await client.listModels().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServerError);
      expect(err).toMatchObject({ status: 503 });
      expect((err as Error).message).toContain('maintenance');
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('backs off exponentially with full jitter between read retries', async () => {
    const server = await startLocalServer((_req, res) => json(res, 500, {}));
    try {
      // Time runs 1000 times faster; the clock notes every sleep except the per-attempt timeout.
      const fast = scaledClock(1000);
      const backoffs: number[] = [];
      const clock: Clock = {
        now: () => fast.now(),
        sleep: (ms, signal) => {
          if (ms !== 30_000) backoffs.push(ms);
          return fast.sleep(ms, signal);
        },
      };
      const client = new MediaClient({
        baseUrl: server.baseUrl,
        token: TOKEN,
        clock,
        maxRetries: 5,
        random: () => 0.5,
      });
      await expect(client.getAccount()).rejects.toBeInstanceOf(ServerError);
      // Half of min(8 s, 0.5 s * 2^attempt).
      expect(backoffs).toEqual([250, 500, 1_000, 2_000, 4_000]);
    } finally {
      await server.close();
    }
  });

  it('retries a read whose connection was reset', async () => {
    const server = await startLocalServer((_req, res, index) =>
      index === 0 ? res.socket?.destroy() : json(res, 200, accountBody),
    );
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN, random: () => 0 });
      await expect(client.getAccount()).resolves.toEqual(accountBody.data);
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

describe('protocol errors', () => {
  it('names the failing path when a body does not match the schema', async () => {
    const server = await startLocalServer((req, res) =>
      req.url?.startsWith('/api/v1/generations/')
        ? json(res, 200, { data: generationBody({ status: 'exploded' }) })
        : json(res, 200, { data: [generationBody(), generationBody({ output: { url: 7 } })] }),
    );
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN });
      const one = await client.getGeneration('abc').catch((e: unknown) => e);
      expect(one).toBeInstanceOf(ProtocolError);
      expect(one).toMatchObject({ status: 200 });
      expect((one as ProtocolError).issues.map((i) => i.path)).toEqual(['data.status']);
      expect((one as Error).message).toContain('data.status');

      const list = await client.listGenerations({}).catch((e: unknown) => e);
      expect(list).toBeInstanceOf(ProtocolError);
      expect((list as ProtocolError).issues.map((i) => i.path)).toEqual([
        'data[1].output.url',
        'data[1].output.content_type',
      ]);
      // A malformed answer is not retried: asking again would not change what the service sends.
      expect(server.requests).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('reports a body that is not JSON, with its content type', async () => {
    const server = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    });
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN });
      const err = await client.getAccount().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProtocolError);
      expect((err as ProtocolError).issues).toEqual([
        { path: '(body)', message: 'not JSON (content-type: text/html)' },
      ]);
    } finally {
      await server.close();
    }
  });

  it('reports a 402 whose body lacks the documented fields as a protocol error, not a crash', async () => {
    const server = await startLocalServer((_req, res) => json(res, 402, { error: 'insufficient_balance' }));
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN });
      const err = await client.createGeneration(image).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProtocolError);
      expect(err).toMatchObject({ status: 402 });
      expect((err as ProtocolError).issues.map((i) => i.path)).toEqual(['message', 'required', 'balance']);
    } finally {
      await server.close();
    }
  });

  it('keeps an unexpected status as a MediaApiError with its status', async () => {
    const server = await startLocalServer((_req, res) => json(res, 409, { message: 'conflict' }));
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN });
      const err = await client.getAccount().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MediaApiError);
      expect(err).toMatchObject({ status: 409, name: 'MediaApiError' });
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe('timeouts', () => {
  it('times out a read that never gets an answer, retrying it maxRetries times', async () => {
    const server = await startLocalServer(() => {});
    try {
      const limiter = observedLimiter(createLocalRateLimiter(), systemClock);
      const client = new MediaClient({
        baseUrl: server.baseUrl,
        token: TOKEN,
        limiter,
        timeoutMs: 50,
        maxRetries: 2,
        random: () => 0,
      });
      const err = await client.getAccount().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TimeoutError);
      expect((err as Error).message).toContain('50 ms');
      // Counted at the client: on a loaded machine an attempt may time out before the server sees it.
      expect(limiter.acquisitions).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it('times out a read whose body stalls after the headers', async () => {
    const server = await startLocalServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
    });
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs: 50, maxRetries: 0 });
      await expect(client.getAccount()).rejects.toBeInstanceOf(TimeoutError);
    } finally {
      await server.close();
    }
  });
});

describe('POST /generations is never sent twice once it may have reached the service', () => {
  it('does not re-send a POST answered 500 after the generation was created; it was charged once', async () => {
    await withSimulator(async (sim) => {
      const client = new MediaClient({ baseUrl: sim.baseUrl, token: sim.token, random: () => 0 });
      const before = sim.balanceMicros();
      const err = await client
        .createGeneration({ ...image, prompt: 'ambiguous [sim:status=500-after-create]' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServerError);
      expect(err).toMatchObject({ status: 500 });
      expect(mayHaveCreatedGeneration(err)).toBe(true);
      expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(before - sim.balanceMicros()).toBe(20_000);
      // The generation exists: the bot finds it in the list instead of submitting again.
      const { generations } = await client.listGenerations({ type: 'image' });
      expect(generations.map((g) => g.prompt)).toEqual(['ambiguous [sim:status=500-after-create]']);
    });
  });

  it('does not re-send a POST that timed out; the simulator created it anyway', async () => {
    await withSimulator(async (sim) => {
      const client = new MediaClient({
        baseUrl: sim.baseUrl,
        token: sim.token,
        timeoutMs: 500,
        random: () => 0,
      });
      const err = await client
        .createGeneration({ ...image, prompt: 'slow [sim:delay=5000]' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TimeoutError);
      expect(mayHaveCreatedGeneration(err)).toBe(true);
      expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(sim.balanceMicros()).toBe(10_000_000 - 20_000);
    });
  });

  it('does not re-send a POST whose connection was reset after sending', async () => {
    const server = await startLocalServer((_req, res) => res.socket?.destroy());
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN, random: () => 0 });
      const err = await client.createGeneration(image).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(NetworkError);
      expect(err).toMatchObject({ mayHaveReachedService: true });
      expect(mayHaveCreatedGeneration(err)).toBe(true);
      expect(server.requests).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it('reports a POST to a closed port as NetworkError that provably reached nothing', async () => {
    const port = await closedPort();
    const client = new MediaClient({
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      token: TOKEN,
      maxRetries: 2,
      random: () => 0,
    });
    const err = await client.createGeneration(image).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({ code: 'ECONNREFUSED', mayHaveReachedService: false });
    expect(mayHaveCreatedGeneration(err)).toBe(false);
  });

  it('re-sends a POST refused at connect once the service is back, and is charged once', async () => {
    const port = await closedPort();
    const token = 'tok-comes-back-5678';
    let sim: Simulator | undefined;
    // The service comes back just before the client's second attempt.
    const limiter = observedLimiter(createLocalRateLimiter(), systemClock, async (count) => {
      if (count === 2) sim = await startSimulator({ port, token, balanceUsd: 10 });
    });
    try {
      const client = new MediaClient({
        baseUrl: `http://127.0.0.1:${port}/api/v1`,
        token,
        limiter,
        random: () => 0,
      });
      const { generation, priceMicros } = await client.createGeneration(image);
      expect(generation.prompt).toBe(image.prompt);
      expect(limiter.acquisitions).toEqual(['submit', 'submit']);
      expect(sim?.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      expect(sim?.balanceMicros()).toBe(10_000_000 - (priceMicros ?? Number.NaN));
    } finally {
      await sim?.close();
    }
  });
});

describe('abort', () => {
  it('rejects with AbortedError, having sent nothing, when aborted while waiting for the rate limiter', async () => {
    await withSimulator(async (sim) => {
      const limiter = createLocalRateLimiter({ limit: 1 });
      const client = new MediaClient({ baseUrl: sim.baseUrl, token: sim.token, limiter });
      await client.getAccount();
      const controller = new AbortController();
      const pending = client.createGeneration(image, { signal: controller.signal });
      controller.abort();
      const err = await pending.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AbortedError);
      expect(err).toMatchObject({ mayHaveReachedService: false });
      expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    });
  });

  it('rejects with AbortedError that may have reached the service when aborted in flight', async () => {
    const server = await startLocalServer(() => {});
    try {
      const client = new MediaClient({ baseUrl: server.baseUrl, token: TOKEN });
      const controller = new AbortController();
      const pending = client.createGeneration(image, { signal: controller.signal });
      await expect.poll(() => server.requests.length).toBe(1);
      controller.abort();
      const err = await pending.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AbortedError);
      expect(err).toMatchObject({ mayHaveReachedService: true });
    } finally {
      await server.close();
    }
  });
});
