/**
 * A results index in memory (results/result.ts's contract), for the tests of what feeds it: the
 * messenger's recording of shown results and the deletions. Its search is a plain filter: the real
 * indexes' search has tests of its own.
 */
import type { GalleryPage, GalleryQuery, IndexedResult, ResultsIndex } from '../../src/results/result.ts';

export class MemoryResultsIndex implements ResultsIndex {
  readonly results = new Map<string, IndexedResult>();
  /** Every call, in order: `put <generationId>`, `removeMessage <messageId>`. */
  readonly calls: string[] = [];
  /** How `put` answers from now on: normally, by throwing this error, or never. */
  putBehaviour: 'ok' | Error | 'hang' = 'ok';
  private readonly waiters = new Set<() => void>();

  async put(result: IndexedResult): Promise<void> {
    this.calls.push(`put ${result.generationId}`);
    this.changed();
    if (this.putBehaviour === 'hang') return new Promise<void>(() => undefined);
    if (this.putBehaviour instanceof Error) throw this.putBehaviour;
    this.results.set(result.generationId, structuredClone(result));
    this.changed();
  }

  async removeMessage(guildId: string, messageId: string): Promise<number> {
    this.calls.push(`removeMessage ${messageId}`);
    let removed = 0;
    for (const [id, r] of this.results) {
      if (r.guildId === guildId && r.messageId === messageId) {
        this.results.delete(id);
        removed += 1;
      }
    }
    this.changed();
    return removed;
  }

  async remove(guildId: string, generationId: string): Promise<void> {
    if (this.results.get(generationId)?.guildId === guildId) this.results.delete(generationId);
    this.changed();
  }

  async get(guildId: string, generationId: string): Promise<IndexedResult | undefined> {
    const r = this.results.get(generationId);
    return r?.guildId === guildId ? structuredClone(r) : undefined;
  }

  async batch(guildId: string, batchId: string): Promise<IndexedResult[]> {
    return [...this.results.values()]
      .filter((r) => r.guildId === guildId && r.batch?.id === batchId)
      .sort((a, b) => (a.batch?.index ?? 0) - (b.batch?.index ?? 0));
  }

  async search(query: GalleryQuery): Promise<GalleryPage> {
    const found = [...this.results.values()]
      .filter((r) => r.guildId === query.guildId && query.viewableChannelIds.has(r.viewChannelId))
      .sort((a, b) => b.deliveredAt - a.deliveredAt);
    return { results: found.slice(0, query.limit), next: null, total: found.length, capped: false };
  }

  async size(): Promise<number> {
    return this.results.size;
  }

  async close(): Promise<void> {}

  /** Resolves once `done()` holds, checked now and after every change. */
  until(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  private changed(): void {
    for (const check of [...this.waiters]) check();
  }
}
