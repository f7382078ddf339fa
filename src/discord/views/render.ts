/**
 * How jobs look in Discord while queued, generating or failed (a finished one is the card of
 * result-card.ts): one embed per reply, coloured by status, with the prompt, the
 * model, the parameters, the price charged, who asked and when. Pure functions of the job, so
 * every route (interaction token, bot token, new message) shows the same thing.
 */
import { EmbedBuilder, type MessageMentionOptions, TimestampStyles, time } from 'discord.js';
import type { JobContent } from '../../jobs/delivery.ts';
import type { Job } from '../../jobs/job.ts';
import type { FieldErrors, GenerationStatus, Model } from '../../media/schemas.ts';
import { formatUsd } from '../../money.ts';
import { renderBatchCard } from './batch-card.ts';
import { COLORS, escapeMemberText, type RenderedMessage, SIMULATOR_FOOTER } from './message-parts.ts';
import { type CardOptions, renderResultCard } from './result-card.ts';
import { truncate } from './text.ts';
import { expectedFinishField } from './waiting-view.ts';

const STATUS_TEXT: Record<GenerationStatus, string> = {
  pending: 'Queued',
  processing: 'Generating…',
  completed: 'Done',
  failed: 'Failed',
};

/** Discord's limits on embed text, link buttons and thread names. */
const MAX_DESCRIPTION = 4096;
const MAX_FIELD = 1024;
const MAX_THREAD_NAME = 90;

/** Nothing a job's reply shows pings anyone: the prompt and the service's text are untrusted. */
const NO_PINGS: MessageMentionOptions = { parse: [] };

/**
 * The reply for a job in the given state: an embed while it is queued, generating or failed; the
 * result card (result-card.ts) once it is done. `model` is the job's model in the catalog.
 */
export function renderJob(job: Job, content: JobContent, model?: Model, card?: CardOptions): RenderedMessage {
  if (content.kind === 'result') return renderResultCard(job, content, model, card);
  if (content.kind === 'batch') return renderBatchCard(job, content.takes, model, card);
  const status: GenerationStatus = content.kind === 'failed' ? 'failed' : job.status;
  const embed = new EmbedBuilder()
    .setColor(COLORS[status])
    .setTitle(`${job.type === 'image' ? 'Image' : 'Video'} · ${STATUS_TEXT[status]}`)
    .setDescription(truncate(escapeMemberText(job.prompt), MAX_DESCRIPTION))
    .addFields(
      { name: 'Model', value: truncate(escapeMemberText(job.modelLabel), MAX_FIELD), inline: true },
      { name: 'Price', value: formatUsd(job.chargedMicros), inline: true },
      { name: 'Requested by', value: `<@${job.reply.userId}>`, inline: true },
    );
  const params = describeParameters(job.parameters);
  if (params) embed.addFields({ name: 'Parameters', value: truncate(escapeMemberText(params), MAX_FIELD) });
  embed.addFields({
    name: 'Submitted',
    value: time(Math.floor(job.createdAt / 1000), TimestampStyles.RelativeTime),
    inline: true,
  });
  const finish = expectedFinishField(job, content);
  if (finish) embed.addFields(finish);
  if (job.simulated) embed.setFooter({ text: SIMULATOR_FOOTER });

  if (content.kind === 'failed') {
    embed.addFields({
      name: 'Status',
      value: 'The service could not make this. The details and the refund are in the thread.',
    });
  }
  return { embeds: [embed], files: [], components: [], allowedMentions: NO_PINGS };
}

/** The failure report posted in the thread (or the channel). */
export function renderFailureReport(job: Job, refundedMicros: number): string {
  const reason = escapeMemberText(job.error?.trim() || 'The service gave no reason.');
  const refund =
    refundedMicros > 0
      ? `${formatUsd(refundedMicros)} was returned to <@${job.reply.userId}>'s quota; the service does not charge failed generations.`
      : `Nothing was taken from <@${job.reply.userId}>'s quota for this generation.`;
  return [
    `**The ${job.type} generation failed** (${escapeMemberText(job.modelLabel)}, id \`${job.generationId.replace(/`/g, '')}\`).`,
    `> ${truncate(reason, 1500).replace(/\n/g, '\n> ')}`,
    refund,
  ].join('\n');
}

/**
 * The name of the thread a failure is reported in: the prompt on one line, within Discord's length.
 * Not escaped: Discord shows channel and thread names as plain text (no markdown, no links, no
 * mentions), so escapes would show as backslashes.
 */
export function renderThreadName(job: Job): string {
  const prompt = job.prompt.replace(/\s+/g, ' ').trim();
  return truncate(`Failed: ${prompt}`, MAX_THREAD_NAME);
}

/** Readable 422 field errors: one line per field. */
export function renderFieldErrors(errors: FieldErrors, from: 'bot' | 'service' = 'bot'): string {
  // The service's 422 is untrusted text shown in a public reply: escaped. The bot's own messages
  // are shown as written (they quote only what the member typed, back to that member, privately).
  // Either way well inside a message's 2,000 characters with the sentences around them.
  const shown = from === 'service' ? escapeMemberText : (text: string) => text;
  const text = Object.entries(errors)
    .map(([field, messages]) => `• **${shown(field)}**: ${shown(messages.join(' '))}`)
    .join('\n');
  return truncate(text, 1_500);
}

function describeParameters(parameters: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(parameters)) {
    if (value === undefined || value === null || value === '') continue;
    const shown =
      key === 'duration' ? `${value} s` : Array.isArray(value) ? `${value.length}` : String(value);
    parts.push(`${key.replace(/_/g, ' ')}: ${shown}`);
  }
  return parts.join(' · ');
}
