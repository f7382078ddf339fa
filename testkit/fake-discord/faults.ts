import type { RecordedCall } from './types.ts';

/** The request a fault judges, as it will be recorded. */
export type FaultRequest = Pick<RecordedCall, 'method' | 'path' | 'route' | 'body' | 'files'>;

/**
 * A way the real Discord sometimes misbehaves, applied to the requests that match:
 * - `lose-answer`: Discord carries the request out, but the client gets `status` instead of the answer
 *   (a 5xx is retried by @discordjs/rest, so the retry meets what the first attempt did);
 * - `refuse`: Discord does nothing and answers `status` with the error `code`;
 * - `hold`: Discord carries the request out and never answers (the client waits until it gives up or dies).
 */
export interface FakeFault {
  kind: 'lose-answer' | 'refuse' | 'hold';
  match: (request: FaultRequest) => boolean;
  /** Answered status for `lose-answer` (default 502) and `refuse` (default 400). */
  status?: number;
  /** Discord's JSON error code in the answer (default 0). */
  code?: number;
  message?: string;
  /** How many matching requests it hits (default 1; Infinity for every one). */
  times?: number;
  /**
   * Awaited before the answer goes out: what happens elsewhere while the request is in flight
   * (another process delivering the result the request would have overwritten).
   */
  meanwhile?: () => Promise<void>;
}

/** The faults in force; each one wears off after its `times` hits. */
export class FaultList {
  private readonly active: { fault: FakeFault; left: number }[] = [];

  add(fault: FakeFault): void {
    this.active.push({ fault, left: fault.times ?? 1 });
  }

  /** The first fault that matches, counted as one hit. */
  take(request: FaultRequest): FakeFault | undefined {
    const entry = this.active.find((e) => e.left > 0 && e.fault.match(request));
    if (!entry) return undefined;
    entry.left -= 1;
    return entry.fault;
  }
}

/** Ready-made faults for the failures the bot must survive. */
export const faults = {
  /**
   * The first callback of the interaction reaches Discord (the interaction is acknowledged) but its answer is
   * lost behind a 502; discord.js retries and meets 400 code 40060 "already acknowledged".
   */
  lostCallbackAnswer(interactionId: string): FakeFault {
    return {
      kind: 'lose-answer',
      status: 502,
      message: 'Bad Gateway',
      match: (r) => r.route === 'interactionCallback' && r.path.startsWith(`/interactions/${interactionId}/`),
    };
  },
  /** Every request that uploads a file is refused: HTTP 413, code 40005 "Request entity too large". */
  uploadsTooLarge(): FakeFault {
    return {
      kind: 'refuse',
      status: 413,
      code: 40005,
      message: 'Request entity too large',
      times: Number.POSITIVE_INFINITY,
      match: (r) => r.files.length > 0,
    };
  },
  /** The next request that matches is carried out but never answered. */
  holdAnswer(match: FakeFault['match']): FakeFault {
    return { kind: 'hold', match };
  },
} as const;
