/**
 * Compare-and-set on the store's namespaces, on a real SQLite file and a real redis-server: it reads
 * and writes exactly what keyv does (a value keyv wrote is compared and replaced; one it writes,
 * keyv reads), and it writes only while the value is the one named, also when another opening of
 * the store changed it in between (on Redis, as another process would).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conditionalValues } from '../../src/store/compare-and-set.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { useRedisServer } from '../support/redis-server.ts';

const redis = useRedisServer();
const dir = mkdtempSync(join(tmpdir(), 'keyv-cas-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([
  ['SQLite', () => `sqlite://${join(dir, 'bot.sqlite')}`],
  ['Redis', () => `${redis.url}/4`],
])('compare-and-set on %s', (_name, urlOf) => {
  async function withStore(run: (store: Store) => Promise<void>) {
    const store = await openStore(urlOf());
    try {
      await run(store);
    } finally {
      await store.close();
    }
  }

  it('replaces what keyv wrote only while it is unchanged, and keyv reads what it wrote', async () => {
    await withStore(async (store) => {
      const keyv = store.namespace('member-defaults');
      const cas = conditionalValues(keyv);
      await keyv.set('g:alice', { count: 2, model: ':colon first', writeId: 'a' });
      const read = await cas.read<{ count: number }>('g:alice');
      expect(read.value).toEqual({ count: 2, model: ':colon first', writeId: 'a' });
      expect(await cas.compareAndSet('g:alice', read.token, { count: 3, writeId: 'b' })).toBe(true);
      expect(await keyv.get('g:alice')).toEqual({ count: 3, writeId: 'b' });
      // The token read before names a value that is gone: nothing is written.
      expect(await cas.compareAndSet('g:alice', read.token, { count: 4, writeId: 'c' })).toBe(false);
      expect(await keyv.get('g:alice')).toEqual({ count: 3, writeId: 'b' });
    });
  });

  it('creates a value only while there is none', async () => {
    await withStore(async (store) => {
      const cas = conditionalValues(store.namespace('member-defaults'));
      const none = await cas.read('g:bob');
      expect(none).toEqual({ value: undefined, token: null });
      expect(await cas.compareAndSet('g:bob', null, { writeId: 'x' })).toBe(true);
      expect(await cas.compareAndSet('g:bob', null, { count: 1, writeId: 'y' })).toBe(false);
      expect((await cas.read('g:bob')).value).toEqual({ writeId: 'x' });
    });
  });

  it('refuses a write whose value another opening of the store changed since it was read', async () => {
    await withStore(async (one) => {
      await withStore(async (other) => {
        const cas = conditionalValues(one.namespace('member-defaults'));
        const read = await cas.read('g:carol');
        await other.namespace('member-defaults').set('g:carol', { count: 1, writeId: 'theirs' });
        expect(await cas.compareAndSet('g:carol', read.token, { count: 4, writeId: 'mine' })).toBe(false);
        expect(await other.namespace('member-defaults').get('g:carol')).toEqual({
          count: 1,
          writeId: 'theirs',
        });
      });
    });
  });
});
