/**
 * Discord's answers kept for a short while, so that a burst of web requests about one server asks
 * Discord once: each caller says how old an answer it accepts. An answer still on its way is shared
 * (it counts from when it was asked); a failure is not kept. Bounded: the oldest goes first.
 */
import type { Clock } from '../../clock.ts';

interface Entry<V> {
  /** When it was asked (clock ms). */
  at: number;
  answer: Promise<V>;
}

export class RecentAnswers<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly clock: Clock;
  private readonly maxEntries: number;

  constructor(clock: Clock, maxEntries: number) {
    this.clock = clock;
    this.maxEntries = maxEntries;
  }

  /** The answer for `key` asked at most `maxAgeMs` ago, else `ask()`'s. */
  get(key: string, maxAgeMs: number, ask: () => Promise<V>): Promise<V> {
    const now = this.clock.now();
    const known = this.entries.get(key);
    if (known && now - known.at <= maxAgeMs) return known.answer;
    const entry: Entry<V> = { at: now, answer: ask() };
    // Re-inserted at the end: the map's order is the order of asking, the oldest first to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    entry.answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.answer;
  }
}
