import type { FakeFault, FaultRequest } from './types.ts';

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
  /**
   * The next request that matches is carried out at once (its gateway events sent) and answered
   * only once `meanwhile` is done: a slow answer, with the test doing what happens in between.
   */
  answerLate(match: FakeFault['match'], meanwhile: () => Promise<void>): FakeFault {
    return { kind: 'late', match, meanwhile };
  },
  /** The next request that matches is carried out but never answered. */
  holdAnswer(match: FakeFault['match']): FakeFault {
    return { kind: 'hold', match };
  },
} as const;
