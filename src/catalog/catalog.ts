/**
 * The model catalog: the list from GET /models, cached in memory and refreshed in the
 * background. A failed refresh keeps serving the last good list (stale beats nothing), so
 * autocomplete and validation never wait on the network.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { MediaType, Model } from '../media/schemas.ts';
import { SLUG_ALIASES } from './service-rules.ts';

export interface CatalogOptions {
  /** Fetches the full model list (the Media API client's listModels). */
  fetchModels: () => Promise<Model[]>;
  clock: Clock;
  logger: Logger;
  /** How often the background refresh runs, in clock ms. */
  refreshIntervalMs?: number;
  /**
   * Until a first list has loaded, how long to wait after a failed load before trying again, in
   * clock ms; doubled after each failure up to a minute.
   */
  retryIntervalMs?: number;
}

const MAX_RETRY_INTERVAL_MS = 60_000;

export class ModelCatalog {
  private models = new Map<string, Model>();
  private loadedAt: number | undefined;
  private readonly stop = new AbortController();

  private readonly options: CatalogOptions;

  constructor(options: CatalogOptions) {
    this.options = options;
  }

  /** Loads the list once; throws when there is nothing to serve at all. */
  async load(): Promise<void> {
    const list = await this.options.fetchModels();
    this.models = new Map(list.map((m) => [m.slug, m]));
    this.loadedAt = this.options.clock.now();
  }

  /** Refreshes in the background until `close()`; failures are logged and the stale list is kept. */
  startRefreshing(): void {
    const { clock, logger, refreshIntervalMs = 10 * 60_000, retryIntervalMs = 2_000 } = this.options;
    const loop = async () => {
      // Without a list, members are refused with "not reachable yet": retry soon, backing off.
      let failures = 0;
      while (!this.stop.signal.aborted) {
        const wait =
          this.loadedAt === undefined
            ? Math.min(retryIntervalMs * 2 ** failures, MAX_RETRY_INTERVAL_MS)
            : refreshIntervalMs;
        await clock.sleep(wait, this.stop.signal).catch(() => undefined);
        if (this.stop.signal.aborted) return;
        try {
          await this.load();
          failures = 0;
        } catch (err) {
          failures += 1;
          logger.warn(
            { err, models: this.models.size },
            'model catalog refresh failed; serving the cached list',
          );
        }
      }
    };
    void loop();
  }

  close(): void {
    this.stop.abort();
  }

  /** True once a list has been loaded. */
  get ready(): boolean {
    return this.loadedAt !== undefined;
  }

  /** A model by slug or alternate slug (`dream-5-lite`). */
  get(slug: string): Model | undefined {
    return this.models.get(slug) ?? this.models.get(SLUG_ALIASES[slug] ?? '');
  }

  /** Every model, or those of one type, in the service's order. */
  list(type?: MediaType): Model[] {
    const all = [...this.models.values()];
    return type ? all.filter((m) => m.type === type) : all;
  }
}
