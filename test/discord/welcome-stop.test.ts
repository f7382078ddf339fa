/**
 * The welcomes' part of the ordered stop, at its edge: a welcome whose store never answers is
 * waited for only as long as the grace, with a warning naming the server, and once stopped the
 * bot no longer listens for new servers. (The wait itself, through the fake Discord and a real
 * store, is in test/e2e/welcome.test.ts.)
 */
import { EventEmitter } from 'node:events';
import { type Client, Events, type Guild } from 'discord.js';
import type Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { listenForWelcomes } from '../../src/discord/gateway/welcome.ts';
import { recordingLogger as recordingLog } from '../support/recording-logger.ts';

describe('stopping the welcomes', () => {
  it('waits no longer than the grace for a welcome stuck on its store, and stops listening', async () => {
    const client = new EventEmitter();
    let reads = 0;
    // A store that takes the read and never answers.
    const keyv = {
      get: () => {
        reads += 1;
        return new Promise(() => undefined);
      },
    } as unknown as Keyv;
    const { logger, lines } = recordingLog();
    const welcomes = listenForWelcomes(client as unknown as Client, {
      keyv,
      defaults: { micros: 1_000_000, period: 'daily' },
      clock: systemClock,
      logger,
    });
    client.emit(Events.GuildCreate, { id: '1400000000000000001' } as Guild);
    expect(reads).toBe(1);

    await welcomes.stop(20);
    expect(lines.filter((l) => l.level === 40)).toMatchObject([
      {
        msg: 'welcome: stopping with welcomes still in progress',
        guildIds: ['1400000000000000001'],
        graceMs: 20,
      },
    ]);
    expect(client.listenerCount(Events.GuildCreate)).toBe(0);
    expect(client.listenerCount(Events.GuildAvailable)).toBe(0);
    client.emit(Events.GuildAvailable, { id: '1400000000000000002' } as Guild);
    expect(reads).toBe(1);
  });

  it('returns at once, without a warning, when no welcome is in progress', async () => {
    const client = new EventEmitter();
    const { logger, lines } = recordingLog();
    const welcomes = listenForWelcomes(client as unknown as Client, {
      keyv: {} as Keyv,
      defaults: { micros: 1_000_000, period: 'daily' },
      clock: systemClock,
      logger,
    });
    // A grace no test would wait for: with nothing in progress the stop does not wait on it.
    await welcomes.stop(3_600_000);
    expect(lines).toEqual([]);
    expect(client.listenerCount(Events.GuildCreate)).toBe(0);
  });
});
