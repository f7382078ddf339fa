/**
 * A TCP proxy in front of a real server (a redis-server) that can hold what a client sends, as a
 * slow or partitioned network does. Once a chunk a client sends matches `holdNext`'s test, that
 * connection's bytes to the server (the chunk and everything after it) wait in the proxy until
 * `deliver()`; the server's answers keep flowing. A client that gives up meanwhile and drops the
 * connection does not take the held bytes with it: they reach the server at `deliver()`, exactly
 * as the commands a dropped connection left in a stopped server's socket run when it resumes. So a
 * test chooses the order that a stopped redis-server (SIGSTOP) leaves to chance: a command the bot
 * saw fail runs after whatever the bot did next. Other connections, and new ones, pass freely.
 */
import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

export interface HoldingProxy {
  readonly port: number;
  /**
   * Holds the next chunk any client sends that `match` accepts (its text), and everything that
   * connection sends after it. Resolves once such a chunk is held.
   */
  holdNext(match: (text: string) => boolean): Promise<void>;
  /**
   * Sends what was held to the server and lets the connections flow again. A connection whose
   * client has gone is then closed; resolves once the server closed it too (it ran what it read).
   */
  deliver(): Promise<void>;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket;
  held?: Buffer[];
  clientGone: boolean;
}

export async function startHoldingProxy(target: { host: string; port: number }): Promise<HoldingProxy> {
  const links = new Set<Link>();
  let armed: { match: (text: string) => boolean; held: () => void } | undefined;

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const link: Link = { client, upstream, clientGone: false };
    links.add(link);
    client.on('data', (chunk: Buffer) => {
      if (!link.held && armed?.match(chunk.toString('latin1'))) {
        link.held = [];
        armed.held();
        armed = undefined;
      }
      if (link.held) link.held.push(chunk);
      else upstream.write(chunk);
    });
    const clientClosed = () => {
      link.clientGone = true;
      // While bytes are held the server side stays open: they still reach the server at deliver().
      if (!link.held) upstream.end();
    };
    client.on('end', clientClosed);
    client.on('close', clientClosed);
    client.on('error', () => undefined);
    upstream.on('data', (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    upstream.on('close', () => {
      links.delete(link);
      client.destroy();
    });
    upstream.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };

  return {
    port,
    holdNext(match) {
      return new Promise<void>((resolve) => {
        armed = { match, held: resolve };
      });
    },
    async deliver() {
      const closing: Promise<unknown>[] = [];
      for (const link of links) {
        const held = link.held;
        if (!held) continue;
        link.held = undefined;
        for (const chunk of held) link.upstream.write(chunk);
        if (link.clientGone) {
          closing.push(once(link.upstream, 'close'));
          link.upstream.end();
        }
      }
      await Promise.all(closing);
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
