/**
 * The simulator's account: prepaid balance, generations and the usage log.
 *
 * A generation's status is not advanced by timers: each record carries a plan (when its pending
 * phase ends, when it finishes, and how) and its status is derived from the clock whenever it is
 * read. A failure refunds its charge exactly once: `settle()` runs before every read of anything
 * money-related and marks each refund as applied.
 */
import { randomUUID } from 'node:crypto';
import { effectiveDuration } from '../catalog/pricing.ts';
import { effectiveResolution } from '../catalog/resolution.ts';
import type { Clock } from '../clock.ts';
import {
  type CreateGenerationRequest,
  type Generation,
  type Model,
  type UsageRecord,
  usageModelKey,
} from '../media/schemas.ts';
import { type Micros, microsToUsd } from '../money.ts';
import type { InjectedBehaviour } from './markers.ts';

export const CONTENT_POLICY_ERROR = 'The prompt was rejected by the content policy.';
export const INFRASTRUCTURE_ERROR =
  'The generation failed because of an internal error; the charge was refunded.';

type Outcome = 'completed' | 'content' | 'infrastructure';

interface StoredGeneration {
  seq: number;
  id: string;
  model: Model;
  prompt: string;
  parameters: Record<string, unknown>;
  createdAt: number;
  /** Clock ms when `pending` becomes `processing`. */
  startsAt: number;
  /** Clock ms when the generation reaches `completed` or `failed`. */
  finishesAt: number;
  outcome: Outcome;
  priceMicros: Micros;
  usageId: number;
  outputBytes: number | undefined;
  /** Replaces the output URL (a test's spoofed answer). */
  outputUrl: string | undefined;
  /** The request asked for the video's last frame (`return_last_frame`). */
  lastFrame: boolean;
  refunded: boolean;
}

interface StoredUsage {
  id: number;
  modelSlug: string;
  type: Model['type'];
  amountMicros: Micros;
  createdAt: number;
}

export interface StateOptions {
  clock: Clock;
  random: () => number;
  balanceMicros: Micros;
  failureRate: { content?: number; infrastructure?: number };
}

/** A last frame is served as `/files/{id}-last-frame.png`. */
export const LAST_FRAME_SUFFIX = '-last-frame';

/** Where output files are served, so that a generation view can carry its URLs. */
export type FileUrl = (id: string, extension: 'png' | 'mp4') => string;

const IMAGE_MS = { min: 5_000, max: 15_000 };
const VIDEO_MS = { min: 30_000, max: 120_000 };
const PENDING_SHARE = 0.1;
const MAX_PENDING_MS = 3_000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The simulated account: one instance per simulator. */
export class SimState {
  #balance: Micros;
  #spent: Micros = 0;
  #seq = 0;
  #usageSeq = 0;
  readonly #generations = new Map<string, StoredGeneration>();
  readonly #usage = new Map<number, StoredUsage>();
  /** Failed generations whose refund is not yet applied. */
  readonly #refundsDue = new Set<StoredGeneration>();

  private readonly options: StateOptions;

  constructor(options: StateOptions) {
    this.options = options;
    this.#balance = options.balanceMicros;
  }

  get balance(): Micros {
    this.settle();
    return this.#balance;
  }

  set balance(micros: Micros) {
    this.settle();
    this.#balance = micros;
  }

  get spent(): Micros {
    this.settle();
    return this.#spent;
  }

  /** Applies every refund whose failure time has been reached, once each. */
  settle(): void {
    const now = this.options.clock.now();
    for (const g of this.#refundsDue) {
      if (now < g.finishesAt) continue;
      g.refunded = true;
      this.#refundsDue.delete(g);
      this.#balance += g.priceMicros;
      this.#spent -= g.priceMicros;
      // A failed generation is "not charged": its charge leaves the usage log.
      this.#usage.delete(g.usageId);
    }
  }

  /** Charges the price and stores a new generation planned from `behaviour` and the random source. */
  create(
    model: Model,
    req: CreateGenerationRequest,
    priceMicros: Micros,
    behaviour: InjectedBehaviour,
  ): string {
    const now = this.options.clock.now();
    const { random, failureRate } = this.options;
    const range = model.type === 'image' ? IMAGE_MS : VIDEO_MS;
    const total = Math.max(
      0,
      behaviour.durationMs ?? Math.round(range.min + random() * (range.max - range.min)),
    );
    const pending = Math.min(MAX_PENDING_MS, Math.round(total * PENDING_SHARE));

    let outcome: Outcome = behaviour.fail ?? 'completed';
    const content = failureRate.content ?? 0;
    const infrastructure = failureRate.infrastructure ?? 0;
    if (!behaviour.fail && content + infrastructure > 0) {
      const r = random();
      if (r < content) outcome = 'content';
      else if (r < content + infrastructure) outcome = 'infrastructure';
    }

    const usageId = ++this.#usageSeq;
    this.#usage.set(usageId, {
      id: usageId,
      modelSlug: model.slug,
      type: model.type,
      amountMicros: priceMicros,
      createdAt: now,
    });
    this.#balance -= priceMicros;
    this.#spent += priceMicros;

    const g: StoredGeneration = {
      seq: ++this.#seq,
      id: randomUUID(),
      model,
      prompt: req.prompt,
      parameters: resolvedParameters(model, req),
      createdAt: now,
      startsAt: now + pending,
      // A content-policy rejection comes from screening when processing would start.
      finishesAt: outcome === 'content' ? now + pending : now + total,
      outcome,
      priceMicros,
      usageId,
      outputBytes: behaviour.outputBytes,
      outputUrl: behaviour.outputUrl,
      lastFrame: model.type === 'video' && req.return_last_frame === true,
      refunded: false,
    };
    this.#generations.set(g.id, g);
    if (outcome !== 'completed') this.#refundsDue.add(g);
    return g.id;
  }

  /** The wire view of one generation, or undefined when unknown. */
  view(id: string, fileUrl: FileUrl): Generation | undefined {
    this.settle();
    const g = this.#generations.get(id);
    return g && this.#view(g, fileUrl);
  }

  /** Generations most recent first, optionally of one type. */
  list(type: Model['type'] | undefined, fileUrl: FileUrl): Generation[] {
    this.settle();
    return [...this.#generations.values()]
      .filter((g) => !type || g.model.type === type)
      .sort((a, b) => b.seq - a.seq)
      .map((g) => this.#view(g, fileUrl));
  }

  /** The output file to serve for `id`, when that generation has completed. */
  outputOf(id: string): { kind: 'png' | 'mp4'; bytes: number | undefined } | undefined {
    const g = this.#generations.get(id);
    if (g?.outcome !== 'completed' || this.options.clock.now() < g.finishesAt) return undefined;
    return { kind: g.model.type === 'image' ? 'png' : 'mp4', bytes: g.outputBytes };
  }

  /** Whether `id` completed with a last frame to serve (a video that asked for it). */
  hasLastFrame(id: string): boolean {
    return this.#generations.get(id)?.lastFrame === true && this.outputOf(id) !== undefined;
  }

  /** The usage log, most recent first, filtered by canonical model slug and/or type. */
  usage(filter: { modelSlug?: string; type?: Model['type'] }): UsageRecord[] {
    this.settle();
    return [...this.#usage.values()]
      .filter(
        (u) =>
          (!filter.modelSlug || u.modelSlug === filter.modelSlug) && (!filter.type || u.type === filter.type),
      )
      .sort((a, b) => b.id - a.id)
      .map((u) => ({
        id: u.id,
        model_key: usageModelKey(u.modelSlug),
        generation_type: u.type,
        amount_usd: microsToUsd(u.amountMicros),
        source: 'api',
        created_at: iso(u.createdAt),
      }));
  }

  #view(g: StoredGeneration, fileUrl: FileUrl): Generation {
    const now = this.options.clock.now();
    const finished = now >= g.finishesAt;
    const status = finished
      ? g.outcome === 'completed'
        ? 'completed'
        : 'failed'
      : now >= g.startsAt
        ? 'processing'
        : 'pending';
    let output: Generation['output'] = null;
    if (status === 'completed') {
      const ext = g.model.type === 'image' ? 'png' : 'mp4';
      const url = g.outputUrl ?? fileUrl(g.id, ext);
      output =
        g.model.type === 'image'
          ? { url, content_type: 'image/png' }
          : {
              url,
              download_url: g.outputUrl ?? `${url}?download=1`,
              content_type: 'video/mp4',
              ...(g.lastFrame ? { last_frame_url: fileUrl(`${g.id}${LAST_FRAME_SUFFIX}`, 'png') } : {}),
            };
    }
    const error =
      status !== 'failed' ? null : g.outcome === 'content' ? CONTENT_POLICY_ERROR : INFRASTRUCTURE_ERROR;
    return {
      id: g.id,
      status,
      model: g.model.slug,
      type: g.model.type,
      prompt: g.prompt,
      // A record rejected by the content policy never got its parameters resolved.
      parameters: status === 'failed' && g.outcome === 'content' ? {} : { ...g.parameters },
      output,
      error,
      created_at: iso(g.createdAt),
      completed_at: finished ? iso(g.finishesAt) : null,
    };
  }
}

/** The parameters the service reports: the request's, with the model's defaults filled in. */
function resolvedParameters(model: Model, req: CreateGenerationRequest): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const ratio = req.aspect_ratio ?? model.aspect_ratios[0];
  if (ratio !== undefined) params.aspect_ratio = ratio;
  const resolution = effectiveResolution(model, req);
  if (resolution !== undefined) params.resolution = resolution;
  const duration = effectiveDuration(model, req);
  if (duration !== undefined) params.duration = duration;
  if (req.mode !== undefined) params.mode = req.mode;
  return params;
}
