/**
 * The moderation log across a crash between a line's entry and the list of lines owed: the
 * entry is written, the list is not. Recovery records the generation's line again (jobs/recovery.ts
 * does, for a saved job), and the line must then be owed and posted, once.
 */
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import type { Job } from '../../src/jobs/job.ts';
import { type ModerationLine, ModerationLog } from '../../src/jobs/moderation-log.ts';
import { createInProcessLock } from '../../src/locks.ts';
import { createLogger } from '../../src/log.ts';
import type { GuildSettings } from '../../src/quota/settings.ts';

const GUILD = '1300000000000000001';

describe('a moderation line whose entry was written but not listed as owed (a crash between)', () => {
  it('is posted once when recovery records it again', async () => {
    const keyv = new Keyv();
    const set = keyv.set.bind(keyv);
    let crashOnce = true;
    // The process "dies" at the list's write: it throws, and nothing after it runs.
    keyv.set = (async (key: string, value: unknown, ttl?: number) => {
      if (key === 'modlog-due' && crashOnce) {
        crashOnce = false;
        throw new Error('simulated crash');
      }
      return set(key, value, ttl);
    }) as typeof keyv.set;
    const posted: string[] = [];
    const log = new ModerationLog({
      keyv,
      lock: createInProcessLock(),
      quotaAdmin: {
        getSettings: async () => ({ moderationChannelId: '1300000000000000099' }) as GuildSettings,
      },
      jobs: { get: async () => undefined },
      poster: {
        post: async (_channel: string, line: ModerationLine) => {
          posted.push(line.prompt);
        },
        tellCannotPost: async () => {},
      },
      clock: systemClock,
      logger: createLogger({ level: 'silent' }),
    });
    const job = {
      generationId: 'gen-1',
      type: 'image',
      modelLabel: 'Lang 4o Image',
      chargedMicros: 40_000,
      prompt: 'a heron at dawn',
      createdAt: Date.now(),
      reply: {
        guildId: GUILD,
        messageId: '1300000000000000500',
        userId: '1300000000000000010',
        channelId: '1300000000000000002',
      },
    } as unknown as Job;

    await log.generationSent(job, false);
    await log.idle();
    expect(posted).toEqual([]);
    // After the restart, recovery records it again: owed, and posted.
    await log.generationSent(job, false);
    await log.idle();
    expect(posted).toEqual(['a heron at dawn']);
    // Recorded once more, it is posted already: nothing more.
    await log.generationSent(job, false);
    await log.sweep();
    await log.idle();
    expect(posted).toEqual(['a heron at dawn']);
  });
});
