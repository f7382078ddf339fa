/**
 * How jobs look in Discord: one embed per reply, coloured by status, with the prompt, the
 * model, the parameters, the price charged, who asked and when. Pure functions of the job, so
 * every route (interaction token, bot token, new message) shows the same thing.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  TimestampStyles,
  time,
} from 'discord.js';
import type { JobContent } from '../jobs/delivery.ts';
import type { Job } from '../jobs/job.ts';
import type { FieldErrors, GenerationStatus } from '../media/schemas.ts';
import { formatUsd } from '../money.ts';

export const SIMULATOR_FOOTER = 'Built-in simulator: nothing real was generated or charged';

const COLORS: Record<GenerationStatus, number> = {
  pending: 0x95a5a6,
  processing: 0x3498db,
  completed: 0x2ecc71,
  failed: 0xe74c3c,
};

const STATUS_TEXT: Record<GenerationStatus, string> = {
  pending: 'Queued',
  processing: 'Generating…',
  completed: 'Done',
  failed: 'Failed',
};

/** Discord's limits on embed text. */
const MAX_DESCRIPTION = 4096;
const MAX_FIELD = 1024;

export interface RenderedMessage {
  content?: string;
  embeds: EmbedBuilder[];
  files: AttachmentBuilder[];
  components: ActionRowBuilder<ButtonBuilder>[];
}

/** The reply for a job in the given state. */
export function renderJob(job: Job, content: JobContent): RenderedMessage {
  const status: GenerationStatus =
    content.kind === 'result' ? 'completed' : content.kind === 'failed' ? 'failed' : job.status;
  const embed = new EmbedBuilder()
    .setColor(COLORS[status])
    .setTitle(`${job.type === 'image' ? 'Image' : 'Video'} · ${STATUS_TEXT[status]}`)
    .setDescription(truncate(job.prompt, MAX_DESCRIPTION))
    .addFields(
      { name: 'Model', value: job.modelLabel, inline: true },
      { name: 'Price', value: formatUsd(job.chargedMicros), inline: true },
      { name: 'Requested by', value: `<@${job.reply.userId}>`, inline: true },
    );
  const params = describeParameters(job.parameters);
  if (params) embed.addFields({ name: 'Parameters', value: truncate(params, MAX_FIELD) });
  embed.addFields({
    name: 'Submitted',
    value: time(Math.floor(job.createdAt / 1000), TimestampStyles.RelativeTime),
    inline: true,
  });
  if (job.simulated) embed.setFooter({ text: SIMULATOR_FOOTER });

  const files: AttachmentBuilder[] = [];
  const components: ActionRowBuilder<ButtonBuilder>[] = [];
  if (content.kind === 'result') {
    if (content.file) {
      files.push(new AttachmentBuilder(content.file.data, { name: content.file.name }));
      if (job.type === 'image') embed.setImage(`attachment://${content.file.name}`);
    } else if (job.output) {
      const why =
        content.linkReason === 'too_large'
          ? 'The file is larger than this channel accepts'
          : 'The file could not be attached';
      embed.addFields({ name: 'Result', value: `${why}: [open it here](${job.output.url})` });
      embed.setURL(job.output.url);
      if (job.type === 'image') embed.setImage(job.output.url);
      const link = job.output.download_url ?? job.output.url;
      components.push(
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setStyle(ButtonStyle.Link)
            .setURL(link)
            .setLabel(job.type === 'video' ? 'Download video' : 'Open image'),
        ),
      );
    }
  }
  if (content.kind === 'failed') {
    embed.addFields({
      name: 'Status',
      value: 'The service could not make this. The details and the refund are in the thread.',
    });
  }
  return { embeds: [embed], files, components };
}

/** The failure report posted in the thread (or the channel). */
export function renderFailureReport(job: Job, refundedMicros: number): string {
  const reason = job.error?.trim() || 'The service gave no reason.';
  const refund =
    refundedMicros > 0
      ? `${formatUsd(refundedMicros)} was returned to <@${job.reply.userId}>'s quota; the service does not charge failed generations.`
      : `Nothing was taken from <@${job.reply.userId}>'s quota for this generation.`;
  return [
    `**The ${job.type} generation failed** (${job.modelLabel}, id \`${job.generationId}\`).`,
    `> ${truncate(reason, 1500).replace(/\n/g, '\n> ')}`,
    refund,
  ].join('\n');
}

/** Readable 422 field errors: one line per field. */
export function renderFieldErrors(errors: FieldErrors): string {
  return Object.entries(errors)
    .map(([field, messages]) => `• **${field}**: ${messages.join(' ')}`)
    .join('\n');
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

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
