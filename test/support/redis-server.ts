/**
 * A test file's own redis-server (useRedisServer): started before the file's tests, stopped after
 * them. The runner itself (startRedisServer, freePort) is testkit/redis-server.ts, which the
 * benchmark shares.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type RedisServer, startRedisServer } from '../../testkit/redis-server.ts';

export { freePort, type RedisServer, startRedisServer } from '../../testkit/redis-server.ts';

/** A test file's redis-server (see useRedisServer): its address, and what to close after each test. */
export interface FileRedis {
  readonly url: string;
  readonly port: number;
  /** Closed after each test, the last opened first (connections, leases, limiters). */
  readonly closing: (() => Promise<void>)[];
  /** Freezes the server (SIGSTOP); it is let run again after the test, whatever happens. */
  pause(): void;
  /** Lets it run again (SIGCONT). */
  resume(): void;
  /** A connection of its own, as one process has, closed after the test. */
  connect(): Promise<RedisClientType>;
}

/**
 * Starts a redis-server before the file's tests and stops it after them; what a test pushes onto
 * `closing` is closed after that test.
 */
export function useRedisServer(): FileRedis {
  let server: RedisServer | undefined;
  const closing: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterEach(async () => {
    server?.resume();
    for (const close of closing.splice(0).reverse()) await close();
  });
  afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('the redis-server of this file is not started (use it inside a test)');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    closing,
    pause: () => started().pause(),
    resume: () => started().resume(),
    async connect() {
      const client = createClient({ url: started().url }) as RedisClientType;
      // A test that stops or pauses the server sees the failures where it awaits them.
      client.on('error', () => undefined);
      await client.connect();
      closing.push(() =>
        client.quit().then(
          () => undefined,
          () => {
            if (client.isOpen) client.destroy();
          },
        ),
      );
      return client;
    },
  };
}
