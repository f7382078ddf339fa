/**
 * The results index of several processes, in their Redis (results-index-keys.ts lays out its keys,
 * results-index-scripts.ts holds the scripts that change and search them). A result put by one
 * process is found by every other at once.
 */
import type { Logger } from '../log.ts';
import { decodeCursor, encodeCursor, pageLimit, positionOf } from '../results/cursor.ts';
import {
  COUNT_CAP,
  type GalleryPage,
  type GalleryQuery,
  type IndexedResult,
  type ResultsIndex,
} from '../results/result.ts';
import { foldedWords, MAX_WORD_LENGTH, parseSearch, phraseText } from '../results/words.ts';
import { guardAgainstStalls } from '../store/redis-stall-guard.ts';
import { closePromptly } from './coordination.ts';
import type { RedisScripting } from './rate-limiter.ts';
import { resultsKeys } from './results-index-keys.ts';
import { BATCH, GET, PUT, REMOVE, REMOVE_MESSAGE, SEARCH, SIZE } from './results-index-scripts.ts';

export interface RedisResultsIndexOptions {
  /** A client of the Redis to use: its own connection (a search is one script that takes a few ms). */
  client: RedisScripting;
  /** Prefix of every key; `results:` by default. */
  prefix?: string;
  /** Closes what the index owns (its connection); nothing by default. */
  onClose?: () => Promise<void>;
}

export class RedisResultsIndex implements ResultsIndex {
  private readonly redis: RedisScripting;
  private readonly prefix: string;
  private readonly keys: ReturnType<typeof resultsKeys>;
  private readonly onClose: (() => Promise<void>) | undefined;

  constructor(o: RedisResultsIndexOptions) {
    this.redis = o.client;
    this.prefix = o.prefix ?? 'results:';
    this.keys = resultsKeys(this.prefix);
    this.onClose = o.onClose;
  }

  async put(result: IndexedResult): Promise<void> {
    if (!Number.isSafeInteger(result.deliveredAt)) {
      throw new RangeError(`deliveredAt must be whole ms (got ${result.deliveredAt})`);
    }
    const words = foldedWords(result.prompt);
    const indexed = [...new Set(words)].filter((w) => w.length <= MAX_WORD_LENGTH);
    await this.run(PUT, [
      result.generationId,
      result.guildId,
      result.viewChannelId,
      result.userId,
      result.model,
      result.type,
      String(result.deliveredAt),
      result.messageId,
      result.batch?.id ?? '',
      String(result.batch?.index ?? 0),
      JSON.stringify(result),
      phraseText(words),
      indexed.join(' '),
    ]);
  }

  async removeMessage(guildId: string, messageId: string): Promise<number> {
    return Number(await this.run(REMOVE_MESSAGE, [guildId, messageId]));
  }

  async remove(guildId: string, generationId: string): Promise<void> {
    await this.run(REMOVE, [guildId, generationId]);
  }

  async get(guildId: string, generationId: string): Promise<IndexedResult | undefined> {
    const json = await this.run(GET, [guildId, generationId]);
    return typeof json === 'string' ? (JSON.parse(json) as IndexedResult) : undefined;
  }

  async batch(guildId: string, batchId: string): Promise<IndexedResult[]> {
    const found = (await this.run(BATCH, [guildId, batchId])) as unknown[];
    return found.filter((j): j is string => typeof j === 'string').map((j) => JSON.parse(j) as IndexedResult);
  }

  async search(query: GalleryQuery): Promise<GalleryPage> {
    const limit = pageLimit(query.limit);
    if (query.viewableChannelIds.size === 0) return { results: [], next: null, total: 0, capped: false };
    const { words, phrases } = parseSearch(query.text ?? '');
    const g = query.guildId;
    const keys = this.keys;
    const required = [
      ...words.map((w) => keys.word(g, w)),
      ...(query.model === undefined ? [] : [keys.model(g, query.model)]),
      ...(query.type === undefined ? [] : [keys.type(g, query.type)]),
      ...(query.userId === undefined ? [] : [keys.user(g, query.userId)]),
    ];
    const after = decodeCursor(query.cursor);
    const answer = (await this.redis.eval(SEARCH, {
      keys: [...(required.length > 0 ? required : [keys.guild(g)]), keys.scratch],
      arguments: [
        keys.channelsOf(g),
        keys.results,
        String(limit + 1),
        String(COUNT_CAP + 1),
        after ? String(after.deliveredAt) : '',
        after ? after.generationId : '',
        query.from === undefined ? '' : String(query.from),
        query.to === undefined ? '' : String(query.to),
        String(phrases.length),
        ...phrases.map(phraseText),
        ...query.viewableChannelIds,
      ],
    })) as [number, ...string[]];
    const [counted, ...found] = answer;
    const page = found.map((j) => JSON.parse(j) as IndexedResult);
    const results = page.slice(0, limit);
    const last = results.at(-1);
    return {
      results,
      next: page.length > limit && last ? encodeCursor(positionOf(last)) : null,
      total: Math.min(Number(counted), COUNT_CAP),
      capped: Number(counted) > COUNT_CAP,
    };
  }

  async size(): Promise<number> {
    return Number(await this.redis.eval(SIZE, { keys: [], arguments: [this.keys.count] }));
  }

  async close(): Promise<void> {
    await this.onClose?.();
  }

  private run(script: string, args: string[]): Promise<unknown> {
    return this.redis.eval(script, { keys: [], arguments: [this.prefix, ...args] });
  }
}

/**
 * The index on its own connection to the store's Redis (a search's script would hold up the
 * leases and claims behind it on the coordination's), guarded against stalls like the others.
 */
export async function openRedisResultsIndex(url: string, log: Logger): Promise<RedisResultsIndex> {
  const { longLivedClient } = await import('../store/redis-client.ts');
  const client = longLivedClient(url);
  client.on('error', (err: unknown) => log.warn({ err }, 'results index: Redis connection error'));
  await client.connect();
  const unguard = guardAgainstStalls(client, { name: 'results', log });
  return new RedisResultsIndex({
    client,
    onClose: () => {
      unguard();
      return closePromptly(client);
    },
  });
}
