/**
 * What every results index does, whatever it is built on: the cases SQLite's (test/results/
 * sqlite-index.test.ts) and Redis's (test/redis/results-index.test.ts) both pass. A test file calls
 * describeResultsIndex with how to open a fresh, empty index, and how to open another process's
 * view of the same one.
 */
import { describe, expect, it } from 'vitest';
import { newestFirst } from '../../src/results/cursor.ts';
import {
  COUNT_CAP,
  type GalleryPage,
  type GalleryQuery,
  type IndexedResult,
  type ResultsIndex,
} from '../../src/results/result.ts';
import { foldedWords, parseSearch, phraseText } from '../../src/results/words.ts';
import { seededRandom } from '../../testkit/seeded-random.ts';

export interface IndexUnderTest {
  /** A fresh, empty index (closed by the test file after the test). */
  open(): Promise<ResultsIndex>;
  /** Another process's index over the same store as `index`. */
  another(index: ResultsIndex): Promise<ResultsIndex>;
}

const GUILD = '1300000000000000001';
const OTHER_GUILD = '1300000000000000901';
const ART = '1300000000000000002';
const GENERAL = '1300000000000000005';
const STAFF = '1300000000000000006';
const ALICE = '1300000000000000010';
const BOB = '1300000000000000011';
const T0 = 1_780_000_000_000;

let made = 0;

/** A result with everything a search reads set to something plain; `over` changes what a case is about. */
export function aResult(over: Partial<IndexedResult> = {}): IndexedResult {
  made++;
  const generationId = over.generationId ?? `gen-${String(made).padStart(5, '0')}`;
  return {
    generationId,
    guildId: GUILD,
    channelId: ART,
    viewChannelId: ART,
    messageId: `msg-${generationId}`,
    userId: ALICE,
    userName: 'alice',
    type: 'image',
    model: 'lang-4o-image',
    modelLabel: 'Lang 4o Image',
    prompt: 'a quiet lake at dawn',
    parameters: { aspect_ratio: '1:1', seed: 7 },
    priceMicros: 20_000,
    createdAt: T0 - 60_000,
    deliveredAt: T0 + made,
    batch: null,
    media: { url: `https://cdn.example/${generationId}.png`, contentType: 'image/png', from: 'discord' },
    ageRestricted: false,
    ...over,
  };
}

/** A query of the default server by a member who views #art and #general. */
function q(over: Partial<GalleryQuery> = {}): GalleryQuery {
  return { guildId: GUILD, viewableChannelIds: new Set([ART, GENERAL]), limit: 100, ...over };
}

const ids = (page: GalleryPage) => page.results.map((r) => r.generationId);

async function putAll(index: ResultsIndex, results: IndexedResult[]): Promise<IndexedResult[]> {
  for (const r of results) await index.put(r);
  return results;
}

/** Every page of a query, following `next`; `between` runs after each page but the last. */
async function allPages(
  index: ResultsIndex,
  query: GalleryQuery,
  between?: (pageNumber: number) => Promise<void>,
): Promise<GalleryPage[]> {
  const pages: GalleryPage[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await index.search({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    if (!page.next) return pages;
    if (pages.length > 1_000) throw new Error('the pages never end');
    cursor = page.next;
    await between?.(pages.length);
  }
}

/** Newest first, then the larger generation id first (ids here are ASCII). */
function galleryOrder(results: IndexedResult[]): string[] {
  return [...results]
    .sort((a, b) => b.deliveredAt - a.deliveredAt || (a.generationId < b.generationId ? 1 : -1))
    .map((r) => r.generationId);
}

/** What a query finds, read off every result one by one: the reference the indexes must agree with. */
function plainly(all: readonly IndexedResult[], query: GalleryQuery): IndexedResult[] {
  const { words, phrases } = parseSearch(query.text ?? '');
  return all
    .filter((r) => {
      const own = foldedWords(r.prompt);
      const text = phraseText(own);
      return (
        r.guildId === query.guildId &&
        query.viewableChannelIds.has(r.viewChannelId) &&
        (query.type === undefined || r.type === query.type) &&
        (query.model === undefined || r.model === query.model) &&
        (query.userId === undefined || r.userId === query.userId) &&
        (query.from === undefined || r.deliveredAt >= query.from) &&
        (query.to === undefined || r.deliveredAt < query.to) &&
        words.every((w) => own.includes(w)) &&
        phrases.every((p) => text.includes(phraseText(p)))
      );
    })
    .sort(newestFirst);
}

export function describeResultsIndex(name: string, under: IndexUnderTest): void {
  describe(`${name}: the results index contract`, () => {
    it('gives back what was put, by server, and forgets what was removed', async () => {
      const index = await under.open();
      const shown = aResult({
        batch: { id: 'b-1', index: 0, size: 1 },
        parameters: { nested: { a: [1, 'x'] } },
      });
      await index.put(shown);
      expect(await index.get(GUILD, shown.generationId)).toEqual(shown);
      expect(await index.get(OTHER_GUILD, shown.generationId)).toBeUndefined();
      expect(await index.size()).toBe(1);
      await index.remove(OTHER_GUILD, shown.generationId);
      expect(await index.size()).toBe(1);
      await index.remove(GUILD, shown.generationId);
      expect(await index.get(GUILD, shown.generationId)).toBeUndefined();
      expect(await index.size()).toBe(0);
      expect((await index.search(q())).total).toBe(0);
      expect(await index.batch(GUILD, 'b-1')).toEqual([]);
    });

    it('finds every word in any order, whatever the case and accents', async () => {
      const index = await under.open();
      const [fox, lake] = await putAll(index, [
        aResult({ prompt: 'Un Rénard ROUX dans la forêt enneigée' }),
        aResult({ prompt: 'a red fox by the lake' }),
      ]);
      for (const text of [
        'renard roux',
        'Roux RENARD',
        'foret renard',
        '"Renard Roux"',
        'RÉNARD',
        'ENNEIGEE',
      ]) {
        expect(ids(await index.search(q({ text }))), text).toEqual([fox?.generationId]);
      }
      expect(ids(await index.search(q({ text: 'fox red LAKE' })))).toEqual([lake?.generationId]);
      expect(ids(await index.search(q({ text: 'fox renard' })))).toEqual([]);
    });

    it('finds a phrase only with its words side by side and in order', async () => {
      const index = await under.open();
      const [inOrder, , , inside] = await putAll(index, [
        aResult({ prompt: 'a red fox sleeps' }),
        aResult({ prompt: 'the fox is red' }),
        aResult({ prompt: 'a red and sleepy fox' }),
        aResult({ prompt: 'Red, fox!' }),
      ]);
      const phrase = await index.search(q({ text: '"red fox"' }));
      expect(ids(phrase).sort()).toEqual([inOrder?.generationId, inside?.generationId].sort());
      expect(phrase.total).toBe(2);
      expect((await index.search(q({ text: 'red fox' }))).total).toBe(4);
      expect(ids(await index.search(q({ text: '"red fox" sleeps' })))).toEqual([inOrder?.generationId]);
      expect(ids(await index.search(q({ text: '"fox red"' })))).toEqual([]);
      // A phrase of a word's part is not the word.
      expect(ids(await index.search(q({ text: '"ed fox"' })))).toEqual([]);
    });

    it('finds nothing for a word no prompt has, nor for part of a word', async () => {
      const index = await under.open();
      await putAll(index, [aResult({ prompt: 'mountains at night' })]);
      for (const text of ['sea', 'mountain', 'night sea', '"at sea"']) {
        const page = await index.search(q({ text }));
        expect(page, text).toEqual({ results: [], next: null, total: 0, capped: false });
      }
    });

    it('lists everything the member may see, newest first, when nothing is typed', async () => {
      const index = await under.open();
      const all = await putAll(index, [
        aResult({ deliveredAt: T0 + 5 }),
        aResult({ deliveredAt: T0 + 9 }),
        aResult({ deliveredAt: T0 + 1, viewChannelId: GENERAL, channelId: 'thread-1' }),
      ]);
      for (const text of [undefined, '', '   ', '* - " ( )']) {
        const page = await index.search(q(text === undefined ? {} : { text }));
        expect(ids(page), String(text)).toEqual(galleryOrder(all));
        expect(page.total).toBe(3);
        expect(page.next).toBeNull();
      }
    });

    it('filters by type, model, member, and delivery time (from inclusive, to exclusive)', async () => {
      const index = await under.open();
      const [video, otherModel, bob, early, late] = await putAll(index, [
        aResult({ type: 'video', deliveredAt: T0 + 20 }),
        aResult({ model: 'flux-dev', deliveredAt: T0 + 30 }),
        aResult({ userId: BOB, userName: 'bob', deliveredAt: T0 + 40 }),
        aResult({ deliveredAt: T0 + 10 }),
        aResult({ deliveredAt: T0 + 50 }),
      ]);
      const only = async (over: Partial<GalleryQuery>) => ids(await index.search(q(over)));
      expect(await only({ type: 'video' })).toEqual([video?.generationId]);
      expect(await only({ model: 'flux-dev' })).toEqual([otherModel?.generationId]);
      expect(await only({ userId: BOB })).toEqual([bob?.generationId]);
      expect(await only({ from: T0 + 40 })).toEqual([late?.generationId, bob?.generationId]);
      expect(await only({ to: T0 + 20 })).toEqual([early?.generationId]);
      expect(await only({ from: T0 + 20, to: T0 + 40 })).toEqual([
        otherModel?.generationId,
        video?.generationId,
      ]);
      expect(await only({ from: T0 + 41, to: T0 + 50 })).toEqual([]);
      expect((await index.search(q({ type: 'image', userId: ALICE }))).total).toBe(3);
    });

    it('combines words, phrases and every filter', async () => {
      const index = await under.open();
      const wanted = aResult({
        prompt: 'A castle in the clouds',
        model: 'flux-dev',
        userId: BOB,
        deliveredAt: T0 + 100,
      });
      await putAll(index, [
        wanted,
        aResult({
          prompt: 'a castle in the clouds',
          model: 'lang-4o-image',
          userId: BOB,
          deliveredAt: T0 + 101,
        }),
        aResult({
          prompt: 'a castle in the clouds',
          model: 'flux-dev',
          userId: ALICE,
          deliveredAt: T0 + 102,
        }),
        aResult({ prompt: 'the clouds in a castle', model: 'flux-dev', userId: BOB, deliveredAt: T0 + 103 }),
        aResult({ prompt: 'a castle in the clouds', model: 'flux-dev', userId: BOB, deliveredAt: T0 + 200 }),
        aResult({
          prompt: 'a castle in the clouds',
          model: 'flux-dev',
          userId: BOB,
          type: 'video',
          deliveredAt: T0 + 104,
        }),
        aResult({
          prompt: 'a castle in the clouds',
          model: 'flux-dev',
          userId: BOB,
          viewChannelId: STAFF,
          deliveredAt: T0 + 105,
        }),
        aResult({
          prompt: 'a castle in the clouds',
          model: 'flux-dev',
          userId: BOB,
          guildId: OTHER_GUILD,
          deliveredAt: T0 + 106,
        }),
      ]);
      const page = await index.search(
        q({
          text: 'CLOUDS "castle in"',
          model: 'flux-dev',
          userId: BOB,
          type: 'image',
          from: T0 + 50,
          to: T0 + 150,
        }),
      );
      expect(ids(page)).toEqual([wanted.generationId]);
      expect(page.total).toBe(1);
    });

    it('hides what the member cannot view from the list and from the count', async () => {
      const index = await under.open();
      await putAll(index, [
        aResult({ prompt: 'staff party', viewChannelId: STAFF, channelId: STAFF }),
        aResult({ prompt: 'staff party', viewChannelId: STAFF, channelId: 'private-thread' }),
        aResult({ prompt: 'public party' }),
      ]);
      const member = await index.search(q({ text: 'party' }));
      expect(member.results.map((r) => r.prompt)).toEqual(['public party']);
      expect(member.total).toBe(1);
      expect(await index.search(q({ text: 'staff' }))).toEqual({
        results: [],
        next: null,
        total: 0,
        capped: false,
      });
      const staff = await index.search(q({ text: 'party', viewableChannelIds: new Set([ART, STAFF]) }));
      expect(staff.total).toBe(3);
      expect((await index.search(q({ viewableChannelIds: new Set() }))).total).toBe(0);
      // Another server's results are never listed, whatever channels are named.
      expect(
        (await index.search(q({ guildId: OTHER_GUILD, viewableChannelIds: new Set([ART, STAFF]) }))).total,
      ).toBe(0);
    });

    it('pages through 250 results newest first, each once, while new ones arrive between pages', async () => {
      const index = await under.open();
      // Three results a millisecond: ties are ordered by generation id, across page ends too.
      const first = await putAll(
        index,
        Array.from({ length: 250 }, (_, i) =>
          aResult({
            deliveredAt: T0 + Math.floor(i / 3),
            prompt: `paging test ${i % 2 === 0 ? 'even' : 'odd'}`,
            viewChannelId: i % 5 === 0 ? STAFF : ART,
          }),
        ),
      );
      const visible = first.filter((r) => r.viewChannelId !== STAFF);
      let arrived = 0;
      const pages = await allPages(index, q({ text: 'paging', limit: 60 }), async () => {
        arrived++;
        await index.put(aResult({ deliveredAt: T0 + 10_000 + arrived, prompt: 'paging test late' }));
      });
      const seen = pages.flatMap(ids);
      expect(seen).toEqual(galleryOrder(visible));
      expect(pages.map((p) => p.results.length)).toEqual([60, 60, 60, 20]);
      expect(pages[0]?.total).toBe(200);
      expect(pages.at(-1)?.total).toBe(200 + arrived);
      // The same without words, and with a page size that cuts ties in a millisecond.
      const plain = await allPages(index, q({ limit: 7, to: T0 + 10_000 }));
      expect(plain.flatMap(ids)).toEqual(galleryOrder(visible));
      const odd = await allPages(index, q({ text: 'odd', limit: 13, to: T0 + 10_000 }));
      expect(odd.flatMap(ids)).toEqual(galleryOrder(visible.filter((r) => r.prompt.endsWith('odd'))));
    });

    it(`counts up to ${COUNT_CAP} and then says there are more`, async () => {
      const index = await under.open();
      for (let i = 0; i < COUNT_CAP + 5; i++)
        await index.put(aResult({ prompt: i % 2 ? 'many cats' : 'many dogs' }));
      const all = await index.search(q({ limit: 10 }));
      expect(all).toMatchObject({ total: COUNT_CAP, capped: true });
      expect(all.results).toHaveLength(10);
      const cats = await index.search(q({ text: 'cats', limit: 10 }));
      expect(cats).toMatchObject({ total: Math.floor((COUNT_CAP + 5) / 2), capped: false });
      const second = await index.search(q({ limit: 10, cursor: all.next ?? '' }));
      expect(second).toMatchObject({ total: COUNT_CAP, capped: true });
      expect(ids(second)).not.toContain(all.results[0]?.generationId);
    });

    it("lists a batch's takes by their index", async () => {
      const index = await under.open();
      const takes = [2, 0, 3, 1].map((i) =>
        aResult({
          generationId: `take-${i}`,
          messageId: 'batch-message',
          batch: { id: 'batch-1', index: i, size: 4 },
        }),
      );
      await putAll(index, [...takes, aResult({ batch: { id: 'batch-2', index: 0, size: 1 } })]);
      expect((await index.batch(GUILD, 'batch-1')).map((r) => r.generationId)).toEqual([
        'take-0',
        'take-1',
        'take-2',
        'take-3',
      ]);
      expect(await index.batch(OTHER_GUILD, 'batch-1')).toEqual([]);
    });

    it('removes every take of a batch with its message, and nothing else', async () => {
      const index = await under.open();
      const takes = [0, 1, 2].map((i) =>
        aResult({ prompt: 'batch of owls', messageId: 'm-batch', batch: { id: 'owls', index: i, size: 3 } }),
      );
      const kept = aResult({ prompt: 'a lone owl', messageId: 'm-other' });
      await putAll(index, [...takes, kept]);
      expect(await index.removeMessage(OTHER_GUILD, 'm-batch')).toBe(0);
      expect(await index.removeMessage(GUILD, 'm-batch')).toBe(3);
      expect(await index.removeMessage(GUILD, 'm-batch')).toBe(0);
      expect(await index.batch(GUILD, 'owls')).toEqual([]);
      expect(ids(await index.search(q({ text: 'owls' })))).toEqual([]);
      expect(ids(await index.search(q()))).toEqual([kept.generationId]);
      expect(await index.size()).toBe(1);
    });

    it('keeps one entry a generation id: a put again replaces it, words, channel and time', async () => {
      const index = await under.open();
      const original = aResult({ prompt: 'golden sunset', deliveredAt: T0 + 10 });
      await index.put(original);
      await index.put(original);
      expect(await index.size()).toBe(1);
      expect((await index.search(q({ text: 'sunset' }))).total).toBe(1);

      const changed = { ...original, prompt: 'silver moonrise', model: 'flux-dev', deliveredAt: T0 + 99 };
      await index.put(changed);
      expect(await index.size()).toBe(1);
      expect((await index.search(q({ text: 'sunset' }))).total).toBe(0);
      expect((await index.search(q({ model: 'lang-4o-image' }))).total).toBe(0);
      expect(await index.search(q({ text: 'moonrise', model: 'flux-dev', from: T0 + 99 }))).toMatchObject({
        results: [changed],
        total: 1,
      });
      await index.put({ ...changed, viewChannelId: STAFF });
      expect((await index.search(q())).total).toBe(0);
      expect(await index.size()).toBe(1);
    });

    it('takes query syntax in prompts and searches as plain words', async () => {
      const index = await under.open();
      const tricky = [
        'cat NEAR dog',
        'cat AND dog OR bird NOT fish',
        `say "hello" to the 'world' -- x`,
        'prefix* (group) col:umn ^caret',
        "'; DROP TABLE results; --",
        "]] redis.call('FLUSHALL') [[ %s %d .* end",
        '-negated +plus ~tilde',
      ];
      const put = await putAll(
        index,
        tricky.map((prompt) => aResult({ prompt })),
      );
      const found = async (text: string) =>
        (await index.search(q({ text }))).results.map((r) => r.prompt).sort();
      expect(await found('NEAR')).toEqual(['cat NEAR dog']);
      expect(await found('"cat NEAR"')).toEqual(['cat NEAR dog']);
      expect(await found('"cat near dog')).toEqual(['cat NEAR dog']);
      expect(await found('cat -dog')).toEqual(['cat AND dog OR bird NOT fish', 'cat NEAR dog']);
      expect(await found('cat OR bird')).toEqual(['cat AND dog OR bird NOT fish']);
      expect(await found('NOT')).toEqual(['cat AND dog OR bird NOT fish']);
      expect(await found('"hello" \'world\'')).toEqual([`say "hello" to the 'world' -- x`]);
      expect(await found('prefix*')).toEqual(['prefix* (group) col:umn ^caret']);
      expect(await found('pre*')).toEqual([]);
      expect(await found('col:umn')).toEqual(['prefix* (group) col:umn ^caret']);
      expect(await found("'; DROP TABLE results; --")).toEqual(["'; DROP TABLE results; --"]);
      expect(await found("redis.call('FLUSHALL')")).toEqual(["]] redis.call('FLUSHALL') [[ %s %d .* end"]);
      expect(await found('"%s %d"')).toEqual(["]] redis.call('FLUSHALL') [[ %s %d .* end"]);
      expect(await found('"s d end"')).toEqual(["]] redis.call('FLUSHALL') [[ %s %d .* end"]);
      expect(await found('.*')).toEqual(tricky.slice().sort());
      expect(await found('negated')).toEqual(['-negated +plus ~tilde']);
      expect(await found('"""')).toEqual(tricky.slice().sort());
      // Nothing was dropped or flushed on the way.
      expect(await index.size()).toBe(put.length);
    });

    it('finds at once, in another process, what one process put', async () => {
      const index = await under.open();
      const other = await under.another(index);
      const shown = aResult({ prompt: 'shared between processes' });
      await index.put(shown);
      expect(ids(await other.search(q({ text: 'processes' })))).toEqual([shown.generationId]);
      expect(await other.get(GUILD, shown.generationId)).toEqual(shown);
      expect(await other.removeMessage(GUILD, shown.messageId)).toBe(1);
      expect((await index.search(q({ text: 'processes' }))).total).toBe(0);
    });

    it('agrees with a plain filter of every result, on queries of every shape', async () => {
      const index = await under.open();
      const random = seededRandom(32);
      const pick = <T>(list: readonly T[], skew = 1): T =>
        list[Math.floor(random() ** skew * list.length)] as T;
      // Skewed as a server is: a few words, members, channels and models hold most results, so
      // that each way an index may walk (a word's matches, a member's, a model's, the channels
      // the member sees…) is the cheapest for some query.
      const vocabulary = [
        'a',
        'the',
        'red',
        'fox',
        'Renard',
        'roux',
        'forêt',
        'sky',
        'blue',
        'owl',
        'night',
        'x1',
        'rare',
        'zèbre',
      ];
      const channels = [ART, GENERAL, STAFF, 'c-4', 'c-5', 'c-rare'];
      const members = [ALICE, BOB, 'u-3', 'u-4', 'u-rare'];
      const models = ['lang-4o-image', 'flux-dev', 'veo-3', 'm-rare'];
      const all: IndexedResult[] = [];
      for (let i = 0; i < 400; i++) {
        const length = 1 + Math.floor(random() * 8);
        const prompt = Array.from({ length }, () => pick(vocabulary, 2)).join(random() < 0.5 ? ' ' : ', ');
        const takes = random() < 0.2 ? 3 : 1;
        const at = T0 + Math.floor(random() * 200);
        const shared = {
          prompt,
          deliveredAt: at,
          viewChannelId: pick(channels, 2.5),
          userId: pick(members, 2),
          model: pick(models, 2),
          type: random() < 0.8 ? ('image' as const) : ('video' as const),
          guildId: random() < 0.9 ? GUILD : OTHER_GUILD,
          messageId: `m-${i}`,
        };
        for (let take = 0; take < takes; take++) {
          all.push(
            aResult({ ...shared, batch: takes > 1 ? { id: `b-${i}`, index: take, size: takes } : null }),
          );
        }
      }
      await putAll(index, all);
      for (let n = 0; n < 150; n++) {
        const text = Array.from({ length: Math.floor(random() * 3) }, () => pick(vocabulary, 1.5)).join(' ');
        const viewable = channels.filter(() => random() < 0.6);
        const query = q({
          viewableChannelIds: new Set(random() < 0.2 ? ['c-rare'] : viewable),
          limit: 1 + Math.floor(random() * 40),
          ...(text ? { text: random() < 0.3 ? `"${text}"` : text } : {}),
          ...(random() < 0.3 ? { model: pick(models) } : {}),
          ...(random() < 0.3 ? { userId: pick(members) } : {}),
          ...(random() < 0.2 ? { type: random() < 0.5 ? ('image' as const) : ('video' as const) } : {}),
          ...(random() < 0.2 ? { from: T0 + Math.floor(random() * 100) } : {}),
          ...(random() < 0.2 ? { to: T0 + 100 + Math.floor(random() * 100) } : {}),
        });
        const expected = plainly(all, query).map((r) => r.generationId);
        const pages = await allPages(index, query);
        expect(
          pages.flatMap(ids),
          JSON.stringify({ ...query, viewableChannelIds: [...query.viewableChannelIds] }),
        ).toEqual(expected);
        expect(pages[0]?.total).toBe(Math.min(expected.length, COUNT_CAP));
      }
    });

    it('starts again from the newest on a cursor that is not its own', async () => {
      const index = await under.open();
      const all = await putAll(index, [aResult(), aResult()]);
      for (const cursor of ['not-a-cursor', Buffer.from('{"a":1}').toString('base64url'), '%%%']) {
        expect(ids(await index.search(q({ cursor })))).toEqual(galleryOrder(all));
      }
    });
  });
}
