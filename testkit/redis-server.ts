/**
 * A real redis-server for the tests and the benchmark: started on a free loopback port with no
 * persistence, stopped (and its data gone) when done. CI installs Debian's redis-server (.ci/run).
 * A test file takes its own with useRedisServer (test/support/redis-server.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server; its data is gone (nothing is saved). */
  stop(): Promise<void>;
  /** Freezes the process (SIGSTOP): connections stay open and nothing is answered. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
}

/** A TCP port free on the loopback right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `args`: more redis-server options (`--requirepass`, …). */
export async function startRedisServer(args: readonly string[] = []): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess;
  try {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'notice',
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (err) {
    throw new Error('redis-server could not be started (apt-get install -y redis-server)', { cause: err });
  }
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('Ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (err) =>
      reject(
        new Error('redis-server could not be started (apt-get install -y redis-server)', { cause: err }),
      ),
    );
    child.once('exit', (code) =>
      reject(new Error(`redis-server exited with ${code}: ${output.slice(-500)}`)),
    );
  });
  // Printed at loglevel notice once the port listens.
  await ready;
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
  };
}
