/**
 * The line of submissions waiting to be sent, as their members see it: each one's place in the
 * fair queue, when it should be sent, and the Cancel that takes it out while it still waits.
 * The fair queue alone decides whether a submission still waits (FairQueue.cancel and its pump
 * are synchronous), so a cancel and the send cannot both win.
 *
 * With the request budget as its admission (`budget`), a submission is taken only when the rate
 * limiter lets a request go, and that request goes to whoever's turn it is then: the fair queue,
 * not the limiter's first-come queue, orders what is sent, at any budget and any number of slots.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { DEFAULT_MAX_POLL_OVERTAKES, type Grant } from '../media/rate-limiter.ts';
import { type Admission, FairQueue } from './fair-queue.ts';

/** Where a submission stands while it waits, for the member's reply. */
export interface WaitProgress {
  /** Submissions the fair queue will send before this one (0 once it is being sent). */
  ahead: number;
  /** When it is expected to be sent (clock ms); see SendLine.estimateSendAt. */
  sendAt: number;
  /** Still in the fair queue, so a cancel can stop it; false once it was taken for sending. */
  cancellable: boolean;
  /** On its way to the service, whose answer is slow: it no longer waits to be sent. */
  sent?: true;
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
  /** Its POST is on its way to the service (MediaClient's onWire), not waiting to be sent. */
  onItsWay: boolean;
  /** Told its place although a request of the budget was already asked for it: it waited that long. */
  slow: boolean;
  /** Taken out of the queue because it waited past its deadline (SendLine.expire). */
  expired: boolean;
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

export interface SendLineOptions {
  clock: Clock;
  logger: Logger;
  capacity?: SendCapacity | undefined;
  /**
   * Waits for one request of the rate budget (the limiter, at submission priority): a submission
   * is taken with the grant it is to spend. Without it a submission is taken when a slot is free
   * and waits for the limiter itself.
   */
  budget?: ((signal: AbortSignal) => Promise<Grant>) | undefined;
}

export class SendLine {
  private readonly turns: FairQueue<Grant>;
  private readonly tickets = new Map<string, Ticket>();

  private readonly o: SendLineOptions;

  constructor(concurrency: number, o: SendLineOptions) {
    this.o = o;
    const { budget } = o;
    const admission: Admission<Grant> | undefined = budget && {
      acquire: budget,
      // Nobody was left to send it: counted from now, as if answered at once.
      unused: (grant) => void grant.answered(),
    };
    this.turns = new FairQueue<Grant>(concurrency, () => this.reportPlaces(), admission);
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
      onItsWay: false,
      slow: false,
      expired: false,
      cancelled: undefined,
    };
    this.tickets.set(id, ticket);
    return ticket;
  }

  /** Submissions waiting for their turn in the fair queue (not yet taken for sending). */
  get waiting(): number {
    return this.turns.pending;
  }

  /**
   * Submissions taken from the fair queue and not answered yet: on their way, or waiting for the
   * rate limiter to retry (and, without a `budget`, for its first request).
   */
  get sending(): number {
    return this.turns.running;
  }

  /** Forgets a submission whose outcome is known. */
  leave(ticket: Ticket): void {
    if (this.tickets.get(ticket.id) === ticket) this.tickets.delete(ticket.id);
  }

  /**
   * Runs `send` at the ticket's turn, with the grant of the budget it is to spend (undefined
   * without a `budget`: it asks the limiter itself); rejects with QueueCancelled (and never runs
   * it) when the member cancelled first or it expired. A member shown their place learns when it
   * is taken.
   */
  run<T>(ticket: Ticket, send: (grant: Grant | undefined) => Promise<T>): Promise<T> {
    return this.turns.run(
      ticket.userId,
      (grant) => {
        ticket.taken = true;
        if (ticket.lastAhead !== undefined) this.reportSending(ticket, grant !== undefined);
        return send(grant);
      },
      ticket.id,
    );
  }

  /**
   * Not answered for a while, and its member not told why yet: its place when it still waits for
   * the budget (it had a request asked for it, so it was not shown one at once); that it was sent
   * when its POST is on its way and the service is slow to answer; else that it is being sent (the
   * rate limiter holds back a retry, or without a `budget` its first request).
   */
  noticeSlow(ticket: Ticket): void {
    if (ticket.lastAhead !== undefined || ticket.expired || ticket.cancelled) return;
    if (ticket.taken && ticket.onItsWay)
      this.report(ticket, { ahead: 0, sendAt: this.o.clock.now(), cancellable: false, sent: true });
    else if (ticket.taken) this.reportSending(ticket);
    else {
      ticket.slow = true;
      this.reportPlaces();
    }
  }

  /**
   * Takes a submission out of line because it waited past its deadline: its `run` rejects with
   * QueueCancelled, so no request of the budget is spent on it. False when it was taken already.
   */
  expire(ticket: Ticket): boolean {
    if (ticket.taken || ticket.cancelled || !this.turns.cancel(ticket.id)) return false;
    ticket.expired = true;
    return true;
  }

  /**
   * Takes a waiting submission out of line: its `run` rejects with QueueCancelled. A cancelled
   * result resolves once the submitter called `ticket.cancelled` (its reservation given back).
   */
  async cancel(id: string, userId: string): Promise<CancelResult> {
    const ticket = this.tickets.get(id);
    // Unknown, cancelled already (a second press, whose first cancel answers), or given up.
    if (!ticket || ticket.cancelled || ticket.expired) return { kind: 'not_waiting' };
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

  /**
   * Tells every waiting submission whose place changed where it stands now. Those a request of the
   * budget is asked for are told only once they waited a while (noticeSlow): most are sent at
   * once, and a place shown for a moment would be an edit of every reply.
   */
  private reportPlaces(): void {
    const admitting = this.turns.admitting;
    this.turns.order().forEach((id, ahead) => {
      const ticket = this.tickets.get(id);
      if (!ticket || ticket.lastAhead === ahead) return;
      if (ticket.lastAhead === undefined && ahead < admitting && !ticket.slow) return;
      ticket.lastAhead = ahead;
      this.report(ticket, { ahead, sendAt: this.estimateSendAt(ahead), cancellable: true });
    });
  }

  /** `granted`: taken with its request of the budget, so it goes now. */
  private reportSending(ticket: Ticket, granted = false): void {
    this.report(ticket, {
      ahead: 0,
      // Else the other submissions taken may go before it.
      sendAt: granted ? this.o.clock.now() : this.sendAtAfter(Math.max(0, this.turns.running - 1)),
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
