/**
 * What delivery (delivery.ts) needs of the world and what it hands it: the Discord side that shows
 * a job (JobMessenger, implemented by discord/generation/messenger.ts, and the content it shows),
 * the quota steps a result or a failure takes (DeliveryQuota), and the error a messenger throws
 * when Discord refused a message for good. Apart from delivery itself so that the edges that
 * implement or render them import these few types, not the delivery loop.
 */
import type { BatchTake } from './batches.ts';
import type { Job } from './job.ts';
import type { ResultContent } from './result-content.ts';

/** What the reply should show now; the Discord edge renders it from the job. */
export type JobContent =
  | { kind: 'progress' }
  | ResultContent
  | { kind: 'failed' }
  /** A take of a batch: the batch's one reply, drawn from every take as it is now. */
  | { kind: 'batch'; takes: BatchTake[] };

/** How the reply was reached; `none` when a progress update could not be shown and was skipped. */
export type DeliveryRoute = 'interaction' | 'bot' | 'channel' | 'none';

/** The Discord side of delivery (src/discord/generation/messenger.ts). */
export interface JobMessenger {
  /** Shows the job in its reply: interaction token while valid, then the bot token, then a new message. */
  show(job: Job, content: JobContent): Promise<DeliveryRoute>;
  /** Reports a failure and its refund in a thread on the reply, or in the channel when no thread can be opened. */
  reportFailure(job: Job, refundedMicros: number): Promise<'thread' | 'channel'>;
}

/**
 * Thrown by a messenger when Discord refused a message for good (a 4xx other than a rate limit):
 * the same message would be refused on every retry. `too_large` when the upload was too big.
 */
export class MessageRefused extends Error {
  readonly reason: 'too_large' | 'refused';

  constructor(reason: 'too_large' | 'refused', message: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
    this.name = 'MessageRefused';
  }
}

/** The quota steps delivery takes (src/quota). */
export interface DeliveryQuota {
  finish(generationId: string): Promise<unknown>;
  refund(generationId: string, note?: string): Promise<{ refundedMicros: number }>;
}
