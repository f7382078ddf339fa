/**
 * How long each model's generations take, as the bot has seen them finish: the median of the
 * last few, so that one stuck or instant generation does not move the estimate. Kept in memory
 * and written to the jobs namespace, so a restart keeps what was learned.
 */
import type Keyv from 'keyv';
import type { Logger } from '../log.ts';

const KEY = 'model-timings';
/** Durations remembered per model: recent enough to follow a slower service, many enough for a median. */
const WINDOW = 15;
/** Generation ids remembered, so that one reported by several poll rounds counts once. */
const SEEN_LIMIT = 1_000;

/** A finished generation as the service describes it. */
export interface FinishedGeneration {
  id: string;
  model: string;
  created_at: string;
  completed_at: string | null;
}

export class ModelTimings {
  // A Map: model slugs come from the service, and `constructor` or `__proto__` must be plain keys.
  private readonly durations = new Map<string, number[]>();
  private readonly seen = new Set<string>();
  /** Writes run one after another, so an older snapshot never overwrites a newer one. */
  private writing: Promise<unknown> = Promise.resolve();

  /** `keyv` is the jobs namespace. */
  private readonly keyv: Keyv;
  private readonly logger: Logger;

  constructor(keyv: Keyv, logger: Logger) {
    this.keyv = keyv;
    this.logger = logger;
  }

  /** Reads what earlier processes learned; an unreadable record starts empty (it is only an estimate). */
  async load(): Promise<void> {
    try {
      const stored = await this.keyv.get<Record<string, number[]>>(KEY);
      if (stored && typeof stored === 'object') {
        for (const [model, list] of Object.entries(stored)) {
          if (Array.isArray(list)) this.durations.set(model, list.filter(isDuration).slice(-WINDOW));
        }
      }
    } catch (err) {
      this.logger.warn({ err }, 'cannot read model timings; estimates start empty');
    }
  }

  /**
   * Records a completed generation's duration (service timestamps), once per generation. Never
   * throws: it runs in the poller's round, which an odd answer must not stop.
   */
  observe(generation: FinishedGeneration): void {
    try {
      this.record(generation);
    } catch (err) {
      this.logger.warn({ err, generationId: generation.id }, 'cannot learn from a finished generation');
    }
  }

  private record(generation: FinishedGeneration): void {
    if (this.seen.has(generation.id) || generation.completed_at === null) return;
    const ms = Date.parse(generation.completed_at) - Date.parse(generation.created_at);
    if (!isDuration(ms)) return;
    this.seen.add(generation.id);
    if (this.seen.size > SEEN_LIMIT) this.seen.delete(this.seen.values().next().value as string);
    const list = [...(this.durations.get(generation.model) ?? []), ms].slice(-WINDOW);
    this.durations.set(generation.model, list);
    const snapshot = Object.fromEntries(this.durations);
    this.writing = this.writing
      .then(() => this.keyv.set(KEY, snapshot))
      .catch((err) => this.logger.warn({ err }, 'cannot store model timings'));
  }

  /** The median duration of the model's recent generations (ms), or undefined before it was seen finishing. */
  typicalMs(model: string): number | undefined {
    const list = this.durations.get(model);
    if (!list || list.length === 0) return undefined;
    const sorted = [...list].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1
      ? (sorted[mid] as number)
      : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
  }

  /** Resolves once the writes so far are done (tests, shutdown). */
  async flush(): Promise<void> {
    await this.writing;
  }
}

/** A plausible duration: a day at most, so a bad timestamp cannot promise a finish next year. */
function isDuration(ms: unknown): ms is number {
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && ms <= 24 * 60 * 60_000;
}
