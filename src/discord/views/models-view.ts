/**
 * How /models shows the catalog: every model as a field of an embed per type (split over several
 * embeds and messages to stay within Discord's limits), or one model in detail with a docs button.
 * Everything the service sends (labels, ratios, URLs) is untrusted: escaped, and linked only when
 * it is an http(s) URL.
 */
import { ActionRowBuilder, type APIEmbed, type APIEmbedField, ButtonBuilder, ButtonStyle } from 'discord.js';
import { basePriceMicros } from '../../catalog/pricing.ts';
import { MOTION_PRICES } from '../../catalog/service-rules.ts';
import { describeDurations } from '../../catalog/validate.ts';
import type { MediaType, Model } from '../../media/schemas.ts';
import { formatUsd, usdToMicros } from '../../money.ts';
import { escapeMemberText } from './message-parts.ts';
import { linkable, markdownUrl, truncate } from './text.ts';

/** Discord's limits on embeds and messages (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
export const EMBED_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  /** Characters of every embed of one message together. */
  messageTotal: 6000,
  embedsPerMessage: 10,
  /** A link button's URL. */
  buttonUrl: 512,
} as const;

/**
 * The detail's nine fields, slug and title together must stay within the 6000 characters of a
 * message even when the service answers absurdly long lists: 9 × 550 + 256 + 200 + names and footer.
 */
const DETAIL_FIELD = 550;
const DETAIL_SLUG = 200;

const TYPE_TITLES: Record<MediaType, string> = { video: 'Video models', image: 'Image models' };
const COLOR = 0x5865f2;

/** One message of the list: a reply or a follow-up. */
export interface ModelListMessage {
  embeds: APIEmbed[];
}

/** A model's price as members read it: `from $0.132/s (480p)`, `from $0.10 per image; 2K ×2, 4K ×3`. */
export function describePrice(model: Model): string {
  const { micros: listed, perSecond, varies } = basePriceMicros(model);
  const motion = MOTION_PRICES[model.slug];
  // Motion models price resolutions from a table (no multipliers): the base is the 480p create
  // price the quote uses, not the higher price GET /models/{slug} states.
  const motionBase = motion ? Object.values(motion.perSecond)[0]?.plain : undefined;
  const micros = motionBase === undefined ? listed : usdToMicros(motionBase);
  const from = varies || motion ? 'from ' : '';
  const unit = perSecond ? '/s' : ` per ${model.type}`;
  const base = `${from}${formatUsd(micros)}${unit}${motion ? ` (${lowestResolution(motion)})` : ''}`;
  const steps = describeMultipliers(model, false);
  return steps ? `${base}; ${steps}` : base;
}

/** The resolution multipliers, `1080p ×1.5 · 4k ×3`; with `all`, the ×1 ones too. Empty when none. */
export function describeMultipliers(model: Model, all: boolean): string {
  return Object.entries(model.resolution_multipliers ?? {})
    .filter(([, m]) => all || m !== 1)
    .map(([resolution, m]) => `${escapeMemberText(resolution)} ×${m}`)
    .join(' · ');
}

/** Every model, grouped by type, as messages that each stay within Discord's embed limits. */
export function renderModelList(models: readonly Model[]): ModelListMessage[] {
  const embeds: APIEmbed[] = [];
  for (const type of ['video', 'image'] as const) {
    const fields = models.filter((m) => m.type === type).map(listField);
    embeds.push(...packFields(TYPE_TITLES[type], fields));
  }
  if (embeds.length === 0) return [{ embeds: [{ title: 'Models', description: 'The catalog is empty.' }] }];
  embeds[embeds.length - 1] = {
    ...(embeds[embeds.length - 1] as APIEmbed),
    footer: { text: 'Prices are estimates; the service charges the price it states when you submit.' },
  };
  return packEmbeds(embeds);
}

/** How long an embed is by Discord's count (title, description, field names and values, footer). */
export function embedLength(embed: APIEmbed): number {
  let n = (embed.title ?? '').length + (embed.description ?? '').length + (embed.footer?.text ?? '').length;
  for (const f of embed.fields ?? []) n += f.name.length + f.value.length;
  return n;
}

/** `source`: where the model came from; a cached copy is shown as possibly stale. */
export function renderModelDetail(
  model: Model,
  source: 'service' | 'cache',
): { embeds: APIEmbed[]; components: ActionRowBuilder<ButtonBuilder>[] } {
  const fields: APIEmbedField[] = [
    { name: 'Type', value: model.type, inline: true },
    { name: 'Price', value: describePrice(model), inline: true },
  ];
  const motion = MOTION_PRICES[model.slug];
  if (motion) {
    fields.push(
      { name: 'Charged per second (create and list prices)', value: motionTable(motion) },
      {
        name: 'Model detail price',
        value:
          `${formatUsd(usdToMicros(source === 'service' ? model.price_usd : motion.detailBase))}/s at ` +
          `${lowestResolution(motion)}, as the model's own page states it; the service charges the create price above.`,
      },
    );
  } else {
    fields.push({
      name: 'Resolution multipliers',
      value: describeMultipliers(model, true) || 'none: one price for every resolution',
    });
  }
  fields.push(
    { name: 'Resolutions', value: listOrNone(model.resolutions), inline: true },
    {
      name: 'Durations',
      value: model.type === 'image' ? 'none (an image)' : `${describeDurations(model.durations)} s`,
      inline: true,
    },
    { name: 'Aspect ratios', value: listOrNone(model.aspect_ratios) },
    { name: 'Modes', value: listOrNone(model.modes), inline: true },
    { name: 'Parameters', value: listOrNone(model.supported_params) },
  );
  const embed: APIEmbed = {
    title: truncate(escapeMemberText(model.label), EMBED_LIMITS.title),
    description: `\`${truncate(codeText(model.slug), DETAIL_SLUG)}\``,
    color: COLOR,
    fields: fields.map(capField),
    footer: {
      text:
        source === 'service'
          ? 'Prices are estimates; the service charges the price it states when you submit.'
          : 'The service could not be reached: this is the bot’s cached copy of the catalog and may be stale.',
    },
  };
  const url = linkable(model.docs_url, EMBED_LIMITS.buttonUrl);
  const components = url
    ? [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setStyle(ButtonStyle.Link).setLabel('Documentation').setURL(url),
        ),
      ]
    : [];
  return { embeds: [embed], components };
}

function listField(model: Model): APIEmbedField {
  const lines = [`\`${codeText(model.slug)}\` · ${describePrice(model)}`];
  if (model.resolutions.length > 0) lines.push(`Resolutions: ${listOrNone(model.resolutions)}`);
  if (model.type === 'video') lines.push(`Durations: ${describeDurations(model.durations)} s`);
  if (model.aspect_ratios.length > 0) lines.push(`Ratios: ${listOrNone(model.aspect_ratios)}`);
  if (model.modes.length > 0) lines.push(`Modes: ${listOrNone(model.modes)}`);
  const url = linkable(model.docs_url, EMBED_LIMITS.fieldValue / 2);
  // The link goes last so that truncating a long field cuts the lists, not the link.
  const link = url ? `\n[Documentation](${markdownUrl(url)})` : '';
  const text = truncate(lines.join('\n'), EMBED_LIMITS.fieldValue - link.length);
  return { name: truncate(escapeMemberText(model.label), EMBED_LIMITS.fieldName), value: `${text}${link}` };
}

/** Puts fields into embeds of at most 25 fields, each within a message's total on its own. */
function packFields(title: string, fields: APIEmbedField[]): APIEmbed[] {
  // Room for the title, a footer and a "(continued)" suffix.
  const budget = EMBED_LIMITS.messageTotal - EMBED_LIMITS.title - 200;
  const embeds: APIEmbed[] = [];
  let current: APIEmbedField[] = [];
  let size = 0;
  for (const field of fields) {
    const n = field.name.length + field.value.length;
    if (current.length > 0 && (current.length === EMBED_LIMITS.fields || size + n > budget)) {
      embeds.push({
        title: embeds.length === 0 ? title : `${title} (continued)`,
        color: COLOR,
        fields: current,
      });
      current = [];
      size = 0;
    }
    current.push(field);
    size += n;
  }
  if (current.length > 0)
    embeds.push({
      title: embeds.length === 0 ? title : `${title} (continued)`,
      color: COLOR,
      fields: current,
    });
  return embeds;
}

/** Puts embeds into messages of at most 10 embeds and 6000 characters. */
function packEmbeds(embeds: APIEmbed[]): ModelListMessage[] {
  const messages: ModelListMessage[] = [];
  let current: APIEmbed[] = [];
  let size = 0;
  for (const embed of embeds) {
    const n = embedLength(embed);
    if (
      current.length > 0 &&
      (current.length === EMBED_LIMITS.embedsPerMessage || size + n > EMBED_LIMITS.messageTotal)
    ) {
      messages.push({ embeds: current });
      current = [];
      size = 0;
    }
    current.push(embed);
    size += n;
  }
  if (current.length > 0) messages.push({ embeds: current });
  return messages;
}

function motionTable(motion: NonNullable<(typeof MOTION_PRICES)[string]>): string {
  return Object.entries(motion.perSecond)
    .map(
      ([resolution, p]) =>
        `${resolution}: ${formatUsd(usdToMicros(p.plain))}/s · with video references ${formatUsd(usdToMicros(p.withVideo))}/s`,
    )
    .join('\n');
}

function lowestResolution(motion: NonNullable<(typeof MOTION_PRICES)[string]>): string {
  return Object.keys(motion.perSecond)[0] ?? '480p';
}

function listOrNone(values: readonly string[]): string {
  return values.length === 0 ? 'none' : escapeMemberText(values.join(', '));
}

function capField(field: APIEmbedField): APIEmbedField {
  return { ...field, value: truncate(field.value, DETAIL_FIELD) };
}

/** Text inside inline code: a backtick would end it early, and markdown escapes would show as typed. */
export function codeText(text: string): string {
  return text.replace(/`/g, 'ˋ').replace(/\s+/g, ' ');
}
