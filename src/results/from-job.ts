/**
 * A delivered job as the results index keeps it. Built where the result reached Discord (the
 * messenger knows the message and its attachments) and by the first start's backfill (which knows
 * only the job: its file is the service's link).
 */
import type { Job } from '../jobs/job.ts';
import type { IndexedResult, ResultMedia } from './result.ts';

/** What the job does not know: where the result was shown and by whom. */
export interface ShownAt {
  messageId: string;
  /** The channel or thread of the message. */
  channelId: string;
  /** Whose View Channel decides who may see it (a public thread's channel; see IndexedResult). */
  viewChannelId: string;
  userName: string;
  /** The attachment Discord stored, or the service's link when the file was not attached. */
  media: ResultMedia | null;
  ageRestricted: boolean;
}

/** The parameters sent, the prompt apart (it has its own field) and the references' links dropped (member-given URLs). */
function parametersOf(job: Job): Record<string, unknown> {
  const sent: Record<string, unknown> = { ...(job.request ?? job.parameters) };
  delete sent.prompt;
  for (const key of ['image_urls', 'video_urls', 'audio_urls']) {
    const list = sent[key];
    if (Array.isArray(list)) sent[key] = list.length;
  }
  return sent;
}

/** The index entry of a delivered job in a server; undefined for a job that has nothing to find (a DM, no result). */
export function resultFromJob(job: Job, shown: ShownAt): IndexedResult | undefined {
  if (!job.reply.guildId || job.status !== 'completed') return undefined;
  return {
    generationId: job.generationId,
    guildId: job.reply.guildId,
    channelId: shown.channelId,
    viewChannelId: shown.viewChannelId,
    messageId: shown.messageId,
    userId: job.reply.userId,
    userName: shown.userName,
    type: job.type,
    model: job.model,
    modelLabel: job.modelLabel,
    prompt: job.prompt,
    parameters: parametersOf(job),
    priceMicros: job.chargedMicros,
    // Whole ms: the index orders by them, and a scaled clock (tests, the benchmark) gives fractions.
    createdAt: Math.floor(job.createdAt),
    deliveredAt: Math.floor(job.deliveredAt ?? job.completedAt ?? job.createdAt),
    batch: job.batch ? { ...job.batch } : null,
    media: shown.media,
    ageRestricted: shown.ageRestricted,
  };
}

/** The service's link as the result's media: what a job alone knows of its file. */
export function serviceMedia(job: Job): ResultMedia | null {
  return job.output ? { url: job.output.url, contentType: job.output.content_type, from: 'service' } : null;
}
