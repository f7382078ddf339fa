import { describe, expect, it } from 'vitest';
import { Closers } from '../../src/wiring/closers.ts';
import { recordingLogger as recordingLog } from '../support/recording-logger.ts';

describe('Closers', () => {
  it('closes last added first, waiting for each before the next', async () => {
    const closers = new Closers();
    const events: string[] = [];
    for (const name of ['store', 'redis', 'discord']) {
      closers.add(name, async () => {
        events.push(`${name} closing`);
        await new Promise<void>((resolve) => setImmediate(resolve));
        events.push(`${name} closed`);
      });
    }
    await closers.close(recordingLog().logger);
    expect(events).toEqual([
      'discord closing',
      'discord closed',
      'redis closing',
      'redis closed',
      'store closing',
      'store closed',
    ]);
  });

  it('logs a closer that throws or rejects, still closes the rest, then fails with every error', async () => {
    const closers = new Closers();
    const closed: string[] = [];
    const rejected = new Error('redis is gone');
    const thrown = new Error('discord would not go');
    closers.add('store', () => void closed.push('store'));
    closers.add('redis', () => Promise.reject(rejected));
    closers.add('metrics', () => void closed.push('metrics'));
    closers.add('discord', () => {
      throw thrown;
    });
    const { logger, lines } = recordingLog();
    const failed = await closers.close(logger).catch((err: unknown) => err);
    expect(closed).toEqual(['metrics', 'store']);
    // Then the close fails as a whole, with every error, so that a stop is seen to have failed.
    expect(failed).toBeInstanceOf(AggregateError);
    expect((failed as AggregateError).errors).toEqual([thrown, rejected]);
    expect(lines.map((l) => [l.level, l.closing, l.err?.message])).toEqual([
      [50, 'discord', 'discord would not go'],
      [50, 'redis', 'redis is gone'],
    ]);
  });

  it('closes once: a second close waits for the first, and nothing can be added after', async () => {
    const closers = new Closers();
    let closes = 0;
    closers.add('store', () => {
      closes += 1;
    });
    const { logger } = recordingLog();
    await Promise.all([closers.close(logger), closers.close(logger)]);
    await closers.close(logger);
    expect(closes).toBe(1);
    expect(() => closers.add('late', () => undefined)).toThrow(/already closing/);
  });
});
