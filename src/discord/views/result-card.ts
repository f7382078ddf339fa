/**
 * A finished result as a Components V2 card: the image or video (and a video's last frame) in a
 * media gallery, the prompt, one line of facts (model, parameters, price, who asked), where it came
 * from, and the buttons that act on it. Pure function of the job, so every route (interaction token,
 * bot token, new message) shows the same card.
 *
 * A deferred reply cannot carry the V2 flag, so the edit that delivers sets it, and clears the
 * classic `content` and `embeds` of the progress embed it replaces (Discord refuses a V2 message
 * with either; discord.js sends `content: ''` for both '' and null).
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
import { type Job, type JobOrigin, type OriginAction, originAction } from '../../jobs/job.ts';
import type { AttachedFile, LinkReason, ResultContent } from '../../jobs/result-content.ts';
import type { Model } from '../../media/schemas.ts';
import { buildCustomId, type ResultButton } from '../interactions/custom-ids.ts';
import { COLORS, escapeMemberText, type RenderedMessage, simulatorFooter } from './message-parts.ts';
import { parameterLine, sentRequest } from './parameters-text.ts';
import { nextResolution, resultButtons } from './result-buttons.ts';
import { linkable, truncate } from './text.ts';

/** Discord's limit on all the text of a V2 message together (and on one Text Display). */
export const MAX_CARD_TEXT = 4000;
/** The facts line stays short so the prompt keeps most of the room. */
const MAX_FACTS = 1000;
const MAX_LABEL = 80;

export interface CardOptions {
  /** Mention the requester (a new message in the channel, where the reply is gone): they are pinged. */
  mentionRequester?: boolean;
  /** The time of the render (clock ms), when the caller knows it: a card past its expected finish says so. */
  now?: number;
}

/**
 * The result card for a finished job, in the member's language (the job's `reply.locale`). `model`
 * is the job's model in the catalog (undefined when it left).
 */
export function renderResultCard(
  job: Job,
  content: ResultContent,
  model: Model | undefined,
  options: CardOptions = {},
): RenderedMessage {
  const l = localizer(job.reply.locale);
  const files: AttachmentBuilder[] = [];
  const gallery: MediaGalleryItemBuilder[] = [];
  const main = showMedia(content.file, content.linkReason, job.output?.url);
  if (main) gallery.push(new MediaGalleryItemBuilder().setURL(main));
  const lastFrame = content.lastFrame
    ? showMedia(content.lastFrame.file, content.lastFrame.linkReason, job.output?.last_frame_url)
    : undefined;
  const lastFrameText = l.t('cards:result.lastFrame');
  if (lastFrame) gallery.push(new MediaGalleryItemBuilder().setURL(lastFrame).setDescription(lastFrameText));
  for (const file of [content.file, content.lastFrame?.file]) {
    if (file) files.push(new AttachmentBuilder(file.data, { name: file.name }));
  }

  // Two rows on purpose: what makes something new from this result first (at most four: Again,
  // Vary, Animate or Continue, Higher resolution), then what looks at or removes this one (the
  // file's link when it is not attached, Details, Delete).
  const actions = resultButtons(job, model, lastFrame !== undefined);
  const makers = actions.filter((b) => !LOOKERS.has(b)).map((b) => actionButton(l, job, model, b));
  const lookers = [
    ...linkButton(l, job, content),
    ...actions.filter((b) => LOOKERS.has(b)).map((b) => actionButton(l, job, model, b)),
  ];
  const buttons = [...makers, ...lookers];
  const rows = [makers, lookers]
    .filter((row) => row.length > 0)
    .map((row) => new ActionRowBuilder<ButtonBuilder>().addComponents(row));

  // Every text but the prompt, so that the prompt gets whatever room is left of the 4000.
  const mention = options.mentionRequester ? `<@${job.reply.userId}>` : undefined;
  const facts = truncate(
    factsLine(l, {
      modelLabel: job.modelLabel,
      params: parameterLine(l, sentRequest(job)),
      chargedMicros: job.chargedMicros,
      userId: job.reply.userId,
    }),
    MAX_FACTS,
  );
  const notes = [resultNote(l, job, content), originLine(l, job.origin)].filter((t): t is string => !!t);
  const footer = job.simulated ? `-# ${simulatorFooter(l)}` : undefined;
  const others = [mention, facts, ...notes, footer].filter((t): t is string => !!t);
  // Button labels and the gallery's description are counted too: Discord's limit is on everything shown.
  const used =
    others.reduce((n, t) => n + t.length, 0) +
    buttons.reduce((n, b) => n + labelOf(b).length, 0) +
    (lastFrame ? lastFrameText.length : 0);
  const prompt = truncate(escapeMemberText(job.prompt), Math.max(1, MAX_CARD_TEXT - used));

  const container = new ContainerBuilder().setAccentColor(COLORS.completed);
  if (gallery.length > 0) container.addMediaGalleryComponents(new MediaGalleryBuilder().addItems(gallery));
  const texts = [prompt, facts, ...notes, footer].filter((t): t is string => !!t && t.trim() !== '');
  container.addTextDisplayComponents(texts.map((t) => new TextDisplayBuilder().setContent(t)));
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
    // Nothing on the card pings anyone; a new message's route names the requester it pings.
    allowedMentions: mention ? { users: [job.reply.userId] } : { parse: [] },
  };
}

/**
 * What the gallery shows of one file: the attachment, else the service's URL when it can be a link
 * and the download was not refused (a refused URL pointed somewhere it must not, so it is not shown).
 * The URL is untrusted: a `file:` or `javascript:` URL would make Discord refuse the whole message
 * (and delivery retry it forever), so only an http(s) one is used.
 */
function showMedia(
  file: AttachedFile | undefined,
  linkReason: LinkReason | undefined,
  url: string | undefined,
): string | undefined {
  if (file) return `attachment://${file.name}`;
  if (linkReason === 'refused') return undefined;
  return linkable(url);
}

/** The service's URL shown because the file is not attached, or undefined. */
function fallbackUrl(job: Job, content: ResultContent): string | undefined {
  if (content.file || content.linkReason === 'refused') return undefined;
  return linkable(job.output?.url);
}

/**
 * `Dream 4.5 · aspect ratio: 1:1 · resolution: 2K · $0.10 charged · asked by <@id>`: the facts of a
 * result, and of a batch (which names its takes after the model). The parameter line is the one
 * every card of the request shows (parameters-text.ts).
 */
export function factsLine(
  l: Localizer,
  facts: { modelLabel: string; takes?: string; params: string; chargedMicros: number; userId: string },
): string {
  return [
    `**${escapeMemberText(truncate(facts.modelLabel, MAX_LABEL))}**`,
    ...(facts.takes ? [facts.takes] : []),
    ...(facts.params ? [escapeMemberText(facts.params)] : []),
    l.t('cards:result.charged', { amount: facts.chargedMicros }),
    l.t('cards:result.askedBy', { member: `<@${facts.userId}>` }),
  ].join(' · ');
}

/**
 * Why the file is not attached, when it is not. The link to it is the button below (one way to
 * the file is enough).
 */
function resultNote(l: Localizer, job: Job, content: ResultContent): string | undefined {
  if (content.file) return undefined;
  if (!fallbackUrl(job, content)) {
    return l.t('cards:result.notFetched', { id: `\`${job.generationId.replace(/`/g, '')}\`` });
  }
  return l.t(content.linkReason === 'too_large' ? 'cards:result.tooLarge' : 'cards:result.notAttached');
}

/** The origin texts by action: with a link to the message, and without (no message id known). */
const ORIGIN_KEYS = {
  again: ['again', 'againUnlinked'],
  vary: ['vary', 'varyUnlinked'],
  animate: ['animate', 'animateUnlinked'],
  'higher-resolution': ['higherResolution', 'higherResolutionUnlinked'],
  continue: ['continue', 'continueUnlinked'],
  message: ['message', 'messageUnlinked'],
} as const satisfies Record<OriginAction, readonly [string, string]>;

/** `Again from [this result](https://discord.com/channels/g/c/m)`, when it came from somewhere. */
export function originLine(l: Localizer, origin: JobOrigin | undefined): string | undefined {
  if (!origin) return undefined;
  const action = originAction(origin);
  const [linked, unlinked] = action
    ? ORIGIN_KEYS[action]
    : origin.generationId
      ? (['madeFromResult', 'madeFromResultUnlinked'] as const)
      : (['madeFromMessage', 'madeFromMessageUnlinked'] as const);
  if (!origin.messageId) return l.t(`cards:origin.${unlinked}`);
  return l.t(`cards:origin.${linked}`, { url: messageUrl(origin) });
}

/** The link Discord opens a message with; DMs use `@me`. */
export function messageUrl(at: {
  guildId: string | null;
  channelId: string;
  messageId: string | null;
}): string {
  return `https://discord.com/channels/${at.guildId ?? '@me'}/${at.channelId}/${at.messageId ?? ''}`;
}

/** The link to the service's file, when the card shows a URL instead of the attachment. */
function linkButton(l: Localizer, job: Job, content: ResultContent): ButtonBuilder[] {
  const url = fallbackUrl(job, content);
  if (!url) return [];
  return [
    new ButtonBuilder()
      .setStyle(ButtonStyle.Link)
      .setURL(linkable(job.output?.download_url) ?? url)
      .setLabel(l.t(job.type === 'video' ? 'cards:button.downloadVideo' : 'cards:button.openImage')),
  ];
}

/** The buttons that look at or remove this result, on the second row. */
const LOOKERS: ReadonlySet<ResultButton> = new Set(['details', 'delete']);

const LABELS = {
  again: 'again',
  vary: 'vary',
  animate: 'animate',
  continue: 'continue',
  details: 'details',
  delete: 'delete',
} as const satisfies Record<Exclude<ResultButton, 'higher-resolution'>, string>;

function actionButton(l: Localizer, job: Job, model: Model | undefined, button: ResultButton): ButtonBuilder {
  const label =
    button === 'higher-resolution'
      ? l.t('cards:button.higherResolution', { resolution: truncate(nextResolution(job, model) ?? '', 40) })
      : l.t(`cards:button.${LABELS[button]}`);
  return new ButtonBuilder()
    .setCustomId(buildCustomId({ kind: 'result', action: button, generationId: job.generationId }))
    .setLabel(label)
    .setStyle(button === 'delete' ? ButtonStyle.Danger : ButtonStyle.Secondary);
}

function labelOf(button: ButtonBuilder): string {
  const data = button.toJSON();
  return 'label' in data ? (data.label ?? '') : '';
}
