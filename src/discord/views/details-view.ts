/**
 * Details of a result, shown only to the member who pressed Details: everything the card leaves
 * out. The generation id, the model, every parameter sent (the reference URLs as text, the seed even
 * when none was sent), the price quoted, charged and refunded, when it was submitted, completed and
 * delivered, who asked, where it came from, and the model's documentation.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  MessageFlags,
  type MessageMentionOptions,
  TimestampStyles,
  time,
} from 'discord.js';
import type { Job } from '../../jobs/job.ts';
import type { Model } from '../../media/schemas.ts';
import { formatUsd } from '../../money.ts';
import { COLORS, escapeMemberText, SIMULATOR_FOOTER } from './message-parts.ts';
import { parameterName, sentParameters, shortValue } from './parameters-text.ts';
import { originLine } from './result-card.ts';
import { linkable, truncate } from './text.ts';

/** Discord's embed limits; the prompt is held well below the description's 4096 so that the whole embed stays under 6000. */
const MAX_PROMPT = 2000;
const MAX_FIELD = 1024;
const MAX_URL_SHOWN = 300;
/** Reference files are listed in their own field, by kind. */
const URL_LISTS = new Set(['image_urls', 'video_urls', 'audio_urls']);

export interface DetailsView {
  embeds: EmbedBuilder[];
  components: ActionRowBuilder<ButtonBuilder>[];
  flags: MessageFlags.Ephemeral;
  allowedMentions: MessageMentionOptions;
}

/** The ephemeral Details of a job. `model` is its model in the catalog (undefined when it left). */
export function renderDetails(job: Job, model: Model | undefined): DetailsView {
  const embed = new EmbedBuilder()
    .setColor(COLORS[job.status])
    .setTitle(`Details of this ${job.type}`)
    .setDescription(truncate(escapeMemberText(job.prompt), MAX_PROMPT))
    .addFields(
      { name: 'Generation id', value: `\`${job.generationId.replace(/`/g, '')}\`` },
      { name: 'Model', value: field(modelText(job, model)) },
      { name: 'Parameters', value: field(parametersText(job)) },
    );
  const references = referencesText(job);
  if (references) embed.addFields({ name: 'Reference files', value: field(references) });
  embed.addFields(
    { name: 'Price', value: priceText(job) },
    { name: 'Timings', value: timingsText(job) },
    { name: 'Requested by', value: `<@${job.reply.userId}>`, inline: true },
    { name: 'Started from', value: originLine(job.origin) ?? 'A slash command', inline: true },
  );
  if (job.simulated) embed.setFooter({ text: SIMULATOR_FOOTER });

  const docs = linkable(model?.docs_url);
  const components = docs
    ? [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(docs).setLabel('Model documentation'),
        ),
      ]
    : [];
  return { embeds: [embed], components, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } };
}

function field(text: string): string {
  return truncate(text, MAX_FIELD);
}

/** `Dream 4.5 (`dream-4.5`)`; the label is the service's text, so escaped. */
function modelText(job: Job, model: Model | undefined): string {
  const slug = `\`${job.model.replace(/`/g, '')}\``;
  const label = escapeMemberText(truncate(model?.label ?? job.modelLabel, 100));
  return model ? `${label} (${slug})` : `${label} (${slug}, no longer offered by the service)`;
}

/** One parameter a line, every one sent, and the seed even when none was (the service then picks one). */
function parametersText(job: Job): string {
  const params = sentParameters(job).filter(([key]) => !URL_LISTS.has(key));
  const lines = params.map(
    ([key, value]) => `${parameterName(key)}: ${escapeMemberText(shortValue(key, value))}`,
  );
  if (!params.some(([key]) => key === 'seed')) lines.push('seed: random (not set)');
  // Jobs stored before the request was recorded only have what the service echoed.
  if (!job.request) lines.push('-# as the service reported them; the request itself was not recorded');
  return lines.join('\n');
}

/**
 * The reference URLs sent, as text in code spans: a member typed them, so they are neither links
 * nor markdown here.
 */
function referencesText(job: Job): string | undefined {
  const lines: string[] = [];
  for (const [key, value] of sentParameters(job)) {
    if (!URL_LISTS.has(key) || !Array.isArray(value) || value.length === 0) continue;
    lines.push(`${parameterName(key)} (${value.length}):`);
    for (const url of value) lines.push(`\`${truncate(String(url).replace(/`/g, ''), MAX_URL_SHOWN)}\``);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function priceText(job: Job): string {
  const parts = [`quoted ${formatUsd(job.quotedMicros)}`, `charged ${formatUsd(job.chargedMicros)}`];
  if ((job.refundedMicros ?? 0) > 0) parts.push(`refunded ${formatUsd(job.refundedMicros ?? 0)}`);
  return parts.join(' · ');
}

/** Each step as a Discord timestamp (shown in the reader's time zone) and how long it took. */
function timingsText(job: Job): string {
  const at = (ms: number) => time(Math.floor(ms / 1000), TimestampStyles.ShortDateTime);
  const lines = [`Submitted: ${at(job.createdAt)}`];
  lines.push(
    job.completedAt === undefined
      ? 'Completed: not recorded'
      : `Completed: ${at(job.completedAt)} (${seconds(job.completedAt - job.createdAt)} after submission)`,
  );
  if (job.deliveredAt !== undefined) {
    const from = job.completedAt ?? job.createdAt;
    const what = job.completedAt === undefined ? 'submission' : 'completion';
    lines.push(`Delivered: ${at(job.deliveredAt)} (${seconds(job.deliveredAt - from)} after ${what})`);
  } else lines.push('Delivered: not recorded');
  return lines.join('\n');
}

/** `12.3 s`; never negative (the service's clock may run behind the bot's). */
function seconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}
