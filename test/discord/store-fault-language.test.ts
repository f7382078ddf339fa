/**
 * A store that fails a member's request is told to the member in their language, with the error id
 * that ties it to the log line; the English text stays what the other tests and generate.ts read.
 */
import { Locale, type RepliableInteraction } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { StoreFaultError, storeStep } from '../../src/discord/interactions/store-reads.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import { silentLogger } from '../../src/log.ts';

// The English texts expected below, read from the bot's texts themselves.
const STORE_FAULT = english.t('actions:errors.storeFault');

/** The parts of an interaction storeStep reads: who asked, where, in which language, and whether answered. */
function interactionIn(locale: Locale): RepliableInteraction {
  return {
    id: '1300000000000000001',
    locale,
    guildId: '1300000000000000002',
    user: { id: '1300000000000000003' },
    deferred: false,
    replied: false,
  } as unknown as RepliableInteraction;
}

describe('a store fault on a member request', () => {
  it("is refused in the member's language, with the error id", async () => {
    const failing = storeStep(interactionIn(Locale.Japanese), silentLogger, 'the result', () =>
      Promise.reject(new Error('SQLITE_BUSY')),
    );
    const err = await failing.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreFaultError);
    const { errorId, message } = err as StoreFaultError;
    expect(errorId).toMatch(/^[0-9a-f]{8}$/);
    expect(message).toBe(
      `現在ボットが利用額を記録できないため、リクエストを受け付けていません。何も送信・請求されていません。しばらくしてからもう一度お試しください。続く場合は、管理者にエラーID \`${errorId}\` を伝えてください。`,
    );
    // The member's own words never include the store's error.
    expect(message).not.toContain('SQLITE_BUSY');
  });

  it('is English for a locale the bot has no texts in, and keeps the English text the other answers quote', async () => {
    const err = (await storeStep(interactionIn(Locale.Dutch), silentLogger, 'settings', () =>
      Promise.reject(new Error('down')),
    ).catch((e: unknown) => e)) as StoreFaultError;
    expect(err.message.startsWith(STORE_FAULT)).toBe(true);
    expect(new StoreFaultError('abcd1234', localizerOf('de')).message).toContain(
      'Hält das an, nenne einem Admin die Fehler-ID `abcd1234`.',
    );
  });
});
