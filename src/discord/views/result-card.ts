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
import { type Job, type JobOrigin, type OriginAction, originAction } from '../../jobs/job.ts';
import type { AttachedFile, LinkReason, ResultContent } from '../../jobs/result-content.ts';
import type { Model } from '../../media/schemas.ts';
import { formatUsd } from '../../money.ts';
import { buildCustomId, type ResultButton } from '../interactions/custom-ids.ts';
import { COLORS, escapeMemberText, type RenderedMessage, SIMULATOR_FOOTER } from './message-parts.ts';
import { describeSentParameters } from './parameters-text.ts';
import { nextResolution, resultButtons } from './result-buttons.ts';
import { linkable, markdownUrl, truncate } from './text.ts';

/** Discord's limit on all the text of a V2 message together (and on one Text Display). */
export const MAX_CARD_TEXT = 4000;
const MAX_BUTTONS_PER_ROW = 5;
/** The facts line stays short so the prompt keeps most of the room. */
const MAX_FACTS = 1000;
const MAX_LABEL = 80;

export interface CardOptions {
  /** Mention the requester (a new message in the channel, where the reply is gone): they are pinged. */
  mentionRequester?: boolean;
}

/** The result card for a finished job. `model` is the job's model in the catalog (undefined when it left). */
export function renderResultCard(
  job: Job,
  content: ResultContent,
  model: Model | undefined,
  options: CardOptions = {},
): RenderedMessage {
  const files: AttachmentBuilder[] = [];
  const gallery: MediaGalleryItemBuilder[] = [];
  const main = showMedia(content.file, content.linkReason, job.output?.url);
  if (main) gallery.push(new MediaGalleryItemBuilder().setURL(main));
  const lastFrame = content.lastFrame
    ? showMedia(content.lastFrame.file, content.lastFrame.linkReason, job.output?.last_frame_url)
    : undefined;
  if (lastFrame) gallery.push(new MediaGalleryItemBuilder().setURL(lastFrame).setDescription(LAST_FRAME));
  for (const file of [content.file, content.lastFrame?.file]) {
    if (file) files.push(new AttachmentBuilder(file.data, { name: file.name }));
  }

  const buttons = [
    ...linkButton(job, content),
    ...resultButtons(job, model, lastFrame !== undefined).map((b) => actionButton(job, model, b)),
  ];
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += MAX_BUTTONS_PER_ROW) {
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + MAX_BUTTONS_PER_ROW)));
  }

  // Every text but the prompt, so that the prompt gets whatever room is left of the 4000.
  const mention = options.mentionRequester ? `<@${job.reply.userId}>` : undefined;
  const facts = truncate(factsLine(job), MAX_FACTS);
  const notes = [resultNote(job, content), originLine(job.origin)].filter((t): t is string => !!t);
  const footer = job.simulated ? `-# ${SIMULATOR_FOOTER}` : undefined;
  const others = [mention, facts, ...notes, footer].filter((t): t is string => !!t);
  // Button labels and the gallery's description are counted too: Discord's limit is on everything shown.
  const used =
    others.reduce((n, t) => n + t.length, 0) +
    buttons.reduce((n, b) => n + labelOf(b).length, 0) +
    (lastFrame ? LAST_FRAME.length : 0);
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

const LAST_FRAME = 'Last frame';

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

/** `Dream 4.5 · aspect ratio: 1:1 · resolution: 2K · $0.1000 · asked by <@id>`. */
function factsLine(job: Job): string {
  const label = escapeMemberText(truncate(job.modelLabel, MAX_LABEL));
  const params = describeSentParameters(job);
  return [
    `**${label}**`,
    ...(params ? [escapeMemberText(params)] : []),
    `${formatUsd(job.chargedMicros)} charged`,
    `asked by <@${job.reply.userId}>`,
  ].join(' · ');
}

/** Why the file is not attached, when it is not. */
function resultNote(job: Job, content: ResultContent): string | undefined {
  if (content.file) return undefined;
  const url = fallbackUrl(job, content);
  if (!url) return `The file could not be fetched (generation id \`${job.generationId.replace(/`/g, '')}\`).`;
  const why =
    content.linkReason === 'too_large'
      ? 'The file is larger than this channel accepts'
      : 'The file could not be attached';
  return `${why}: [open it here](${markdownUrl(url)})`;
}

const ORIGIN_VERBS: Record<OriginAction, string> = {
  again: 'Again from',
  vary: 'A variation of',
  animate: 'Animated from',
  'higher-resolution': 'Higher resolution of',
  continue: 'Continued from the last frame of',
  message: 'Made from the attachments of',
};

/** `Again from [this result](https://discord.com/channels/g/c/m)`, when it came from somewhere. */
export function originLine(origin: JobOrigin | undefined): string | undefined {
  if (!origin) return undefined;
  const action = originAction(origin);
  const verb = (action && ORIGIN_VERBS[action]) ?? 'Made from';
  const what = origin.generationId ? 'this result' : 'this message';
  if (!origin.messageId) return `${verb} ${origin.generationId ? 'an earlier result' : 'a message'}`;
  return `${verb} [${what}](${messageUrl(origin)})`;
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
function linkButton(job: Job, content: ResultContent): ButtonBuilder[] {
  const url = fallbackUrl(job, content);
  if (!url) return [];
  return [
    new ButtonBuilder()
      .setStyle(ButtonStyle.Link)
      .setURL(linkable(job.output?.download_url) ?? url)
      .setLabel(job.type === 'video' ? 'Download video' : 'Open image'),
  ];
}

const LABELS: Record<Exclude<ResultButton, 'higher-resolution'>, string> = {
  again: 'Again',
  vary: 'Vary',
  animate: 'Animate',
  continue: 'Continue from last frame',
  details: 'Details',
  delete: 'Delete',
};

function actionButton(job: Job, model: Model | undefined, button: ResultButton): ButtonBuilder {
  const label =
    button === 'higher-resolution'
      ? `Higher resolution (${truncate(nextResolution(job, model) ?? '', 40)})`
      : LABELS[button];
  return new ButtonBuilder()
    .setCustomId(buildCustomId({ kind: 'result', action: button, generationId: job.generationId }))
    .setLabel(label)
    .setStyle(button === 'delete' ? ButtonStyle.Danger : ButtonStyle.Secondary);
}

function labelOf(button: ButtonBuilder): string {
  const data = button.toJSON();
  return 'label' in data ? (data.label ?? '') : '';
}
