/**
 * A job: one generation the bot submitted and must deliver. It is persisted before anything
 * else happens after the 201, and every step of its life is recorded on it, so that a restart
 * resumes exactly where the last process stopped.
 */
import type {
  CreateGenerationRequest,
  GenerationOutput,
  GenerationStatus,
  MediaType,
} from '../media/schemas.ts';

/** Where the bot's reply lives and how to reach it. */
export interface ReplyTarget {
  applicationId: string;
  /** Lets the bot edit its reply for 15 minutes without any permission in the channel. */
  interactionToken: string;
  /** When the interaction arrived (clock ms): the token expires 15 minutes later. */
  interactionAt: number;
  guildId: string | null;
  channelId: string;
  /** The id of the reply message, once known (needed for bot-token edits and threads). */
  messageId: string | null;
  userId: string;
  /**
   * The member's name in the server when they asked (nickname, else global name, else username):
   * what the results gallery says a result is by. Absent on jobs stored before it was kept.
   */
  userName?: string;
  /**
   * The member's Discord locale (`interaction.locale`): the reply and its later edits speak it.
   * Absent on jobs stored before the bot spoke other languages: English.
   */
  locale?: string;
  /** The server's Discord locale (`guild_locale`): the failure thread, read by everyone, speaks it. */
  guildLocale?: string;
}

/**
 * Where a generation started when it was not a slash command: a button on an earlier result (Again,
 * Vary, Animate, …) or a message's attachments. The new reply names it and links to it.
 */
export interface JobOrigin {
  /**
   * What was done: an OriginAction. Stored as written: jobs and confirmations stored before the
   * rename say `upscale` for Higher resolution; read it through originAction.
   */
  action: string;
  /** The earlier generation, when it came from a result. */
  generationId: string | null;
  /** The message it came from (a result or a member's message), for a link. */
  guildId: string | null;
  channelId: string;
  messageId: string | null;
}

/** What a generation was made from (a result's button, or a message's attachments). */
export type OriginAction = 'again' | 'vary' | 'animate' | 'higher-resolution' | 'continue' | 'message';

const ORIGIN_ACTIONS: ReadonlySet<string> = new Set<OriginAction>([
  'again',
  'vary',
  'animate',
  'higher-resolution',
  'continue',
  'message',
]);

/** The names of before: Higher resolution was `upscale` until the custom ids were versioned. */
const LEGACY_ORIGIN_ACTIONS: Readonly<Record<string, OriginAction>> = { upscale: 'higher-resolution' };

/** What a stored origin says was done, old names read as today's; undefined for a name never written. */
export function originAction(origin: JobOrigin): OriginAction | undefined {
  if (ORIGIN_ACTIONS.has(origin.action)) return origin.action as OriginAction;
  return LEGACY_ORIGIN_ACTIONS[origin.action];
}

/** Which take of a batch a job is (jobs/batches.ts): the batch's id, its 0-based index, how many takes. */
export interface BatchRef {
  id: string;
  index: number;
  size: number;
}

export type DeliveryStep =
  /** Following the generation at the service. */
  | 'following'
  /** Finished at the service; the result is not yet in Discord. */
  | 'delivering'
  /** Done: the result (or the failure and its refund) is in Discord. */
  | 'done';

export interface Job {
  generationId: string;
  type: MediaType;
  model: string;
  modelLabel: string;
  prompt: string;
  parameters: Record<string, unknown>;
  /**
   * The body the bot sent (the service echoes only some fields in `parameters`): Again, Vary and
   * Details read it. Absent on jobs stored before it was recorded.
   */
  request?: CreateGenerationRequest;
  /** Where it started, when not from a slash command. */
  origin?: JobOrigin;
  reply: ReplyTarget;
  /** A take of a batch: its reply shows every take (jobs/batches.ts). Absent for a single request. */
  batch?: BatchRef;
  reservationId: string;
  quotedMicros: number;
  chargedMicros: number;
  /**
   * The ledger note of its charge (`flagged: …` when the 201's price was implausible): kept on the
   * job, saved before the charge is settled, so that a settle after a crash writes the same entry.
   */
  chargeNote?: string;
  /** From the interaction (`attachment_size_limit`): the largest file Discord takes here. */
  attachmentSizeLimit: number;
  /** Whether the result footer must say it came from the built-in simulator. */
  simulated: boolean;
  status: GenerationStatus;
  step: DeliveryStep;
  output: GenerationOutput | null;
  error: string | null;
  createdAt: number;
  /**
   * When it should be done (clock ms), from how long the model's generations took lately
   * (jobs/model-timings.ts); absent while the bot has not seen that model finish.
   */
  expectedFinishAt?: number;
  /**
   * When the service finished it (clock ms): its `completed_at` when that is a valid time, else
   * when the bot first saw it finished. Absent on jobs stored before it was recorded.
   */
  completedAt?: number;
  /** When the result reached Discord (clock ms). */
  deliveredAt?: number;
  /** Last time the service was asked about this job (clock ms). */
  checkedAt: number;
  /** Last time the reply message was edited (clock ms). */
  editedAt: number;
  /** The status the reply message shows now. */
  shownStatus: GenerationStatus;
  /** Failure steps done so far, so a restart does not repeat them. */
  refunded: boolean;
  /** What the refund returned to the member's quota (micro-USD). */
  refundedMicros?: number;
  reported: boolean;
  /** How the result reached Discord. */
  deliveredVia?: 'interaction' | 'bot' | 'channel' | 'none';
  /** Failed delivery attempts (Discord down, no access); retried with backoff. */
  deliveryAttempts: number;
  /**
   * The fencing token of the delivery claim under which this job is being delivered (several
   * processes on Redis, jobs/delivery-claim.ts): a delivery under a smaller token has lost its claim and
   * may not record the job done. Absent on one process.
   */
  deliveryToken?: number;
}
