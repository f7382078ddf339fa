/** The results index the bot opens for each store, and what it keeps of a delivered job. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';
import type { Job } from '../../src/jobs/job.ts';
import { createLogger } from '../../src/log.ts';
import { resultFromJob } from '../../src/results/from-job.ts';
import { Closers } from '../../src/wiring/closers.ts';
import { openResults } from '../../src/wiring/results.ts';

const GUILD = '1300000000000000001';
const ART = '1300000000000000002';

/** A delivered job whose times came from a scaled clock (fractions of a millisecond). */
const job = {
  generationId: 'g-1',
  type: 'image',
  model: 'lang-4o-image',
  modelLabel: 'Lang 4o Image',
  prompt: 'a paper crane',
  parameters: {},
  reply: { guildId: GUILD, channelId: ART, userId: '1300000000000000010' },
  chargedMicros: 20_000,
  status: 'completed',
  createdAt: 1_000.25,
  deliveredAt: 2_000.75,
} as unknown as Job;
const shown = {
  messageId: 'm-1',
  channelId: ART,
  viewChannelId: ART,
  userName: 'alice',
  media: null,
  ageRestricted: false,
};

describe('the results index of a bot', () => {
  it('keeps a job delivered at a fraction of a millisecond at whole ones', () => {
    expect(resultFromJob(job, shown)).toMatchObject({ createdAt: 1_000, deliveredAt: 2_000 });
  });

  it('on a store in memory, finds what it was given (both its connections see one database)', async () => {
    const closers = new Closers();
    const logger = createLogger({ level: 'silent' });
    const results = await openResults(
      parseConfig({ DISCORD_TOKEN: 'x', STORE_URL: 'memory://' }),
      logger,
      closers,
    );
    try {
      const result = resultFromJob(job, shown);
      if (!result) throw new Error('no result');
      await results.index.put(result);
      const page = await results.index.search({
        guildId: GUILD,
        viewableChannelIds: new Set([ART]),
        text: 'crane',
        limit: 10,
      });
      expect(page.results.map((r) => r.generationId)).toEqual(['g-1']);
    } finally {
      await closers.close(logger);
    }
  });
});
