/**
 * A batch's one reply (Components V2): the finished takes together in one media gallery (up to
 * four), a line per take saying where it stands (generating, done, failed and refunded, not sent),
 * and for each finished take a row of its own buttons, numbered. Each button carries its take's
 * generation id, so the result actions (Again, Vary, Details, …) work on a take exactly as on a
 * single result. Drawn anew from every take's state whenever one changes (jobs/delivery.ts as a
 * take finishes, jobs/batch-cards.ts when one is released or adopted), so every route shows the
 * same card. Pure function of the takes.
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
import { type Localizer, localizer } from '../../i18n/index.ts';
import type { BatchTake } from '../../jobs/batches.ts';
import type { Job } from '../../jobs/job.ts';
import type { CreateGenerationRequest, Model } from '../../media/schemas.ts';
import { buildCustomId, type ResultButton } from '../interactions/custom-ids.ts';
import { COLORS, escapeMemberText, type RenderedMessage, simulatorFooter } from './message-parts.ts';
import { parameterLine, sentRequest } from './parameters-text.ts';
import { resultButtons } from './result-buttons.ts';
import { type CardOptions, factsLine } from './result-card.ts';
import { linkable, truncate } from './text.ts';

const MAX_CARD_TEXT = 4000;
const MAX_BUTTONS_PER_ROW = 5;

/** The buttons each take gets, short-labelled with the take's number; Delete once, for the message. */
const TAKE_LABELS = {
  again: 'again',
  vary: 'vary',
  animate: 'animate',
  'higher-resolution': 'higherResolution',
  details: 'details',
} as const satisfies Partial<Record<ResultButton, string>>;

type TakeButton = keyof typeof TAKE_LABELS;
const isTakeButton = (b: ResultButton): b is TakeButton => Object.hasOwn(TAKE_LABELS, b);

/** What the card says of the request as a whole (any take's job has it). */
export interface BatchHead {
  prompt: string;
  modelLabel: string;
  simulated: boolean;
  /** Who asked, and their Discord locale: the card speaks it. */
  reply: { userId: string; locale?: string };
  /**
   * The request (its first take's), for the parameter line every card of it shows. A take's own
   * job's request is used when absent.
   */
  request?: CreateGenerationRequest;
  /** A line under the takes (why none was sent). */
  note?: string;
}

/**
 * The name a take's file is attached under: by take, so that two takes' files can never share a
 * name in one message (the messenger finds each take's attachment by it).
 */
export function takeFileName(index: number, name: string): string {
  return `take${index + 1}-${name}`;
}

/** The reply of a batch (`job`: any of its takes), drawn from `takes` (every take, in order). */
export function renderBatchCard(
  job: BatchHead,
  takes: readonly BatchTake[],
  model: Model | undefined,
  options: CardOptions = {},
): RenderedMessage {
  const l = localizer(job.reply.locale);
  const files: AttachmentBuilder[] = [];
  const gallery: MediaGalleryItemBuilder[] = [];
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  const lines: string[] = [];
  let firstDone: Job | undefined;
  for (const take of takes) {
    const n = take.index + 1;
    lines.push(`**${n}** · ${takeState(l, take)}`);
    if (take.state !== 'done') continue;
    firstDone ??= take.job;
    const file = take.content?.file;
    const name = file ? takeFileName(take.index, file.name) : undefined;
    if (file && name) files.push(new AttachmentBuilder(file.data, { name }));
    const url = name
      ? `attachment://${name}`
      : take.content?.linkReason === 'refused'
        ? undefined
        : linkable(take.job.output?.url);
    if (url)
      gallery.push(new MediaGalleryItemBuilder().setURL(url).setDescription(l.t('cards:batch.take', { n })));
    const buttons = resultButtons(take.job, model, false)
      .filter(isTakeButton)
      .slice(0, MAX_BUTTONS_PER_ROW)
      .map((b) => takeButton(take.job, b, l.t(`cards:batch.${TAKE_LABELS[b]}`, { n })));
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
          .setLabel(l.t('cards:button.delete'))
          .setStyle(ButtonStyle.Danger),
      ),
    );
  }

  const mention = options.mentionRequester ? `<@${job.reply.userId}>` : undefined;
  const facts = batchFacts(l, job, takes);
  const status = [...lines, ...(job.note ? [job.note] : [])].join('\n');
  const footer = job.simulated ? `-# ${simulatorFooter(l)}` : undefined;
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
function takeState(l: Localizer, take: BatchTake): string {
  switch (take.state) {
    case 'sending':
      return l.t('cards:batch.state.sending');
    case 'not_sent':
      return l.t('cards:batch.state.notSent');
    case 'generating':
      return l.t(take.job.status === 'pending' ? 'cards:batch.state.queued' : 'cards:batch.state.generating');
    case 'done':
      return l.t(take.content?.file ? 'cards:batch.state.done' : 'cards:batch.state.doneNoFile');
    case 'failed':
      return take.job.refunded
        ? l.t('cards:batch.state.failedRefunded', { amount: take.job.refundedMicros ?? 0 })
        : l.t('cards:batch.state.failedRefunding');
  }
}

/**
 * `Nano Fruit Pro · 4 takes · aspect ratio: 1:1 · $0.40 charged · asked by <@id>`: what stands
 * charged now, and the parameter line every card of the request shows (parameters-text.ts).
 */
function batchFacts(l: Localizer, job: BatchHead, takes: readonly BatchTake[]): string {
  let charged = 0;
  for (const take of takes) {
    if (take.state === 'done' || take.state === 'generating') charged += take.job.chargedMicros;
  }
  // The first take's request: later takes may differ in their seed only, and the line must not
  // change with whichever take redraws the card.
  const first = takes.find((t) => t.index === 0 && 'job' in t);
  const request = first && 'job' in first ? sentRequest(first.job) : job.request;
  return factsLine(l, {
    modelLabel: job.modelLabel,
    takes: l.t('cards:batch.takes', { count: takes.length }),
    params: request ? parameterLine(l, request) : '',
    chargedMicros: charged,
    userId: job.reply.userId,
  });
}

function takeButton(job: Job, action: ResultButton, label: string): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(buildCustomId({ kind: 'result', action, generationId: job.generationId }))
    .setLabel(label)
    .setStyle(ButtonStyle.Secondary);
}
