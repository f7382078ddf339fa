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
import type { Localizer } from '../../i18n/index.ts';
import type { Job } from '../../jobs/job.ts';
import type { Model } from '../../media/schemas.ts';
import { COLORS, escapeMemberText, simulatorFooter } from './message-parts.ts';
import { parameterItem, parameterName, sentParameters } from './parameters-text.ts';
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

/**
 * The ephemeral Details of a job, in the language of the member who pressed (`l`). `model` is its
 * model in the catalog (undefined when it left).
 */
export function renderDetails(job: Job, model: Model | undefined, l: Localizer): DetailsView {
  const embed = new EmbedBuilder()
    .setColor(COLORS[job.status])
    .setTitle(l.t(`cards:details.${job.type}`))
    .setDescription(truncate(escapeMemberText(job.prompt), MAX_PROMPT))
    .addFields(
      { name: l.t('cards:details.generationId'), value: `\`${job.generationId.replace(/`/g, '')}\`` },
      { name: l.t('cards:field.model'), value: field(modelText(l, job, model)) },
      { name: l.t('cards:field.parameters'), value: field(parametersText(l, job)) },
    );
  const references = referencesText(l, job);
  if (references) embed.addFields({ name: l.t('cards:details.references'), value: field(references) });
  embed.addFields(
    { name: l.t('cards:field.price'), value: priceText(l, job) },
    { name: l.t('cards:details.timings'), value: timingsText(l, job) },
    { name: l.t('cards:field.requestedBy'), value: `<@${job.reply.userId}>`, inline: true },
    {
      name: l.t('cards:details.startedFrom'),
      value: originLine(l, job.origin) ?? l.t('cards:details.slashCommand'),
      inline: true,
    },
  );
  if (job.simulated) embed.setFooter({ text: simulatorFooter(l) });

  const docs = linkable(model?.docs_url);
  const components = docs
    ? [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(docs).setLabel(l.t('cards:button.modelDocs')),
        ),
      ]
    : [];
  return { embeds: [embed], components, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } };
}

function field(text: string): string {
  return truncate(text, MAX_FIELD);
}

/** `Dream 4.5 (`dream-4.5`)`; the label is the service's text, so escaped. */
function modelText(l: Localizer, job: Job, model: Model | undefined): string {
  const slug = `\`${job.model.replace(/`/g, '')}\``;
  const label = escapeMemberText(truncate(model?.label ?? job.modelLabel, 100));
  return model ? `${label} (${slug})` : l.t('cards:details.modelGone', { label, slug });
}

/**
 * One parameter a line, the items of the cards' parameter line, and the seed even when none was
 * sent (the service then picks one).
 */
function parametersText(l: Localizer, job: Job): string {
  const params = sentParameters(job).filter(([key]) => !URL_LISTS.has(key));
  const lines = params.map(([key, value]) => escapeMemberText(parameterItem(l, key, value)));
  if (!params.some(([key]) => key === 'seed')) {
    lines.push(
      l.t('cards:param', { name: parameterName(l, 'seed'), value: l.t('cards:details.seedRandom') }),
    );
  }
  // Jobs stored before the request was recorded only have what the service echoed.
  if (!job.request) lines.push(`-# ${l.t('cards:details.asReported')}`);
  return lines.join('\n');
}

/**
 * The reference URLs sent, as text in code spans: a member typed them, so they are neither links
 * nor markdown here.
 */
function referencesText(l: Localizer, job: Job): string | undefined {
  const lines: string[] = [];
  for (const [key, value] of sentParameters(job)) {
    if (!URL_LISTS.has(key) || !Array.isArray(value) || value.length === 0) continue;
    lines.push(l.t('cards:details.referenceList', { name: parameterName(l, key), count: value.length }));
    for (const url of value) lines.push(`\`${truncate(String(url).replace(/`/g, ''), MAX_URL_SHOWN)}\``);
  }
  return lines.length > 0 ? lines.join('\n') : undefined;
}

function priceText(l: Localizer, job: Job): string {
  const refunded = job.refundedMicros ?? 0;
  const amounts = { quoted: job.quotedMicros, charged: job.chargedMicros };
  return refunded > 0
    ? l.t('cards:details.priceRefunded', { ...amounts, refunded })
    : l.t('cards:details.price', amounts);
}

/** Each step as a Discord timestamp (shown in the reader's time zone) and how long it took. */
function timingsText(l: Localizer, job: Job): string {
  const at = (ms: number) => time(Math.floor(ms / 1000), TimestampStyles.ShortDateTime);
  const lines: string[] = [l.t('cards:details.submittedAt', { at: at(job.createdAt) })];
  lines.push(
    job.completedAt === undefined
      ? l.t('cards:details.completedUnknown')
      : l.t('cards:details.completedAt', {
          at: at(job.completedAt),
          duration: seconds(l, job.completedAt - job.createdAt),
        }),
  );
  if (job.deliveredAt !== undefined) {
    const after = {
      at: at(job.deliveredAt),
      duration: seconds(l, job.deliveredAt - (job.completedAt ?? job.createdAt)),
    };
    lines.push(
      job.completedAt === undefined
        ? l.t('cards:details.deliveredAfterSubmission', after)
        : l.t('cards:details.deliveredAfterCompletion', after),
    );
  } else lines.push(l.t('cards:details.deliveredUnknown'));
  return lines.join('\n');
}

/** `12.3 s`; never negative (the service's clock may run behind the bot's). */
function seconds(l: Localizer, ms: number): string {
  const value = l.number(Math.max(0, ms) / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return l.t('cards:seconds', { value });
}
