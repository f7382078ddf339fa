/**
 * A batch's one reply (Components V2): the finished takes together in one media gallery (up to
 * four), a line per take saying where it stands (generating, done, failed and refunded, not sent),
 * and for each finished take a row of its own buttons, numbered. Each button carries its take's
 * generation id, so the result actions (Again, Vary, Details, …) work on a take exactly as on a
 * single result. Drawn anew from every take's state whenever one changes (jobs/delivery.ts), so
 * every route shows the same card. Pure function of the takes.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ContainerBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  SeparatorBuilder,
  TextDisplayBuilder,
} from 'discord.js';
import type { BatchTake } from '../../jobs/batches.ts';
import type { Job } from '../../jobs/job.ts';
import type { Model } from '../../media/schemas.ts';
import { formatUsd } from '../../money.ts';
import { buildCustomId, type ResultButton } from '../interactions/custom-ids.ts';
import { COLORS, escapeMemberText, type RenderedMessage, SIMULATOR_FOOTER } from './message-parts.ts';
import { resultButtons } from './result-buttons.ts';
import type { CardOptions } from './result-card.ts';
import { linkable, truncate } from './text.ts';

const MAX_CARD_TEXT = 4000;
const MAX_BUTTONS_PER_ROW = 5;
const MAX_LABEL = 80;

/** The buttons each take gets, short-labelled with the take's number; Delete once, for the message. */
const TAKE_LABELS: Partial<Record<ResultButton, string>> = {
  again: 'Again',
  vary: 'Vary',
  animate: 'Animate',
  'higher-resolution': 'Higher res.',
  details: 'Details',
};

/** What the card says of the request as a whole (any take's job has it). */
export interface BatchHead {
  prompt: string;
  modelLabel: string;
  simulated: boolean;
  reply: { userId: string };
  /** A line under the takes (why none was sent). */
  note?: string;
}

/** The reply of a batch (`job`: any of its takes), drawn from `takes` (every take, in order). */
export function renderBatchCard(
  job: BatchHead,
  takes: readonly BatchTake[],
  model: Model | undefined,
  options: CardOptions = {},
): RenderedMessage {
  const files: AttachmentBuilder[] = [];
  const gallery: MediaGalleryItemBuilder[] = [];
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  const lines: string[] = [];
  let firstDone: Job | undefined;
  for (const take of takes) {
    const n = take.index + 1;
    lines.push(`**${n}** · ${takeState(take)}`);
    if (take.state !== 'done') continue;
    firstDone ??= take.job;
    const file = take.content?.file;
    // Named by take, so that two takes' files can never share a name in one message.
    const name = file ? `take${n}-${file.name}` : undefined;
    if (file && name) files.push(new AttachmentBuilder(file.data, { name }));
    const url = name
      ? `attachment://${name}`
      : take.content?.linkReason === 'refused'
        ? undefined
        : linkable(take.job.output?.url);
    if (url) gallery.push(new MediaGalleryItemBuilder().setURL(url).setDescription(`Take ${n}`));
    const buttons = resultButtons(take.job, model, false)
      .filter((b) => TAKE_LABELS[b] !== undefined)
      .slice(0, MAX_BUTTONS_PER_ROW)
      .map((b) => takeButton(take.job, b, `${TAKE_LABELS[b]} ${n}`));
    if (buttons.length > 0) rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons));
  }
  if (firstDone) {
    // Delete removes the whole message: one button, named by any take (its requester is the batch's).
    rows.push(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(
            buildCustomId({ kind: 'result', action: 'delete', generationId: firstDone.generationId }),
          )
          .setLabel('Delete')
          .setStyle(ButtonStyle.Danger),
      ),
    );
  }

  const mention = options.mentionRequester ? `<@${job.reply.userId}>` : undefined;
  const facts = factsLine(job, takes);
  const status = [...lines, ...(job.note ? [job.note] : [])].join('\n');
  const footer = job.simulated ? `-# ${SIMULATOR_FOOTER}` : undefined;
  const used = [mention, facts, status, footer].reduce((n, t) => n + (t?.length ?? 0), 0) + rows.length * 60;
  const prompt = truncate(escapeMemberText(job.prompt), Math.max(1, MAX_CARD_TEXT - used));

  const anyDone = takes.some((t) => t.state === 'done');
  const settled = takes.every((t) => t.state === 'done' || t.state === 'failed' || t.state === 'not_sent');
  const container = new ContainerBuilder().setAccentColor(
    COLORS[settled ? (anyDone ? 'completed' : 'failed') : 'processing'],
  );
  if (gallery.length > 0) container.addMediaGalleryComponents(new MediaGalleryBuilder().addItems(gallery));
  container.addTextDisplayComponents(
    [prompt, facts, status, footer]
      .filter((t): t is string => !!t && t.trim() !== '')
      .map((t) => new TextDisplayBuilder().setContent(t)),
  );
  if (rows.length > 0) {
    container.addSeparatorComponents(new SeparatorBuilder());
    container.addActionRowComponents(rows);
  }
  return {
    content: '',
    embeds: [],
    files,
    components: [...(mention ? [new TextDisplayBuilder().setContent(mention)] : []), container],
    flags: MessageFlags.IsComponentsV2,
    allowedMentions: mention ? { users: [job.reply.userId] } : { parse: [] },
  };
}

/** Where one take stands, in words. */
function takeState(take: BatchTake): string {
  switch (take.state) {
    case 'sending':
      return 'waiting to be sent';
    case 'not_sent':
      return 'not sent, nothing charged';
    case 'generating':
      return take.job.status === 'pending' ? 'queued' : 'generating…';
    case 'done':
      return take.content?.file ? 'done' : 'done (the file could not be attached)';
    case 'failed':
      return take.job.refunded
        ? `failed, ${formatUsd(take.job.refundedMicros ?? 0)} refunded`
        : 'failed, refund on its way';
  }
}

/** `Nano Fruit Pro · 4 takes · $0.4000 charged · asked by <@id>`: what stands charged now. */
function factsLine(job: BatchHead, takes: readonly BatchTake[]): string {
  let charged = 0;
  for (const take of takes) {
    if (take.state === 'done' || take.state === 'generating') charged += take.job.chargedMicros;
  }
  return [
    `**${escapeMemberText(truncate(job.modelLabel, MAX_LABEL))}**`,
    `${takes.length} takes`,
    `${formatUsd(charged)} charged`,
    `asked by <@${job.reply.userId}>`,
  ].join(' · ');
}

function takeButton(job: Job, action: ResultButton, label: string): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(buildCustomId({ kind: 'result', action, generationId: job.generationId }))
    .setLabel(label)
    .setStyle(ButtonStyle.Secondary);
}
