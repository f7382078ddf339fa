import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/job.ts';
import { JobStore } from '../../src/jobs/job-store.ts';
import { createInProcessLock } from '../../src/locks.ts';
import { backfillEmptyIndex, indexDeliveredJobs } from '../../src/results/backfill.ts';
import { resultsFileBeside } from '../../src/results/results-file.ts';
import { SqliteResultsIndex } from '../../src/results/sqlite-index.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { recordingLogger } from '../support/recording-logger.ts';

const GUILD = '1300000000000000001';
const ART = '1300000000000000002';
const ALICE = '1300000000000000010';

/** A job delivered in #art: what the backfill indexes; `over` makes it one it leaves. */
function deliveredJob(generationId: string, over: Partial<Job> = {}, reply: Partial<Job['reply']> = {}): Job {
  return {
    generationId,
    type: 'image',
    model: 'lang-4o-image',
    modelLabel: 'Lang 4o Image',
    prompt: `a lighthouse in a storm, take ${generationId}`,
    parameters: { aspect_ratio: '1:1' },
    request: {
      model: 'lang-4o-image',
      prompt: `a lighthouse in a storm, take ${generationId}`,
      aspect_ratio: '1:1',
      image_urls: ['https://cdn.example/ref.png'],
    } as Job['request'],
    reply: {
      applicationId: '1300000000000000099',
      interactionToken: 'interaction-token-for-tests-0123456789',
      interactionAt: 1_000,
      guildId: GUILD,
      channelId: ART,
      messageId: `msg-${generationId}`,
      userId: ALICE,
      ...reply,
    },
    reservationId: `${GUILD}:${ALICE}:${generationId}`,
    quotedMicros: 20_000,
    chargedMicros: 18_000,
    attachmentSizeLimit: 8 * 1024 * 1024,
    simulated: true,
    status: 'completed',
    step: 'done',
    output: { url: `https://media.example/${generationId}.png`, content_type: 'image/png' },
    error: null,
    createdAt: 1_000,
    completedAt: 5_000,
    deliveredAt: 6_000,
    checkedAt: 5_000,
    editedAt: 6_000,
    shownStatus: 'completed',
    refunded: false,
    reported: false,
    deliveredVia: 'interaction',
    deliveryAttempts: 0,
    ...over,
  };
}

let dir: string;
let file: string;
let store: Store;
let index: SqliteResultsIndex;
let jobs: JobStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'results-backfill-test-'));
  file = join(dir, 'bot.sqlite');
  // As the bot keeps them: the store's file, and the index's beside it.
  store = await openStore(`sqlite://${file}`);
  jobs = new JobStore(store.namespace('jobs'), createInProcessLock());
  index = await SqliteResultsIndex.open(resultsFileBeside(file));
});
afterEach(async () => {
  await index.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Stores a job as the bot does: created, then changed to where it is. */
async function stored(job: Job): Promise<void> {
  await jobs.create({ ...job, step: 'following', status: 'pending' });
  await jobs.update(job.generationId, () => job);
}

describe('the results backfill', () => {
  it("indexes every job delivered in a server, from the store's own file", async () => {
    const takes = [0, 1, 2].map((i) =>
      deliveredJob(`take-${i}`, { batch: { id: 'batch-1', index: i, size: 3 } }, { messageId: 'msg-batch' }),
    );
    const left = [
      deliveredJob('in-a-dm', {}, { guildId: null }),
      deliveredJob('failed', { status: 'failed', output: null }),
      deliveredJob('not-shown', { deliveredVia: 'none' }),
      deliveredJob('still-delivering', { step: 'delivering', deliveredAt: undefined }),
      deliveredJob('no-message', {}, { messageId: null }),
    ];
    const single = deliveredJob('single', { deliveredVia: undefined, deliveredAt: undefined });
    for (const job of [...takes, ...left, single]) await stored(job);

    const { logger, lines } = recordingLogger();
    const done = await indexDeliveredJobs(index, jobs.all(), logger);
    expect(done).toEqual({ read: 9, indexed: 4, failed: 0 });
    expect(await index.size()).toBe(4);
    expect(lines.at(-1)).toMatchObject({ msg: 'results backfill: done', read: 9, indexed: 4, failed: 0 });

    expect(await index.get(GUILD, 'single')).toEqual({
      generationId: 'single',
      guildId: GUILD,
      channelId: ART,
      viewChannelId: ART,
      messageId: 'msg-single',
      userId: ALICE,
      userName: '',
      type: 'image',
      model: 'lang-4o-image',
      modelLabel: 'Lang 4o Image',
      prompt: 'a lighthouse in a storm, take single',
      // The references' links are counted, never kept.
      parameters: { model: 'lang-4o-image', aspect_ratio: '1:1', image_urls: 1 },
      priceMicros: 18_000,
      createdAt: 1_000,
      // Delivered before deliveredAt was recorded: when it completed.
      deliveredAt: 5_000,
      batch: null,
      media: { url: 'https://media.example/single.png', contentType: 'image/png', from: 'service' },
      ageRestricted: false,
    });
    const page = await index.search({
      guildId: GUILD,
      viewableChannelIds: new Set([ART]),
      text: 'Lighthouse',
      limit: 10,
    });
    expect(page.total).toBe(4);
    expect((await index.batch(GUILD, 'batch-1')).map((r) => r.generationId)).toEqual([
      'take-0',
      'take-1',
      'take-2',
    ]);
    // The takes of a batch share their message: deleting it takes them all.
    expect(await index.removeMessage(GUILD, 'msg-batch')).toBe(3);
  });

  it('says how far it is every thousand results', async () => {
    for (let i = 0; i < 1_001; i++) await stored(deliveredJob(`gen-${i}`, { deliveredAt: 10_000 + i }));
    const { logger, lines } = recordingLogger();
    await indexDeliveredJobs(index, jobs.all(), logger);
    expect(lines.map((l) => [l.msg, l.indexed])).toEqual([
      ['results backfill: indexing past results', 1_000],
      ['results backfill: done', 1_001],
    ]);
    expect(
      (await index.search({ guildId: GUILD, viewableChannelIds: new Set([ART]), limit: 1 })).results[0]
        ?.generationId,
    ).toBe('gen-1000');
  });

  it('runs on an empty index only, and reads the jobs only then', async () => {
    await stored(deliveredJob('first'));
    const { logger } = recordingLogger();
    expect(await backfillEmptyIndex(index, () => jobs.all(), logger)).toMatchObject({ indexed: 1 });
    let read = false;
    const again = await backfillEmptyIndex(
      index,
      () => {
        read = true;
        return jobs.all();
      },
      logger,
    );
    expect(again).toBeUndefined();
    expect(read).toBe(false);
  });

  it('logs a job it cannot index and goes on with the others', async () => {
    await stored(deliveredJob('fine-1', { deliveredAt: 7_000 }));
    // A time no index can order by (a damaged record).
    await stored(deliveredJob('odd-time', { deliveredAt: Number.MAX_VALUE }));
    await stored(deliveredJob('fine-2', { deliveredAt: 8_000 }));
    const { logger, lines } = recordingLogger();
    expect(await indexDeliveredJobs(index, jobs.all(), logger)).toEqual({ read: 3, indexed: 2, failed: 1 });
    expect(lines.find((l) => l.level === 40)).toMatchObject({
      msg: 'results backfill: cannot index a delivered job',
      generationId: 'odd-time',
    });
  });
});
