/**
 * What a member sees while their request waits: its place in the fair queue and when it should
 * be sent, with a Cancel button while it can still be stopped (custom-ids.ts, kind `queue`);
 * then, on the job's embed, when it should be done. The custom id names only the reservation,
 * which the submitter knows while the request waits in this process.
 */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIEmbedField,
  ButtonStyle,
  ComponentType,
  type MessageMentionOptions,
  TimestampStyles,
  time,
} from 'discord.js';
import type { JobContent } from '../../jobs/delivery.ts';
import type { Job } from '../../jobs/job.ts';
import type { WaitProgress } from '../../jobs/submitter.ts';
import { formatUsd } from '../../money.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';

const NO_PINGS: MessageMentionOptions = { parse: [] };

/** A Discord timestamp (relative: "in 2 minutes") of a clock time in ms. */
const relative = (ms: number) => time(Math.ceil(ms / 1000), TimestampStyles.RelativeTime);

export interface WaitingMessage {
  content: string;
  components: APIActionRowComponent<APIButtonComponent>[];
  allowedMentions: MessageMentionOptions;
}

/** The reply while the request waits: its place, the expected send time, and Cancel while it can be stopped. */
export function renderWaiting(progress: WaitProgress, reservationId: string): WaitingMessage {
  if (!progress.cancellable) {
    return {
      content: `The generation service is busy: your request is next and waits for capacity; it should be sent ${relative(progress.sendAt)}. It can no longer be cancelled.`,
      components: [],
      allowedMentions: NO_PINGS,
    };
  }
  const place =
    progress.ahead === 0
      ? 'Your request is next in line'
      : `${progress.ahead} ${progress.ahead === 1 ? 'request' : 'requests'} ahead of yours`;
  return {
    content: `${place} · expected to be sent ${relative(progress.sendAt)}. Nothing is charged until it is sent; you can cancel it until then.`,
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: 'Cancel',
            // Within Discord's 100 characters: a reservation id is `<guild>:<member>:<uuid>` (about 76).
            custom_id: buildCustomId({ kind: 'queue', reservationId }),
          },
        ],
      },
    ],
    allowedMentions: NO_PINGS,
  };
}

/** The reply once the member cancelled a waiting request. */
export function renderCancelled(quotedMicros: number, released: boolean): WaitingMessage {
  const held = released
    ? `the ${formatUsd(quotedMicros)} held for it is yours again.`
    : `the ${formatUsd(quotedMicros)} held for it is given back within a few minutes.`;
  return {
    content: `Cancelled before it was sent. Nothing was charged; ${held}`,
    components: [],
    allowedMentions: NO_PINGS,
  };
}

/**
 * The expected finish on a job still in progress, when the bot has seen its model finish before
 * (Job.expectedFinishAt); nothing otherwise. Shown as a relative time, which Discord keeps current
 * without edits.
 */
export function expectedFinishField(job: Job, content: JobContent): APIEmbedField | undefined {
  if (content.kind !== 'progress' || job.expectedFinishAt === undefined) return undefined;
  if (job.status !== 'pending' && job.status !== 'processing') return undefined;
  return { name: 'Expected to finish', value: relative(job.expectedFinishAt), inline: true };
}
