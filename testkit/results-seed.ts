/**
 * A busy server's gallery for measuring a results index (the benchmark calls these; no test asserts
 * a time): seedResults fills an index with results whose prompts, members, channels and models are
 * spread as a real server's are (a few words and members account for most of it), and
 * timeSearches times the gallery's usual pages on it. Everything is drawn from a seeded generator:
 * the same arguments make the same gallery and the same searches.
 */
import { performance } from 'node:perf_hooks';
import type { IndexedResult, ResultsIndex } from '../src/results/result.ts';
import { seededRandom } from './seeded-random.ts';

export interface SeedOptions {
  /** How many results (100,000 by default). */
  results?: number;
  /** Members who asked for them (500). */
  members?: number;
  /** View channels they were shown in (40). */
  channels?: number;
  /** Of the generator: another seed, another gallery. */
  seed?: number;
  /** Puts in flight at once. */
  concurrency?: number;
}

/** What a seeded gallery holds, for the searches. */
export interface SeededGallery {
  guildId: string;
  channelIds: string[];
  memberIds: string[];
  models: readonly string[];
  results: number;
}

/** When the seeded links were signed (unix s): once a process, so two seedings in it are the same. */
const SIGNED_AT = Math.floor(Date.now() / 1000);

export const SEED_GUILD = '1399000000000000001';
const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

/** The models and how often each is used (weights). */
const MODELS: readonly (readonly [string, string, 'image' | 'video', number])[] = [
  ['lang-4o-image', 'Lang 4o Image', 'image', 30],
  ['flux-dev', 'Flux Dev', 'image', 20],
  ['flux-pro', 'Flux Pro', 'image', 12],
  ['seedream-4', 'Seedream 4', 'image', 10],
  ['imagen-4', 'Imagen 4', 'image', 8],
  ['ideogram-3', 'Ideogram 3', 'image', 5],
  ['recraft-v3', 'Recraft V3', 'image', 4],
  ['kling-2', 'Kling 2', 'video', 4],
  ['veo-3', 'Veo 3', 'video', 3],
  ['hailuo-02', 'Hailuo 02', 'video', 2],
  ['wan-2', 'Wan 2', 'video', 1],
  ['seedance-1', 'Seedance 1', 'video', 1],
];

/** The words prompts are made of most: a real prompt's glue and its favourite subjects and styles. */
const COMMON = `a the of in with and on at by an to from under over beneath portrait cinematic lighting
detailed photo realistic style painting oil watercolor digital art illustration concept fantasy
dark light soft golden hour night city forest mountain river lake ocean sky clouds sunset sunrise
rain snow fog mist neon cyberpunk steampunk medieval futuristic ancient castle tower temple ruins
dragon wizard knight princess robot cat dog fox wolf owl horse bird fish flower tree garden field
woman man girl boy child old young warrior queen king smiling standing sitting walking flying
red blue green yellow purple black white orange pink silver gold glowing shiny colorful vibrant
4k 8k hdr bokeh wide angle closeup macro aerial view dramatic epic moody calm peaceful magical
renard roux forêt château été hiver lumière rêve étoile océan`.split(/\s+/);

const SYLLABLES = [
  'ka',
  'ro',
  'mi',
  'to',
  'lu',
  'ne',
  'sa',
  'vi',
  'do',
  're',
  'ba',
  'ti',
  'mo',
  'ga',
  'li',
  'zu',
  'pe',
  'ha',
  'fo',
  'shi',
];
const VOCABULARY_SIZE = 3_000;

/** Draws an index by weight: the cumulative weights, then a binary search. */
function weighted(weights: readonly number[], random: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) {
    sum += w;
    cumulative.push(sum);
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** Zipf's weights (s = 1) for n ranks: the second is half as frequent as the first… */
const zipf = (n: number) => Array.from({ length: n }, (_, i) => 1 / (i + 1));

/** The vocabulary: the common words first (most frequent), then made-up words of two to four syllables. */
function vocabulary(): string[] {
  const words = [...COMMON];
  const seen = new Set(words);
  const random = seededRandom(7);
  while (words.length < VOCABULARY_SIZE) {
    const syllables = 2 + Math.floor(random() * 3);
    let word = '';
    for (let i = 0; i < syllables; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

/** Prompts of 8 to 30 words drawn from the vocabulary by Zipf's law. */
function prompts(random: () => number): () => string {
  const words = vocabulary();
  const pick = weighted(zipf(words.length), random);
  return () => {
    const length = 8 + Math.floor(random() * 23);
    const chosen: string[] = [];
    for (let i = 0; i < length; i++) chosen.push(words[pick()] ?? 'a');
    const text = chosen.join(' ');
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
}

const snowflake = (base: bigint, i: number) => String(base + BigInt(i));

/** The gallery a seed describes (the ids only: nothing is written). */
export function describeGallery(o: SeedOptions = {}): SeededGallery {
  const members = o.members ?? 500;
  const channels = o.channels ?? 40;
  return {
    guildId: SEED_GUILD,
    channelIds: Array.from({ length: channels }, (_, i) => snowflake(1399000000000100000n, i)),
    memberIds: Array.from({ length: members }, (_, i) => snowflake(1399000000001000000n, i)),
    models: MODELS.map(([id]) => id),
    results: o.results ?? 100_000,
  };
}

/**
 * Puts `results` results into `index`, delivered over 180 days (oldest first, as they arrive),
 * from `members` members (a few ask for most) in `channels` channels (a few hold most), with the
 * models used as unevenly as they are; one in five requests is a batch of four takes on one message.
 */
export async function seedResults(index: ResultsIndex, o: SeedOptions = {}): Promise<SeededGallery> {
  const gallery = describeGallery(o);
  const signedAt = SIGNED_AT.toString(16);
  const signedUntil = (SIGNED_AT + 86_400).toString(16);
  const random = seededRandom(o.seed ?? 1);
  const prompt = prompts(random);
  const member = weighted(zipf(gallery.memberIds.length), random);
  const channel = weighted(
    gallery.channelIds.map((_, i) => 1 / Math.sqrt(i + 1)),
    random,
  );
  const model = weighted(
    MODELS.map(([, , , w]) => w),
    random,
  );
  const step = (180 * DAY_MS) / gallery.results;
  const all: IndexedResult[] = [];
  for (let n = 0; all.length < gallery.results; n++) {
    const takes = random() < 0.2 ? Math.min(4, gallery.results - all.length) : 1;
    const [modelId, modelLabel, type] = MODELS[model()] ?? MODELS[0] ?? ['m', 'M', 'image'];
    const userId = gallery.memberIds[member()] ?? '0';
    const viewChannelId = gallery.channelIds[channel()] ?? '0';
    const text = prompt();
    const deliveredAt = Math.floor(START + all.length * step);
    const messageId = snowflake(1399000000100000000n, n);
    for (let take = 0; take < takes; take++) {
      const generationId = `seed-${String(all.length).padStart(7, '0')}`;
      all.push({
        generationId,
        guildId: gallery.guildId,
        channelId: viewChannelId,
        viewChannelId,
        messageId,
        userId,
        userName: `member-${userId.slice(-4)}`,
        type,
        model: modelId,
        modelLabel,
        prompt: text,
        parameters: { aspect_ratio: '1:1', seed: Math.floor(random() * 1e9) },
        priceMicros: 20_000,
        createdAt: deliveredAt - 30_000,
        deliveredAt,
        batch: takes > 1 ? { id: `batch-${n}`, index: take, size: takes } : null,
        media: {
          // Signed as Discord signs them, a day ahead: a gallery shows such a link as it is.
          url: `https://cdn.discordapp.com/attachments/${viewChannelId}/${messageId}/${generationId}.png?ex=${signedUntil}&is=${signedAt}&hm=${'0'.repeat(64)}`,
          contentType: type === 'video' ? 'video/mp4' : 'image/png',
          from: 'discord',
        },
        ageRestricted: false,
      });
    }
  }
  const concurrency = o.concurrency ?? 32;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < all.length) {
        const result = all[next++];
        if (result) await index.put(result);
      }
    }),
  );
  return gallery;
}

export interface TimedSearch {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export interface SearchTimings {
  /** The gallery's first page: no words, no filter (limit 60). */
  firstPage: TimedSearch;
  /** One word, drawn as prompts use words (so mostly common ones). */
  oneWord: TimedSearch;
  /** Three words of one prompt and a model. */
  threeWordsAndModel: TimedSearch;
}

export interface TimeOptions extends SeedOptions {
  /** The gallery searched: describeGallery(options) by default. */
  gallery?: SeededGallery;
  /** Searches of each kind (after a few not counted). */
  rounds?: number;
  /** How many of the channels the member views (30 of 40 by default). */
  viewable?: number;
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? 0;
}

function spread(ms: number[]): TimedSearch {
  const sorted = [...ms].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/**
 * Times the gallery's usual searches, each with a member who views `viewable` of the channels
 * (each round a different set) and a page of 60; a search's time includes its count.
 */
export async function timeSearches(index: ResultsIndex, o: TimeOptions = {}): Promise<SearchTimings> {
  const gallery = o.gallery ?? describeGallery(o);
  const rounds = o.rounds ?? 200;
  const viewable = Math.min(o.viewable ?? 30, gallery.channelIds.length);
  const random = seededRandom((o.seed ?? 1) + 1_000);
  const prompt = prompts(random);
  const model = weighted(
    MODELS.map(([, , , w]) => w),
    random,
  );
  const someChannels = () => {
    const shuffled = [...gallery.channelIds];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j] ?? '', shuffled[i] ?? ''];
    }
    return new Set(shuffled.slice(0, viewable));
  };
  const words = (n: number) => {
    const all = prompt().toLowerCase().split(' ');
    return all.slice(0, n).join(' ');
  };
  const base = () => ({ guildId: gallery.guildId, viewableChannelIds: someChannels(), limit: 60 });
  const kinds: Record<keyof SearchTimings, () => Parameters<ResultsIndex['search']>[0]> = {
    firstPage: () => base(),
    oneWord: () => ({ ...base(), text: words(1) }),
    threeWordsAndModel: () => ({ ...base(), text: words(3), model: MODELS[model()]?.[0] ?? '' }),
  };
  const timings = {} as SearchTimings;
  for (const [kind, query] of Object.entries(kinds) as [
    keyof SearchTimings,
    () => Parameters<ResultsIndex['search']>[0],
  ][]) {
    const ms: number[] = [];
    for (let i = 0; i < rounds + 10; i++) {
      const q = query();
      const start = performance.now();
      await index.search(q);
      if (i >= 10) ms.push(performance.now() - start);
    }
    timings[kind] = spread(ms);
  }
  return timings;
}
