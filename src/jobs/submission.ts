/**
 * What a submission is: the reserved request the submitter sends, the outcomes it answers with,
 * and what it needs of the Media API client and of the quota (jobs/submitter.ts sends it).
 */
import type { Grant } from '../media/rate-limiter.ts';
import type {
  CreatedGenerationRecord,
  CreateGenerationRequest,
  FieldErrors,
  Generation,
  MediaType,
  Model,
} from '../media/schemas.ts';
import type { BatchRef, Job, JobOrigin, ReplyTarget } from './job.ts';

export interface SubmitterClient {
  createGeneration(
    req: CreateGenerationRequest,
    opts?: { waitSignal?: AbortSignal; grant?: Grant; onWire?: (onItsWay: boolean) => void },
  ): Promise<{ generation: CreatedGenerationRecord; priceMicros: number | undefined }>;
  /**
   * Waits for one request of the rate budget (MediaClient.waitForBudget). When the client has it,
   * the fair queue takes a submission only once a request is granted, and gives it to whoever's
   * turn it is then; without it a submission taken waits for the limiter inside createGeneration.
   */
  waitForBudget?(signal: AbortSignal): Promise<Grant>;
  listGenerations(
    q: { type?: MediaType; perPage?: number; page?: number },
    opts?: { priority?: 'submit' | 'poll' },
  ): Promise<{ generations: Generation[] }>;
}

export interface SubmitterQuota {
  settle(
    reservationId: string,
    charge: { generationId: string; chargedMicros: number; note?: string },
  ): Promise<unknown>;
  release(reservationId: string, note?: string): Promise<unknown>;
}

export interface SubmitInput {
  request: CreateGenerationRequest;
  model: Model;
  quotedMicros: number;
  reservationId: string;
  /**
   * When the reservation was made (clock ms), when it was not just before submitting (a confirmed
   * request waited for its member): the wait for capacity is counted from then.
   */
  reservedAt?: number;
  reply: ReplyTarget;
  /** A take of a batch (its own reservation; the reply is the batch's). */
  batch?: BatchRef;
  /** Where it started, when not from a slash command (a result's button, a message). */
  origin?: JobOrigin;
  attachmentSizeLimit: number;
  simulated: boolean;
  /** Asked in an age-restricted channel: the moderation log hides its prompt behind a spoiler. */
  ageRestricted?: boolean;
  /**
   * Asked once the submission leaves the fair queue after waiting for its turn: why it may no
   * longer be sent where it would post (the channel's rules as they are now), else undefined. It
   * does not throw: a rule that cannot be read is a reason.
   */
  recheck?: () => Promise<string | undefined>;
}

export type SubmitOutcome =
  | { kind: 'submitted'; job: Job }
  | { kind: 'insufficient_balance' }
  | { kind: 'rejected'; fieldErrors: FieldErrors }
  | { kind: 'failed'; reason: string }
  /** The service may have created it, and the list could not be searched: recovery settles it later. */
  | { kind: 'unconfirmed' }
  /** Waited for capacity until its reservation could have expired: not sent, reservation released. */
  | { kind: 'gave_up'; waitedMs: number }
  /** The intent could not be recorded, so nothing was sent (the reservation is released if possible). */
  | { kind: 'not_recorded' }
  /** The member cancelled it while it waited for its turn: never sent; `released` once given back. */
  | { kind: 'cancelled'; released: boolean }
  /** While it waited, the rules of where it would post changed (recheck): not sent, released. */
  | { kind: 'refused'; reason: string };

/**
 * How long a submission may wait for capacity before it is abandoned unsent. The quota releases a
 * reservation neither settled nor released after 15 minutes; a request still waiting then would be
 * sent against a reservation the member could already have spent again. Five minutes of margin
 * cover the request itself (its timeout) and recording its answer.
 */
export const MAX_WAIT_BEFORE_SENDING_MS = 10 * 60_000;
