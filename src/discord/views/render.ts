/**
 * How jobs look in Discord while queued, generating or failed (a finished one is the card of
 * result-card.ts): one embed per reply, coloured by status, with the prompt, the
 * model, the parameters, the price charged, who asked and when. Pure functions of the job, so
 * every route (interaction token, bot token, new message) shows the same thing.
 */
import { EmbedBuilder, type MessageMentionOptions, TimestampStyles, time } from 'discord.js';
import { type Localizer, localizer } from '../../i18n/index.ts';
import type { JobContent } from '../../jobs/delivery-ports.ts';
import type { Job } from '../../jobs/job.ts';
import type { FieldErrors, GenerationStatus, Model } from '../../media/schemas.ts';
import { renderBatchCard } from './batch-card.ts';
import { COLORS, escapeMemberText, type RenderedMessage, simulatorFooter } from './message-parts.ts';
import { parameterLine, sentRequest } from './parameters-text.ts';
import { type CardOptions, renderResultCard } from './result-card.ts';
import { truncate } from './text.ts';
import { expectedFinishField } from './waiting-view.ts';

/** Discord's limits on embed text, link buttons and thread names. */
const MAX_DESCRIPTION = 4096;
const MAX_FIELD = 1024;
const MAX_THREAD_NAME = 90;

/** Nothing a job's reply shows pings anyone: the prompt and the service's text are untrusted. */
const NO_PINGS: MessageMentionOptions = { parse: [] };

/**
 * The reply for a job in the given state: an embed while it is queued, generating or failed; the
 * result card (result-card.ts) once it is done. `model` is the job's model in the catalog. Speaks
 * the member's language (the job's `reply.locale`, English on jobs stored before it was kept).
 */
export function renderJob(job: Job, content: JobContent, model?: Model, card?: CardOptions): RenderedMessage {
  if (content.kind === 'result') return renderResultCard(job, content, model, card);
  if (content.kind === 'batch') return renderBatchCard(job, content.takes, model, card);
  const l = localizer(job.reply.locale);
  const status: GenerationStatus = content.kind === 'failed' ? 'failed' : job.status;
  const embed = new EmbedBuilder()
    .setColor(COLORS[status])
    .setTitle(l.t(`cards:title.${job.type}.${status}`))
    .setDescription(truncate(escapeMemberText(job.prompt), MAX_DESCRIPTION))
    .addFields(
      {
        name: l.t('cards:field.model'),
        value: truncate(escapeMemberText(job.modelLabel), MAX_FIELD),
        inline: true,
      },
      { name: l.t('cards:field.price'), value: priceText(l, job, content.kind === 'failed'), inline: true },
      { name: l.t('cards:field.requestedBy'), value: `<@${job.reply.userId}>`, inline: true },
    );
  const params = parameterLine(l, sentRequest(job));
  if (params) {
    embed.addFields({
      name: l.t('cards:field.parameters'),
      value: truncate(escapeMemberText(params), MAX_FIELD),
    });
  }
  embed.addFields({
    name: l.t('cards:field.submitted'),
    value: time(Math.floor(job.createdAt / 1000), TimestampStyles.RelativeTime),
    inline: true,
  });
  const finish = expectedFinishField(l, job, content, card?.now);
  if (finish) embed.addFields(finish);
  if (job.simulated) embed.setFooter({ text: simulatorFooter(l) });

  if (content.kind === 'failed') {
    embed.addFields({ name: l.t('cards:field.status'), value: l.t('cards:failedStatus') });
  }
  return { embeds: [embed], files: [], components: [], allowedMentions: NO_PINGS };
}

/**
 * The price: what was charged, and on a failed card what became of it (the refund comes before the
 * failed card, so it is known; a job whose refund is still due says so).
 */
function priceText(l: Localizer, job: Job, failed: boolean): string {
  if (!failed) return l.money(job.chargedMicros);
  if (!job.refunded) return l.t('cards:failedPrice.refunding', { amount: job.chargedMicros });
  const refunded = job.refundedMicros ?? 0;
  if (refunded === 0 && job.chargedMicros === 0) return l.t('cards:failedPrice.nothing');
  return l.t('cards:failedPrice.refunded', { charged: job.chargedMicros, refunded });
}

/**
 * The failure report posted in the thread (or the channel), read by the whole server: in the
 * server's language (`l`, from the job's `reply.guildLocale`). The generation id comes last, small:
 * it is for whoever asks the service about it (and lets a retry find the report already posted).
 */
export function renderFailureReport(job: Job, refundedMicros: number, l: Localizer = serverOf(job)): string {
  const reason = escapeMemberText(job.error?.trim() || l.t('cards:report.noReason'));
  const member = `<@${job.reply.userId}>`;
  const refund =
    refundedMicros > 0
      ? l.t('cards:report.refunded', { amount: refundedMicros, member })
      : l.t('cards:report.nothingTaken', { member });
  return [
    l.t(`cards:report.${job.type}`, { model: escapeMemberText(job.modelLabel) }),
    `> ${truncate(reason, 1500).replace(/\n/g, '\n> ')}`,
    refund,
    `-# ${l.t('cards:report.id', { id: `\`${job.generationId.replace(/`/g, '')}\`` })}`,
  ].join('\n');
}

/**
 * The name of the thread a failure is reported in: the prompt on one line, within Discord's length,
 * in the server's language. Not escaped: Discord shows channel and thread names as plain text (no
 * markdown, no links, no mentions), so escapes would show as backslashes.
 */
export function renderThreadName(job: Job, l: Localizer = serverOf(job)): string {
  const prompt = job.prompt.replace(/\s+/g, ' ').trim();
  return truncate(l.t('cards:threadName', { prompt }), MAX_THREAD_NAME);
}

/** The server's language for what the whole server reads (English for jobs stored before it was kept). */
function serverOf(job: Job): Localizer {
  return localizer(job.reply.guildLocale);
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
