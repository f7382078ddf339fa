/**
 * Cancel across processes (redis/remote-cancel.ts), on a real redis-server: a Cancel pressed in
 * one process cancels the request waiting in another process's fair queue (its hold released),
 * and a request no process holds is answered as soon as every process has said so.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CancelResult } from '../../src/jobs/send-line.ts';
import type { SubmitterClient } from '../../src/jobs/submission.ts';
import { Submitter } from '../../src/jobs/submitter.ts';
import { silentLogger } from '../../src/log.ts';
import { RemoteCancel } from '../../src/redis/remote-cancel.ts';
import { deferred, logger, reserved, summaryOf, useWorld } from '../jobs/helpers.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

let server: RedisServer;
const w = useWorld();
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  server = await startRedisServer();
});
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});
afterAll(async () => {
  await server?.stop();
});

async function processWith(
  local: (reservationId: string, userId: string) => Promise<CancelResult>,
  timeoutMs = 5_000,
): Promise<{ cancel: RemoteCancel; client: RedisClientType }> {
  const client = createClient({ url: server.url, disableOfflineQueue: true }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  const cancel = new RemoteCancel({ client, local, logger: silentLogger, timeoutMs });
  await cancel.start();
  closing.push(async () => {
    await cancel.stop();
    if (client.isOpen) await client.close().catch(() => client.destroy());
  });
  return { cancel, client };
}

describe('a Cancel pressed in another process', () => {
  it("cancels the request waiting in the other process's fair queue and gives its hold back", async () => {
    // Process A: its four sending slots are taken by POSTs that wait for the service.
    const hold = deferred();
    const stuck: SubmitterClient = {
      createGeneration: async (req) => {
        await hold.promise;
        return w.client.createGeneration(req);
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const a = new Submitter({
      client: stuck,
      jobs: w.proc.jobs,
      intents: w.proc.intents,
      quota: w.proc.quota,
      clock: w.clock,
      logger,
    });
    const fillers = [];
    for (let i = 0; i < 4; i++) {
      fillers.push(a.submit(await reserved(w.proc.quota, { prompt: `filler ${i}`, userId: `filler-${i}` })));
      await expect.poll(() => a.sending).toBe(i + 1);
    }
    const input = await reserved(w.proc.quota, { prompt: 'waits in A' });
    const waiting = a.submit(input);
    await expect.poll(() => a.waiting).toBe(1);
    expect((await summaryOf(w.proc.quota)).reservedMicros).toBe(input.quotedMicros);

    await processWith((id, user) => a.cancel(id, user));
    // Process B holds nothing of it: the press there asks the others.
    const b = await processWith(async () => ({ kind: 'not_waiting' }));
    const result = await b.cancel.cancel(input.reservationId, input.reply.userId);
    expect(result).toEqual({ kind: 'cancelled', quotedMicros: input.quotedMicros, released: true });
    expect(await waiting).toEqual({ kind: 'cancelled', released: true });
    expect((await summaryOf(w.proc.quota)).reservedMicros).toBe(0);

    hold.resolve();
    await Promise.all(fillers);
  });

  it("is another member's to cancel: the holding process says so", async () => {
    await processWith(async () => ({ kind: 'not_yours' }));
    const b = await processWith(async () => ({ kind: 'not_waiting' }));
    expect(await b.cancel.cancel('some-reservation', 'someone-else')).toEqual({ kind: 'not_yours' });
  });

  it('answers at once when no process holds the request, without waiting for the timeout', async () => {
    await processWith(async () => ({ kind: 'not_waiting' }));
    await processWith(async () => ({ kind: 'not_waiting' }));
    const b = await processWith(async () => ({ kind: 'not_waiting' }), 10_000);
    const askedAt = Date.now();
    expect(await b.cancel.cancel('gone', 'member')).toBeUndefined();
    expect(Date.now() - askedAt).toBeLessThan(2_000);
  });

  it('answers undefined when Redis cannot be asked', async () => {
    const b = await processWith(async () => ({ kind: 'not_waiting' }));
    b.client.destroy();
    expect(await b.cancel.cancel('any', 'member')).toBeUndefined();
  });
});
