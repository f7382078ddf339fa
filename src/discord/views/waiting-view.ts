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
import type { Localizer } from '../../i18n/index.ts';
import type { JobContent } from '../../jobs/delivery-ports.ts';
import type { Job } from '../../jobs/job.ts';
import type { WaitProgress } from '../../jobs/submitter.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';
import { durationText } from './parameters-text.ts';

const NO_PINGS: MessageMentionOptions = { parse: [] };

/** A Discord timestamp (relative: "in 2 minutes") of a clock time in ms. */
const relative = (ms: number) => time(Math.ceil(ms / 1000), TimestampStyles.RelativeTime);

export interface WaitingMessage {
  content: string;
  components: APIActionRowComponent<APIButtonComponent>[];
  allowedMentions: MessageMentionOptions;
}

/**
 * The reply while the request waits: its place, the expected send time, and Cancel while it can be
 * stopped, in the member's language (`l`).
 */
export function renderWaiting(progress: WaitProgress, reservationId: string, l: Localizer): WaitingMessage {
  const when = relative(progress.sendAt);
  if (progress.sent) {
    return { content: l.t('cards:waiting.sent'), components: [], allowedMentions: NO_PINGS };
  }
  if (!progress.cancellable) {
    return { content: l.t('cards:waiting.busy', { when }), components: [], allowedMentions: NO_PINGS };
  }
  return {
    content:
      progress.ahead === 0
        ? l.t('cards:waiting.next', { when })
        : l.t('cards:waiting.ahead', { count: progress.ahead, when }),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: l.t('cards:button.cancel'),
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
export function renderCancelled(quotedMicros: number, released: boolean, l: Localizer): WaitingMessage {
  return {
    content: l.t(released ? 'cards:waiting.released' : 'cards:waiting.releasing', { amount: quotedMicros }),
    components: [],
    allowedMentions: NO_PINGS,
  };
}

/**
 * How long the job's model usually takes, when the bot has seen it finish before
 * (Job.expectedFinishAt); nothing otherwise. A duration, not a clock time: a relative timestamp
 * ("in 4 seconds") turns into a broken promise ("4 seconds ago") when nobody edits the card, so
 * the card says what is usual, and once that time has passed (`now`, when the caller knows it)
 * that this one takes longer.
 */
export function expectedFinishField(
  l: Localizer,
  job: Job,
  content: JobContent,
  now?: number,
): APIEmbedField | undefined {
  if (content.kind !== 'progress' || job.expectedFinishAt === undefined) return undefined;
  if (job.status !== 'pending' && job.status !== 'processing') return undefined;
  const duration = durationText(l, Math.max(1, Math.round((job.expectedFinishAt - job.createdAt) / 1000)));
  const late = now !== undefined && now >= job.expectedFinishAt;
  return {
    name: l.t('cards:field.usually'),
    value: l.t(late ? 'cards:usually.late' : 'cards:usually.about', { duration }),
    inline: true,
  };
}
