/**
 * Links to Discord attachments that work now. Discord signs every attachment link with its expiry
 * (`ex`, hex unix seconds, about a day ahead); POST /attachments/refresh-urls, with the bot's
 * token, signs them again, at most 50 a call. A link is used as it is while it has time left, else
 * refreshed, and the refreshed link is kept until it nears its own expiry: a gallery page of 60
 * results costs at most two calls, and none while its links are fresh or kept. The calls are made
 * together, and discord.js's REST client sends them one after the other (one request at a time per
 * route, as it keeps to Discord's rate limits).
 */
import type { REST } from 'discord.js';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';

/** Discord's cap on links a call. */
export const REFRESH_BATCH = 50;
/**
 * Time a link must have left to be handed out: a page is viewed (a video played) for a while
 * after it is served, and Discord's links last a day, so an hour costs little.
 */
export const EXPIRY_MARGIN_MS = 60 * 60_000;
/**
 * How long a link Discord would not refresh (its message deleted, not an attachment) is not asked
 * again: a gallery page showing it would otherwise cost a call at every view.
 */
export const REFUSED_KEPT_MS = 10 * 60_000;
/** Refreshed links kept at most (each a few hundred bytes). */
const MAX_KEPT = 10_000;

/** What a failed call answers: nothing, and nothing to hold against its links. */
const FAILED: readonly { original: string; refreshed: string }[] = Object.freeze([]);

interface RefreshAnswer {
  refreshed_urls?: { original?: string; refreshed?: string }[];
}

interface Kept {
  /** The working link; null: Discord did not refresh it (not asked again until expiresAt). */
  url: string | null;
  expiresAt: number;
}

export class AttachmentLinks {
  private readonly rest: REST;
  private readonly clock: Clock;
  private readonly logger: Logger;
  /** By the link without its signature: the attachment, whatever signature it was asked with. */
  private readonly kept = new Map<string, Kept>();

  constructor(rest: REST, clock: Clock, logger: Logger) {
    this.rest = rest;
    this.clock = clock;
    this.logger = logger;
  }

  /** Each link that works now, by the link given; one Discord did not refresh is missing. */
  async refresh(urls: readonly string[]): Promise<Map<string, string>> {
    const now = this.clock.now();
    const working = new Map<string, string>();
    // By attachment: the links given for it (the same file may come with two signatures), one asked.
    const ask = new Map<string, string[]>();
    for (const url of new Set(urls)) {
      const key = attachmentKey(url);
      if (key === undefined) continue;
      const kept = this.kept.get(key);
      if (kept?.url === null && kept.expiresAt > now) continue;
      if (kept?.url && usable(kept.expiresAt, now)) working.set(url, kept.url);
      else if (usable(expiryOf(url), now)) working.set(url, url);
      else ask.set(key, [...(ask.get(key) ?? []), url]);
    }
    if (ask.size === 0) return working;
    const batches: string[][] = [];
    const asked = [...ask.values()].map((given) => given[0] as string);
    for (let i = 0; i < asked.length; i += REFRESH_BATCH) batches.push(asked.slice(i, i + REFRESH_BATCH));
    const answers = await Promise.all(batches.map((batch) => this.ask(batch)));
    const answered = new Set(answers.flat().map((a) => attachmentKey(a.original)));
    // Asked and left out by Discord (a failed call answers nothing and is not held against a link).
    const failed = answers.some((a) => a === FAILED);
    if (!failed)
      for (const key of ask.keys())
        if (!answered.has(key)) this.remember(key, { url: null, expiresAt: now + REFUSED_KEPT_MS });
    for (const answer of answers) {
      for (const { original, refreshed } of answer) {
        const key = attachmentKey(original);
        const given = key === undefined ? undefined : ask.get(key);
        if (!given || key === undefined) continue;
        for (const url of given) working.set(url, refreshed);
        this.keep(key, refreshed);
      }
    }
    return working;
  }

  /** One call; a failure leaves its links out (the page shows them missing) rather than failing the page. */
  private async ask(urls: string[]): Promise<readonly { original: string; refreshed: string }[]> {
    try {
      const answer = (await this.rest.post('/attachments/refresh-urls', {
        body: { attachment_urls: urls },
      })) as RefreshAnswer;
      return (answer.refreshed_urls ?? []).flatMap((r) =>
        typeof r.original === 'string' && typeof r.refreshed === 'string'
          ? [{ original: r.original, refreshed: r.refreshed }]
          : [],
      );
    } catch (err) {
      this.logger.warn({ err, links: urls.length }, 'cannot refresh attachment links');
      return FAILED;
    }
  }

  private keep(key: string, url: string): void {
    const expiresAt = expiryOf(url);
    if (!usable(expiresAt, this.clock.now())) return;
    this.remember(key, { url, expiresAt: expiresAt as number });
  }

  private remember(key: string, kept: Kept): void {
    this.kept.delete(key);
    this.kept.set(key, kept);
    while (this.kept.size > MAX_KEPT) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }
}

/** Whether a link expiring at `expiresAt` (ms) has the margin left. */
function usable(expiresAt: number | undefined, now: number): boolean {
  return expiresAt !== undefined && expiresAt - EXPIRY_MARGIN_MS > now;
}

/** When a signed link expires (ms), from its `ex`; undefined for a link without one. */
export function expiryOf(url: string): number | undefined {
  try {
    const ex = new URL(url).searchParams.get('ex');
    if (!ex || !/^[0-9a-f]+$/i.test(ex)) return undefined;
    return Number.parseInt(ex, 16) * 1000;
  } catch {
    return undefined;
  }
}

/** The attachment a link names: the link without its query (the signature); undefined for no link. */
function attachmentKey(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}
