/**
 * The members' defaults store on each store the bot runs on (a real SQLite file, a real
 * redis-server): one value per server and member, reset one member at a time, and read by another
 * process on the same store.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemberDefaultsStore } from '../../src/quota/member-defaults.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { useRedisServer } from '../support/redis-server.ts';

const redis = useRedisServer();
const dir = mkdtempSync(join(tmpdir(), 'member-defaults-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BACKENDS: [string, () => string][] = [
  ['SQLite', () => `sqlite://${join(dir, 'bot.sqlite')}`],
  ['Redis', () => `${redis.url}/3`],
];

describe.each(BACKENDS)('member defaults on %s', (_name, urlOf) => {
  async function withStores(run: (a: MemberDefaultsStore, b: MemberDefaultsStore) => Promise<void>) {
    // Two openings of one store: what one process writes, another reads.
    const stores: Store[] = [await openStore(urlOf()), await openStore(urlOf())];
    try {
      const [a, b] = stores.map((s) => new MemberDefaultsStore(s.namespace('member-defaults'))) as [
        MemberDefaultsStore,
        MemberDefaultsStore,
      ];
      await run(a, b);
    } finally {
      for (const s of stores) await s.close();
    }
  }

  it('keeps each member’s defaults per server, and resets one member’s only', async () => {
    await withStores(async (a, b) => {
      await a.set('g1', 'alice', { image: { model: 'dream-4.5', resolution: '2K' }, count: 2 });
      await a.set('g1', 'bob', { alwaysConfirm: true });
      await a.set('g2', 'alice', { video: { model: 'orbit-2' } });
      expect(await b.get('g1', 'alice')).toEqual({
        image: { model: 'dream-4.5', resolution: '2K' },
        count: 2,
      });
      expect(await b.get('g2', 'alice')).toEqual({ video: { model: 'orbit-2' } });
      expect(await b.get('g3', 'alice')).toEqual({});

      await b.reset('g1', 'alice');
      expect(await a.get('g1', 'alice')).toEqual({});
      expect(await a.get('g1', 'bob')).toEqual({ alwaysConfirm: true });
      expect(await a.get('g2', 'alice')).toEqual({ video: { model: 'orbit-2' } });
    });
  });

  it('stores no empty sections, and forgets a member whose defaults are all unset', async () => {
    await withStores(async (a) => {
      await a.set('g1', 'carol', { image: { model: undefined }, video: {}, count: 3 });
      expect(await a.get('g1', 'carol')).toEqual({ count: 3 });
      await a.set('g1', 'carol', {});
      expect(await a.get('g1', 'carol')).toEqual({});
    });
  });

  it('reads a value of a shape it does not know as no defaults, rather than refuse the member', async () => {
    const store = await openStore(urlOf());
    try {
      await store.namespace('member-defaults').set('g1:erin', { count: 'many', image: { model: 7 } });
      expect(await new MemberDefaultsStore(store.namespace('member-defaults')).get('g1', 'erin')).toEqual({});
    } finally {
      await store.close();
    }
  });

  it('refuses to store a count outside 1 to 4', async () => {
    await withStores(async (a) => {
      await expect(a.set('g1', 'dave', { count: 5 })).rejects.toThrow();
      expect(await a.get('g1', 'dave')).toEqual({});
    });
  });
});
