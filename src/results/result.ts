/**
 * A result as the web finds it again: one delivered take, with what its page shows and what its
 * search and filters read. Written when the result reaches Discord, removed when its message or
 * card is deleted. Every text in it came from a member or the service: escape it when shown.
 */
import type { MediaType } from '../media/schemas.ts';

/** Where the file is: a Discord attachment (its link expires; refreshed before it is shown) or the service's link. */
export interface ResultMedia {
  url: string;
  contentType: string;
  from: 'discord' | 'service';
}

export interface IndexedResult {
  generationId: string;
  guildId: string;
  /** Where the reply message is (a channel or a thread): the link to it. */
  channelId: string;
  /**
   * Whose View Channel decides who may see it: the channel itself, or the channel of a public
   * thread. A private thread's own id (the web lists no private thread's results).
   */
  viewChannelId: string;
  messageId: string;
  userId: string;
  /** The member's name when it was delivered (member-written). */
  userName: string;
  type: MediaType;
  model: string;
  modelLabel: string;
  prompt: string;
  /** Every parameter sent to the service, the seed included (the request body without the prompt). */
  parameters: Record<string, unknown>;
  priceMicros: number;
  /** When it was asked for (ms). */
  createdAt: number;
  /** When it reached Discord (ms): the gallery's order, newest first. */
  deliveredAt: number;
  batch: { id: string; index: number; size: number } | null;
  media: ResultMedia | null;
  /** Posted in an age-restricted channel. */
  ageRestricted: boolean;
}

/** What a gallery page asks for: the member's view and the filters of the address. */
export interface GalleryQuery {
  guildId: string;
  /** The channels the member can view now (viewChannelId must be one of them). */
  viewableChannelIds: ReadonlySet<string>;
  /** The search box as typed: words (all of them, any order, case and accents folded) and "phrases". */
  text?: string;
  type?: MediaType;
  model?: string;
  userId?: string;
  /** Delivered at or after (ms). */
  from?: number;
  /** Delivered before (ms). */
  to?: number;
  /** Opaque: where the previous page ended. */
  cursor?: string;
  /** Results a page (at most 100). */
  limit: number;
}

export interface GalleryPage {
  results: IndexedResult[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
  /** How many results match in all, counted up to COUNT_CAP (then `capped`). */
  total: number;
  capped: boolean;
}

/** A count stops here: "1,000+ results" is as useful as the exact figure and costs far less. */
export const COUNT_CAP = 1000;

/** The results index: SQLite's FTS5 in the bot's file on one process, Redis on several. */
export interface ResultsIndex {
  /** Adds or replaces a result (by generation id): idempotent. */
  put(result: IndexedResult): Promise<void>;
  /** Removes every result of a message (a deleted message takes its batch's takes); how many left. */
  removeMessage(guildId: string, messageId: string): Promise<number>;
  /** Removes one result. */
  remove(guildId: string, generationId: string): Promise<void>;
  get(guildId: string, generationId: string): Promise<IndexedResult | undefined>;
  /** The takes of a batch, by their index. */
  batch(guildId: string, batchId: string): Promise<IndexedResult[]>;
  search(query: GalleryQuery): Promise<GalleryPage>;
  /** Results indexed in all (the first start's backfill runs when it is 0). */
  size(): Promise<number>;
  close(): Promise<void>;
}
