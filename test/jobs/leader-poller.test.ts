/**
 * The poller's leadership on a real redis-server: two "processes" (each its own connection and
 * leases) compete for the poller's lease; only the holder polls, it follows the jobs of the shared
 * open index whoever submitted them, and the other takes over when the holder stops or dies.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import type { Job } from '../../src/jobs/job.ts';
import { LeaderPoller } from '../../src/jobs/leader-poller.ts';
import type { GenerationFollower } from '../../src/jobs/poller.ts';
import { silentLogger } from '../../src/log.ts';
import { RedisLeases } from '../../src/redis/lease.ts';
import { pollerLease } from '../../src/wiring/process-sharing.ts';
import { jobFixture } from '../discord/job-fixture.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();
const { closing } = server;

/** The store's open jobs, shared by both "processes" as the Redis store would be. */
class OpenJobs {
  readonly jobs = new Map<string, Job>();
  add(job: Job): void {
    this.jobs.set(job.generationId, job);
  }
  async openIds(): Promise<string[]> {
    return [...this.jobs.keys()];
  }
  async get(id: string): Promise<Job | undefined> {
    return this.jobs.get(id);
  }
}

/** A poller that records what it was told to follow; `followed` waits for an id. */
class RecordingPoller implements GenerationFollower {
  readonly ids = new Set<string>();
  closed = false;
  private waiters: { id: string; resolve: () => void }[] = [];
  follow(job: { id: string }): void {
    this.ids.add(job.id);
    for (const w of this.waiters.filter((w) => w.id === job.id)) w.resolve();
  }
  forget(id: string): void {
    this.ids.delete(id);
  }
  start(): void {}
  async close(): Promise<void> {
    this.closed = true;
  }
  followed(id: string): Promise<void> {
    if (this.ids.has(id)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ id, resolve }));
  }
}

interface Proc {
  poller: LeaderPoller;
  /** The inner pollers made each time it became the leader. */
  inners: RecordingPoller[];
  delivered: string[];
  client: RedisClientType;
  /** Resolves the next time it becomes the leader. */
  nextLead(): Promise<RecordingPoller>;
}

async function processOn(
  open: OpenJobs,
  options: { ttlMs?: number; delivering?: (id: string) => boolean } = {},
): Promise<Proc> {
  const client = createClient({ url: server.url, disableOfflineQueue: true }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  const inners: RecordingPoller[] = [];
  const delivered: string[] = [];
  let onLead: ((p: RecordingPoller) => void) | undefined;
  const poller = new LeaderPoller({
    lease: pollerLease(new RedisLeases(client), silentLogger),
    createPoller: () => {
      const inner = new RecordingPoller();
      inners.push(inner);
      onLead?.(inner);
      return inner;
    },
    jobs: open,
    deliver: (job) => delivered.push(job.generationId),
    delivering: options.delivering ?? (() => false),
    clock: systemClock,
    logger: silentLogger,
    ttlMs: options.ttlMs ?? 600,
    rescanMs: 20,
    unshownGraceMs: 60_000,
  });
  closing.push(async () => {
    await poller.close();
    if (client.isOpen) await client.close().catch(() => client.destroy());
  });
  return {
    poller,
    inners,
    delivered,
    client,
    nextLead: () =>
      new Promise((resolve) => {
        onLead = (inner) => {
          onLead = undefined;
          resolve(inner);
        };
      }),
  };
}

const shownJob = (id: string, extra: Partial<Job> = {}) =>
  jobFixture({ generationId: id, step: 'following', editedAt: Date.now(), createdAt: Date.now(), ...extra });

describe('the poller on a shared Redis store', () => {
  it('polls in one process only, and that one follows the jobs every process submitted', async () => {
    const open = new OpenJobs();
    open.add(shownJob('gen-a'));
    const a = await processOn(open);
    const leadA = a.nextLead();
    a.poller.start();
    await a.poller.ready();
    const innerA = await leadA;
    expect(a.poller.leading).toBe(true);
    await innerA.followed('gen-a');

    const b = await processOn(open);
    b.poller.start();
    await b.poller.ready();
    expect(b.poller.leading).toBe(false);
    // Submitted in B (not the leader): B only records it; the leader finds it in the index.
    const fromB = shownJob('gen-b');
    open.add(fromB);
    b.poller.follow({ id: 'gen-b', type: 'image', createdAt: fromB.createdAt });
    await innerA.followed('gen-b');
    expect(b.inners).toHaveLength(0);
    // Submitted in the leader: followed at once.
    a.poller.follow({ id: 'gen-c', type: 'image', createdAt: Date.now() });
    expect(innerA.ids.has('gen-c')).toBe(true);
  });

  it('leaves a job whose queued embed is not shown yet, and follows it once it is', async () => {
    const open = new OpenJobs();
    const a = await processOn(open);
    const lead = a.nextLead();
    a.poller.start();
    const inner = await lead;
    const unshown = shownJob('gen-unshown', { editedAt: 0 });
    open.add(unshown);
    open.add(shownJob('gen-marker'));
    // The marker comes after it in the index: once the marker is followed, a scan passed over both.
    await inner.followed('gen-marker');
    expect(inner.ids.has('gen-unshown')).toBe(false);
    open.add({ ...unshown, editedAt: Date.now() });
    await inner.followed('gen-unshown');
  });

  it('hands finished, undelivered jobs to delivery unless this process is delivering them', async () => {
    const open = new OpenJobs();
    const busy = new Set(['gen-busy']);
    const a = await processOn(open, { delivering: (id) => busy.has(id) });
    const lead = a.nextLead();
    open.add(shownJob('gen-busy', { step: 'delivering' }));
    open.add(shownJob('gen-lapsed', { step: 'delivering' }));
    a.poller.start();
    await lead;
    await expect.poll(() => a.delivered.includes('gen-lapsed')).toBe(true);
    expect(a.delivered).not.toContain('gen-busy');
  });

  it('hands over at once when the leader stops, and within the lease when it dies', async () => {
    const open = new OpenJobs();
    open.add(shownJob('gen-1'));
    const a = await processOn(open);
    const leadA = a.nextLead();
    a.poller.start();
    const innerA = await leadA;
    const b = await processOn(open);
    const leadB = b.nextLead();
    b.poller.start();
    await b.poller.ready();
    expect(b.poller.leading).toBe(false);

    // A graceful stop gives the lease up: B leads at its next try, without waiting for the ttl.
    await a.poller.close();
    expect(innerA.closed).toBe(true);
    const innerB = await leadB;
    await innerB.followed('gen-1');

    // B dies (its connection gone, nothing released): C takes over once B's lease lapses.
    const c = await processOn(open);
    const leadC = c.nextLead();
    c.poller.start();
    await c.poller.ready();
    expect(c.poller.leading).toBe(false);
    const diedAt = Date.now();
    b.client.destroy();
    const innerC = await leadC;
    await innerC.followed('gen-1');
    // Not before the lease (600 ms) could lapse, and well within lease + a renewal.
    const took = Date.now() - diedAt;
    expect(took).toBeGreaterThanOrEqual(300);
    expect(took).toBeLessThan(2_000);
    // B found out it cannot reach Redis and stopped polling.
    await expect.poll(() => b.poller.leading).toBe(false);
    await expect.poll(() => innerB.closed).toBe(true);
  });
});
