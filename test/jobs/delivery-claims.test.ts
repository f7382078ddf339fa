/**
 * Delivery claimed once per job across processes, on a real redis-server: two "processes" (each
 * its own Redis connection and claims) deliver from one job store. A result is shown once however
 * many try, and a delivery whose process dies or is cut off from Redis is taken over once its claim
 * lapses, with the stale holder unable to show anything or record the job done.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { Delivery } from '../../src/jobs/delivery.ts';
import type { JobContent, JobMessenger } from '../../src/jobs/delivery-ports.ts';
import type { Job } from '../../src/jobs/job.ts';
import { JobStore } from '../../src/jobs/job-store.ts';
import { createInProcessLock } from '../../src/locks.ts';
import { silentLogger } from '../../src/log.ts';
import { RedisDeliveryClaims } from '../../src/redis/delivery-claims.ts';
import { RedisLeases } from '../../src/redis/lease.ts';
import { jobFixture } from '../discord/job-fixture.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();
const { closing } = server;

/** Records what each process showed; `hang` holds its shows until `wake` (a process paused mid-edit). */
class Messenger implements JobMessenger {
  readonly shows: { job: Job; content: JobContent }[] = [];
  hang = false;
  wake: () => void = () => undefined;
  async show(job: Job, content: JobContent) {
    this.shows.push({ job, content });
    if (this.hang) await new Promise<void>((resolve) => (this.wake = resolve));
    return 'interaction' as const;
  }
  async reportFailure() {
    return 'thread' as const;
  }
}

interface Proc {
  delivery: Delivery;
  messenger: Messenger;
  client: RedisClientType;
  done: Job[];
}

async function processOn(jobs: JobStore, ttlMs: number): Promise<Proc> {
  const client = createClient({ url: server.url, disableOfflineQueue: true }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  const messenger = new Messenger();
  const done: Job[] = [];
  const delivery = deliveryOf(jobs, client, messenger, { ttlMs, onDone: (job) => done.push(job) });
  closing.push(async () => {
    await Promise.race([delivery.close(), new Promise((resolve) => setTimeout(resolve, 200))]);
    if (client.isOpen) await client.close().catch(() => client.destroy());
  });
  return { delivery, messenger, client, done };
}

/** Delivery as one process runs it, its claims on `client`'s connection. */
function deliveryOf(
  jobs: JobStore,
  client: RedisClientType,
  messenger: Messenger,
  o: { ttlMs: number; minEditIntervalMs?: number; onDone?: (job: Job) => void },
): Delivery {
  return new Delivery({
    jobs,
    messenger,
    quota: { finish: async () => undefined, refund: async () => ({ refundedMicros: 0 }) },
    clock: systemClock,
    logger: silentLogger,
    download: async () => ({ ok: false, reason: 'refused', detail: 'test' }),
    minEditIntervalMs: o.minEditIntervalMs ?? 0,
    retryBaseMs: 60_000,
    claims: new RedisDeliveryClaims({ leases: new RedisLeases(client), ttlMs: o.ttlMs }),
    ...(o.onDone ? { onDone: o.onDone } : {}),
  });
}

/** Resolves once `p` delivered the job, resuming it as the poller's leader would at each look. */
async function deliveredBy(p: Proc, job: Job): Promise<void> {
  await expect
    .poll(async () => {
      if (!p.delivery.handling(job.generationId)) p.delivery.resume(job);
      await p.delivery.idle();
      return p.done.length;
    })
    .toBe(1);
}

/** A job the service finished, not delivered yet, in a store both processes share. */
async function finishedJob(id: string): Promise<{ jobs: JobStore; job: Job }> {
  const jobs = new JobStore(new Keyv(), createInProcessLock());
  const job = jobFixture({
    generationId: id,
    status: 'completed',
    step: 'delivering',
    output: { url: 'http://127.0.0.1:9/files/x.png', content_type: 'image/png' } as Job['output'],
    editedAt: 0,
  });
  await jobs.create(job);
  return { jobs, job };
}

describe('delivery claimed once across processes', () => {
  it('shows a result once when two processes deliver the same job at the same time', async () => {
    const { jobs, job } = await finishedJob('gen-both');
    const a = await processOn(jobs, 5_000);
    const b = await processOn(jobs, 5_000);
    a.delivery.resume(job);
    b.delivery.resume(job);
    await Promise.all([a.delivery.idle(), b.delivery.idle()]);
    expect(a.messenger.shows.length + b.messenger.shows.length).toBe(1);
    expect(a.done.length + b.done.length).toBe(1);
    expect((await jobs.get(job.generationId))?.step).toBe('done');
  });

  it('is taken over when its process stalls mid-delivery, and the stale claim cannot record it done', async () => {
    const { jobs, job } = await finishedJob('gen-dies');
    const a = await processOn(jobs, 300);
    const b = await processOn(jobs, 300);
    // A stalls in the middle of its edit, cut off from Redis: nothing renews its claim any more.
    a.messenger.hang = true;
    a.delivery.resume(job);
    await expect.poll(() => a.messenger.shows.length).toBe(1);
    a.client.destroy();
    // While A's claim holds, B leaves the job alone.
    b.delivery.resume(job);
    await b.delivery.idle();
    expect(b.messenger.shows).toHaveLength(0);
    // Once it lapsed, B delivers it (as the poller's leader does at its next look).
    await deliveredBy(b, job);
    expect(b.messenger.shows).toHaveLength(1);
    const recorded = await jobs.get(job.generationId);
    expect(recorded?.step).toBe('done');
    // A comes back: its edit returns, but its final write is fenced off by B's larger token.
    a.messenger.wake();
    await a.delivery.idle();
    expect(a.done).toHaveLength(0);
    expect(await jobs.get(job.generationId)).toEqual(recorded);
  });

  it('shows nothing under a claim that lapsed while its process was cut off from Redis', async () => {
    const { jobs, job } = await finishedJob('gen-cut-off');
    const a = await processOn(jobs, 300);
    const b = await processOn(jobs, 300);
    // A claims the job and waits for its edit slot (the reply was just edited), long past its ttl.
    await jobs.update(job.generationId, () => ({ editedAt: Date.now() }));
    const slow = deliveryOf(jobs, a.client, a.messenger, { ttlMs: 300, minEditIntervalMs: 1_000 });
    slow.resume(job);
    await expect.poll(async () => (await jobs.get(job.generationId))?.deliveryToken).toBeGreaterThan(0);
    a.client.destroy();
    await deliveredBy(b, job);
    // A wakes after its slot: it cannot confirm its claim, so it shows nothing.
    await slow.close();
    expect(a.messenger.shows).toHaveLength(0);
    expect(b.messenger.shows).toHaveLength(1);
  });
});
