import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loopTurn } from '../src/loop-turns.ts';

describe('loopTurn', () => {
  it('polls the sockets between two waiters: data that arrived during one is read before the next', async () => {
    // A loopback pair: what one waiter writes is in the other end's buffer at once, and is read
    // when the loop next polls, as a gateway frame that arrived during a delivery.
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const accepted = once(server, 'connection');
    const writer = connect(port, '127.0.0.1');
    await once(writer, 'connect');
    const [reader] = (await accepted) as [Socket];
    const order: string[] = [];
    reader.on('data', (chunk) => order.push(`read ${chunk}`));
    try {
      await Promise.all(
        [1, 2, 3].map((i) =>
          loopTurn().then(() => {
            order.push(`turn ${i}`);
            writer.write(String(i));
          }),
        ),
      );
      await waitFor(() => order.length === 6);
      expect(order).toEqual(['turn 1', 'read 1', 'turn 2', 'read 2', 'turn 3', 'read 3']);
    } finally {
      writer.destroy();
      reader.destroy();
      server.close();
    }
  });

  it('serves waiters in the order they came, also those that come while others wait', async () => {
    const order: number[] = [];
    const first = loopTurn().then(() => {
      order.push(1);
      return loopTurn().then(() => order.push(3));
    });
    const second = loopTurn().then(() => order.push(2));
    await Promise.all([first, second]);
    expect(order).toEqual([1, 2, 3]);
  });

  it('serves the first lane before the later one, whatever came first', async () => {
    const order: string[] = [];
    await Promise.all([
      loopTurn('later').then(() => order.push('card 1')),
      loopTurn('later').then(() => order.push('card 2')),
      loopTurn().then(() => order.push('delivery')),
    ]);
    expect(order).toEqual(['delivery', 'card 1', 'card 2']);
  });
});

/** Resolves once `done()` holds, checking after each turn of the loop. */
async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}
