/**
 * The line of submissions waiting to be sent, as their members see it: each one's place in the
 * fair queue, when it should be sent, and the Cancel that takes it out while it still waits.
 * The fair queue alone decides whether a submission still waits (FairQueue.cancel and its pump
 * are synchronous), so a cancel and the send cannot both win.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { DEFAULT_MAX_POLL_OVERTAKES } from '../media/rate-limiter.ts';
import { FairQueue } from './fair-queue.ts';

/** Where a submission stands while it waits, for the member's reply. */
export interface WaitProgress {
  /** Submissions the fair queue will send before this one (0 once it is being sent). */
  ahead: number;
  /** When it is expected to be sent (clock ms); see SendLine.estimateSendAt. */
  sendAt: number;
  /** Still in the fair queue, so a cancel can stop it; false once it was taken for sending. */
  cancellable: boolean;
}

export type CancelResult =
  /** Taken out of the queue before it was sent; `released` when its reservation was given back. */
  | { kind: 'cancelled'; quotedMicros: number; released: boolean }
  /** Another member's request. */
  | { kind: 'not_yours' }
  /** Already taken for sending: the service has no cancel, so it goes on. */
  | { kind: 'sending' }
  /** Not waiting in this process: it finished, or a restart's recovery deals with it. */
  | { kind: 'not_waiting' };

/** The request budget submissions share, for estimating when a waiting one will be sent. */
export interface SendCapacity {
  /** Requests allowed per window, and the window (clock ms). */
  limit: number;
  windowMs: number;
  /** Requests that could be sent right now (RateLimiter.available). */
  available(): number;
  /** Status checks sent in the last window (RateLimiter.recentPolls), where known. */
  recentPolls?: () => number;
}

/** A submission in line, from joining until its outcome. */
export interface Ticket {
  /** The reservation id: the submission's id in the fair queue and on its Cancel button. */
  id: string;
  userId: string;
  quotedMicros: number;
  onProgress: ((progress: WaitProgress) => void) | undefined;
  /** The place last reported, so that only changes are reported. */
  lastAhead: number | undefined;
  /** Taken from the fair queue (a cancel can no longer stop it). */
  taken: boolean;
  /** Set by a cancel that took it out of the queue: called once its reservation was given back. */
  cancelled: ((released: boolean) => void) | undefined;
}

/**
 * While submissions wait, a waiting status check goes after at most DEFAULT_MAX_POLL_OVERTAKES
 * submissions (media/rate-limiter.ts): submissions get at least this share of the budget...
 */
const MIN_SUBMISSION_SHARE = DEFAULT_MAX_POLL_OVERTAKES / (DEFAULT_MAX_POLL_OVERTAKES + 1);
/**
 * ...and in practice what the poller leaves, which paces itself (a list every few seconds): the
 * share from the status checks of the last window where the limiter counts them, or else what the
 * benchmark measured when saturated (~18 of 120 a minute).
 */
const TYPICAL_SUBMISSION_SHARE = 0.85;

/** Without word of the budget: the spec's 120 requests a minute, none free right now. */
const DEFAULT_CAPACITY: SendCapacity = { limit: 120, windowMs: 60_000, available: () => 0 };

export class SendLine {
  private readonly turns: FairQueue;
  private readonly tickets = new Map<string, Ticket>();

  private readonly o: { clock: Clock; logger: Logger; capacity?: SendCapacity | undefined };

  constructor(concurrency: number, o: { clock: Clock; logger: Logger; capacity?: SendCapacity | undefined }) {
    this.o = o;
    this.turns = new FairQueue(concurrency, () => this.reportPlaces());
  }

  /** Registers a submission (before it waits for its turn), so that it can be cancelled. */
  join(
    id: string,
    input: { userId: string; quotedMicros: number },
    onProgress?: (progress: WaitProgress) => void,
  ): Ticket {
    const ticket: Ticket = {
      id,
      ...input,
      onProgress,
      lastAhead: undefined,
      taken: false,
      cancelled: undefined,
    };
    this.tickets.set(id, ticket);
    return ticket;
  }

  /** Submissions waiting for their turn in the fair queue (not yet taken for sending). */
  get waiting(): number {
    return this.turns.pending;
  }

  /** Submissions taken from the fair queue and not answered yet (waiting for the rate limiter, or on their way). */
  get sending(): number {
    return this.turns.running;
  }

  /** Forgets a submission whose outcome is known. */
  leave(ticket: Ticket): void {
    if (this.tickets.get(ticket.id) === ticket) this.tickets.delete(ticket.id);
  }

  /**
   * Runs `send` at the ticket's turn; rejects with QueueCancelled (and never runs it) when the
   * member cancelled first. A member shown their place learns when it is taken.
   */
  run<T>(ticket: Ticket, send: () => Promise<T>): Promise<T> {
    return this.turns.run(
      ticket.userId,
      () => {
        ticket.taken = true;
        if (ticket.lastAhead !== undefined) this.reportSending(ticket);
        return send();
      },
      ticket.id,
    );
  }

  /** Taken at once but slow to be answered (the rate limiter, a retry): tells a member not told yet. */
  noticeSlow(ticket: Ticket): void {
    if (ticket.taken && ticket.lastAhead === undefined) this.reportSending(ticket);
  }

  /**
   * Takes a waiting submission out of line: its `run` rejects with QueueCancelled. A cancelled
   * result resolves once the submitter called `ticket.cancelled` (its reservation given back).
   */
  async cancel(id: string, userId: string): Promise<CancelResult> {
    const ticket = this.tickets.get(id);
    // Unknown, or cancelled already (a second press): its first cancel answers.
    if (!ticket || ticket.cancelled) return { kind: 'not_waiting' };
    if (ticket.userId !== userId) return { kind: 'not_yours' };
    let done!: (released: boolean) => void;
    const released = new Promise<boolean>((resolve) => {
      done = resolve;
    });
    ticket.cancelled = done;
    if (!this.turns.cancel(id)) {
      ticket.cancelled = undefined;
      return { kind: 'sending' };
    }
    return { kind: 'cancelled', quotedMicros: ticket.quotedMicros, released: await released };
  }

  /**
   * When a submission with `ahead` others before it in the fair queue should be sent (clock ms).
   * Each of those, and each submission already taken (they wait for, or hold, a request of the
   * budget), goes first. What the budget has free right now goes at once; the rest flows at the
   * budget's rate, of which submissions get what status checks leave. It is a floor: a service
   * answering 429 (its own limit lower than configured) pauses everyone for its Retry-After.
   */
  estimateSendAt(ahead: number): number {
    return this.sendAtAfter(ahead + this.turns.running);
  }

  /** When a request with `first` submission requests before it should go (clock ms). */
  private sendAtAfter(first: number): number {
    const { limit, windowMs, available } = this.o.capacity ?? DEFAULT_CAPACITY;
    const queued = Math.max(0, first + 1 - available());
    return this.o.clock.now() + Math.ceil((queued * windowMs) / limit / this.submissionShare());
  }

  /** The share of the budget submissions get while they wait (see MIN_ and TYPICAL_SUBMISSION_SHARE). */
  private submissionShare(): number {
    const { limit, recentPolls } = this.o.capacity ?? DEFAULT_CAPACITY;
    const share = recentPolls ? 1 - recentPolls() / limit : TYPICAL_SUBMISSION_SHARE;
    return Math.min(1, Math.max(MIN_SUBMISSION_SHARE, share));
  }

  /** Tells every waiting submission whose place changed where it stands now. */
  private reportPlaces(): void {
    this.turns.order().forEach((id, ahead) => {
      const ticket = this.tickets.get(id);
      if (!ticket || ticket.lastAhead === ahead) return;
      ticket.lastAhead = ahead;
      this.report(ticket, { ahead, sendAt: this.estimateSendAt(ahead), cancellable: true });
    });
  }

  private reportSending(ticket: Ticket): void {
    this.report(ticket, {
      ahead: 0,
      // The other submissions taken may go before it.
      sendAt: this.sendAtAfter(Math.max(0, this.turns.running - 1)),
      cancellable: false,
    });
  }

  private report(ticket: Ticket, progress: WaitProgress): void {
    try {
      ticket.onProgress?.(progress);
    } catch (err) {
      this.o.logger.warn({ err }, 'progress report failed');
    }
  }
}
