import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/job.ts';
import { JobStore } from '../../src/jobs/job-store.ts';
import { KeyvSet } from '../../src/jobs/keyv-set.ts';
import { createInProcessLock, type InProcessLock } from '../../src/locks.ts';
import { openStore, type Store } from '../../src/store/open.ts';

function makeJob(generationId: string, overrides: Partial<Job> = {}): Job {
  return {
    generationId,
    type: 'image',
    model: 'lang-4o-image',
    modelLabel: 'Lang 4o Image',
    prompt: `prompt of ${generationId}`,
    parameters: { aspect_ratio: '1:1' },
    reply: {
      applicationId: '1300000000000000099',
      interactionToken: 'interaction-token-for-tests-0123456789',
      interactionAt: 1_000,
      guildId: '1300000000000000001',
      channelId: '1300000000000000002',
      messageId: null,
      userId: '1300000000000000010',
    },
    reservationId: `1300000000000000001:1300000000000000010:${generationId}`,
    quotedMicros: 20_000,
    chargedMicros: 20_000,
    attachmentSizeLimit: 8 * 1024 * 1024,
    simulated: true,
    status: 'pending',
    step: 'following',
    output: null,
    error: null,
    createdAt: 1_000,
    checkedAt: 1_000,
    editedAt: 0,
    shownStatus: 'pending',
    refunded: false,
    reported: false,
    deliveryAttempts: 0,
    ...overrides,
  };
}

let dir: string;
let file: string;
let stores: Store[];

/** One process's job store over the test's SQLite file. */
async function openJobs(): Promise<{ jobs: JobStore; store: Store; lock: InProcessLock }> {
  const store = await openStore(`sqlite://${file}`);
  stores.push(store);
  const lock = createInProcessLock();
  return { jobs: new JobStore(store.namespace('jobs'), lock), store, lock };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'job-store-test-'));
  file = join(dir, 'jobs.sqlite');
  stores = [];
});
afterEach(async () => {
  for (const s of stores) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('job store', () => {
  it('lists the unfinished jobs, oldest first, after the store is reopened', async () => {
    const first = await openJobs();
    await first.jobs.create(makeJob('gen-a'));
    await first.jobs.create(makeJob('gen-b', { type: 'video', status: 'processing' }));
    await first.jobs.create(makeJob('gen-c'));
    await first.jobs.update('gen-b', () => ({ step: 'delivering', status: 'completed' }));
    await first.store.close();

    const second = await openJobs();
    const open = await second.jobs.open();
    expect(open.map((j) => j.generationId)).toEqual(['gen-a', 'gen-b', 'gen-c']);
    expect(open[1]).toMatchObject({ type: 'video', status: 'completed', step: 'delivering' });
    expect(await second.jobs.get('gen-c')).toEqual(makeJob('gen-c'));
  });

  it('drops a done job from the open index but keeps the job itself', async () => {
    const { jobs, store, lock } = await openJobs();
    await jobs.create(makeJob('gen-a'));
    await jobs.create(makeJob('gen-b'));
    const done = await jobs.update('gen-a', () => ({ step: 'done', status: 'completed' }));

    expect(done?.step).toBe('done');
    expect((await jobs.open()).map((j) => j.generationId)).toEqual(['gen-b']);
    const index = new KeyvSet(store.namespace('jobs'), 'open', lock);
    expect(await index.list()).toEqual(['gen-b']);
    expect(await jobs.get('gen-a')).toMatchObject({ step: 'done', status: 'completed' });

    await store.close();
    const reopened = await openJobs();
    expect((await reopened.jobs.open()).map((j) => j.generationId)).toEqual(['gen-b']);
  });

  it('loses no index entry when many jobs are created and finished at once', async () => {
    const { jobs } = await openJobs();
    const ids = Array.from({ length: 40 }, (_, i) => `gen-${String(i).padStart(2, '0')}`);
    await Promise.all(ids.map((id) => jobs.create(makeJob(id))));
    expect((await jobs.open()).map((j) => j.generationId).sort()).toEqual(ids);

    // Finishing some while others are created: adds and removes interleave on the same index.
    const more = Array.from({ length: 20 }, (_, i) => `new-${String(i).padStart(2, '0')}`);
    const finished = ids.filter((_, i) => i % 2 === 0);
    await Promise.all([
      ...more.map((id) => jobs.create(makeJob(id))),
      ...finished.map((id) => jobs.update(id, () => ({ step: 'done' }))),
    ]);
    const expected = [...ids.filter((id) => !finished.includes(id)), ...more].sort();
    expect((await jobs.open()).map((j) => j.generationId).sort()).toEqual(expected);

    await stores[0]?.close();
    const reopened = await openJobs();
    expect((await reopened.jobs.open()).map((j) => j.generationId).sort()).toEqual(expected);
  });

  it('applies concurrent changes to one job one after the other', async () => {
    const { jobs } = await openJobs();
    await jobs.create(makeJob('gen-a'));
    await Promise.all(
      Array.from({ length: 10 }, () =>
        jobs.update('gen-a', (j) => ({ deliveryAttempts: j.deliveryAttempts + 1 })),
      ),
    );
    expect((await jobs.get('gen-a'))?.deliveryAttempts).toBe(10);
  });

  it('lists every stored job, done or not, and nothing else of the namespace', async () => {
    const { jobs, store } = await openJobs();
    await jobs.create(makeJob('gen-a'));
    await jobs.create(makeJob('gen-b'));
    await jobs.update('gen-b', () => ({ step: 'done', status: 'completed' }));
    // Other records of the jobs' namespace, and a job of another namespace.
    await store.namespace('jobs').set('batch:b-1', { id: 'b-1', takes: ['gen-a'] });
    await store.namespace('jobs').set('model-timings', { x: 1 });
    await store.namespace('jobs-archive').set('job:gen-z', makeJob('gen-z'));
    const listed: Job[] = [];
    for await (const job of jobs.all()) listed.push(job);
    expect(listed.map((j) => j.generationId).sort()).toEqual(['gen-a', 'gen-b']);
    expect(listed.find((j) => j.generationId === 'gen-b')).toMatchObject({ step: 'done' });
  });

  it('changes nothing when asked to update a job it does not have', async () => {
    const { jobs } = await openJobs();
    expect(await jobs.update('missing', () => ({ step: 'done' }))).toBeUndefined();
    expect(await jobs.get('missing')).toBeUndefined();
    expect(await jobs.open()).toEqual([]);
  });
});
