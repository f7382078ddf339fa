/**
 * How /models shows the catalog: a line per model (its durations and its price at each resolution),
 * videos and images apart, with menus that open a model in detail; or one model in detail, in a
 * member's words ("takes up to 9 reference images, 3 videos and 3 sound clips"), with a docs button.
 * Everything the service sends (labels, ratios, modes, URLs) is untrusted: escaped, and linked only
 * when it is an http(s) URL.
 */
import {
  ActionRowBuilder,
  type APIEmbed,
  type APIEmbedField,
  ButtonBuilder,
  ButtonStyle,
  StringSelectMenuBuilder,
} from 'discord.js';
import { ORBIT_STYLES } from '../../catalog/service-rules.ts';
import type { Localizer } from '../../i18n/index.ts';
import type { MediaType, Model } from '../../media/schemas.ts';
import { buildCustomId, MAX_MODEL_MENUS } from '../interactions/custom-ids.ts';
import { escapeMemberText } from './message-parts.ts';
import {
  type DurationSpan,
  durationSpan,
  modelPrices,
  type ResolutionPrice,
  referenceLimits,
} from './model-facts.ts';
import { linkable, truncate } from './text.ts';

/** Discord's limits on embeds, messages and menus (https://discord.com/developers/docs/resources/message#embed-object-embed-limits). */
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
  /** Options of a select menu, and the length of an option's label and value. */
  menuOptions: 25,
  menuText: 100,
} as const;

/**
 * The detail's fields, slug and title together must stay within the 6000 characters of a message
 * even when the service answers absurdly long lists: 8 × 550 + 256 + 300 + names and footer.
 */
const DETAIL_FIELD = 550;
const DETAIL_SLUG = 200;
/** One model's line in the list: a label and a price list, never a wall of its own. */
const MAX_LIST_LABEL = 80;
const MAX_LIST_LINE = 400;
/** Room left in an embed's description for its title and the footer. */
const LIST_DESCRIPTION = EMBED_LIMITS.description - 100;
const COLOR = 0x5865f2;

/** One message of the list: a reply or a follow-up. */
export interface ModelListMessage {
  embeds: APIEmbed[];
  components: ActionRowBuilder<StringSelectMenuBuilder>[];
}

const perSecond = (l: Localizer, micros: number) => l.t('models:perSecond', { amount: micros });

/** "480p $0.132 · 720p $0.284", or one price when the model has one for every resolution. */
function priceList(prices: readonly ResolutionPrice[], money: (micros: number) => string): string {
  return prices
    .map((p) =>
      p.resolution === undefined ? money(p.micros) : `${escapeMemberText(p.resolution)} ${money(p.micros)}`,
    )
    .join(' · ');
}

/** "4–15 s", "8 s", "4, 6, 8 or 10 s"; undefined when the service lists none. */
export function describeDurations(l: Localizer, span: DurationSpan): string | undefined {
  switch (span.kind) {
    case 'none':
      return undefined;
    case 'one':
      return l.t('models:durations.one', { count: span.seconds });
    case 'range':
      return l.t('models:durations.range', { from: span.from, to: span.to });
    case 'some':
      return l.t('models:durations.some', {
        list: l.list(
          span.values.map((v) => l.number(v)),
          'disjunction',
        ),
      });
  }
}

/** A model in the list: `**Motion 2.0** · 4–15 s · 480p $0.132/s · 720p $0.284/s`. */
function listLine(l: Localizer, model: Model): string {
  const prices = modelPrices(model);
  const durations = model.type === 'video' ? describeDurations(l, durationSpan(model.durations)) : undefined;
  const price = priceList(prices.rates, (m) => (prices.perSecond ? perSecond(l, m) : l.money(m)));
  const label = `**${escapeMemberText(truncate(model.label, MAX_LIST_LABEL))}**`;
  return truncate([label, durations, price].filter(Boolean).join(' · '), MAX_LIST_LINE);
}

/** Every model, videos then images, as messages within Discord's limits; menus on the first one. */
export function renderModelList(models: readonly Model[], l: Localizer): ModelListMessage[] {
  const embeds: APIEmbed[] = [];
  for (const type of ['video', 'image'] as const) {
    const lines = models.filter((m) => m.type === type).map((m) => listLine(l, m));
    embeds.push(...packLines(l, type, lines));
  }
  if (embeds.length === 0) {
    return [
      {
        embeds: [{ title: l.t('models:list.emptyTitle'), description: l.t('models:list.empty') }],
        components: [],
      },
    ];
  }
  embeds[embeds.length - 1] = {
    ...(embeds[embeds.length - 1] as APIEmbed),
    footer: { text: l.t('models:footer.estimate') },
  };
  const messages = packEmbeds(embeds);
  (messages[0] as ModelListMessage).components = modelMenus(models, l);
  return messages;
}

/**
 * Menus that open a model in detail: one per type, 25 models each (a menu's limit), at most
 * MAX_MODEL_MENUS in all. A model whose slug is longer than a menu value can hold is left out of
 * the menus; /models model: still opens it.
 */
export function modelMenus(
  models: readonly Model[],
  l: Localizer,
): ActionRowBuilder<StringSelectMenuBuilder>[] {
  const menus: ActionRowBuilder<StringSelectMenuBuilder>[] = [];
  // Discord refuses a menu whose values repeat or are empty: each slug once.
  const seen = new Set<string>();
  const fits = (m: Model) =>
    m.slug.length > 0 && m.slug.length <= EMBED_LIMITS.menuText && !seen.has(m.slug) && !!seen.add(m.slug);
  for (const type of ['video', 'image'] as const) {
    const offered = models.filter((m) => m.type === type && fits(m));
    for (
      let from = 0;
      from < offered.length && menus.length < MAX_MODEL_MENUS;
      from += EMBED_LIMITS.menuOptions
    ) {
      const menu = new StringSelectMenuBuilder()
        .setCustomId(buildCustomId({ kind: 'models', menu: menus.length }))
        .setPlaceholder(l.t(type === 'video' ? 'models:list.videoMenu' : 'models:list.imageMenu'))
        .addOptions(
          offered.slice(from, from + EMBED_LIMITS.menuOptions).map((m) => ({
            // An option's label is plain text: no markdown to escape.
            label: truncate(m.label.trim() || m.slug, EMBED_LIMITS.menuText),
            value: m.slug,
          })),
        );
      menus.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu));
    }
  }
  return menus;
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
  l: Localizer,
): { embeds: APIEmbed[]; components: ActionRowBuilder<ButtonBuilder>[] } {
  const fields: APIEmbedField[] = [{ name: l.t('models:detail.price'), value: describePrices(l, model) }];
  if (model.type === 'video') {
    const durations = describeDurations(l, durationSpan(model.durations));
    if (durations) fields.push({ name: l.t('models:detail.durations'), value: durations, inline: true });
  }
  if (model.aspect_ratios.length > 0)
    fields.push({
      name: l.t('models:detail.aspectRatios'),
      value: plainList(model.aspect_ratios),
      inline: true,
    });
  if (model.modes.length > 0)
    fields.push({ name: l.t('models:detail.modes'), value: plainList(model.modes), inline: true });
  fields.push({ name: l.t('models:detail.references'), value: describeReferences(l, model) });
  const extras = describeExtras(l, model);
  if (extras) fields.push({ name: l.t('models:detail.extras'), value: extras });

  const slug = `\`${truncate(codeText(model.slug), DETAIL_SLUG)}\``;
  const embed: APIEmbed = {
    title: truncate(escapeMemberText(model.label), EMBED_LIMITS.title),
    description: l.t(model.type === 'video' ? 'models:detail.videoModel' : 'models:detail.imageModel', {
      slug,
    }),
    color: COLOR,
    fields: fields.map(capField),
    footer: { text: l.t(source === 'service' ? 'models:footer.estimate' : 'models:footer.stale') },
  };
  const url = linkable(model.docs_url, EMBED_LIMITS.buttonUrl);
  const components = url
    ? [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder()
            .setStyle(ButtonStyle.Link)
            .setLabel(l.t('models:detail.documentation'))
            .setURL(url),
        ),
      ]
    : [];
  return { embeds: [embed], components };
}

/** The price lines of the detail: per resolution, with a reference video, and a default video's price. */
function describePrices(l: Localizer, model: Model): string {
  const prices = modelPrices(model);
  const money = (m: number) => l.money(m);
  const lines: string[] = [
    prices.perSecond
      ? l.t('models:detail.perSecond', { prices: priceList(prices.rates, money) })
      : l.t(model.type === 'video' ? 'models:detail.perVideo' : 'models:detail.perImage', {
          prices: priceList(prices.rates, money),
        }),
  ];
  if (prices.withVideo)
    lines.push(l.t('models:detail.perSecondWithVideo', { prices: priceList(prices.withVideo, money) }));
  if (prices.example) {
    lines.push(
      l.t('models:detail.example', {
        count: prices.example.seconds,
        prices: priceList(prices.example.prices, money),
      }),
    );
  }
  return lines.join('\n');
}

function describeReferences(l: Localizer, model: Model): string {
  const { images, videos, sounds } = referenceLimits(model);
  const items: string[] = [];
  for (const item of [
    images > 0 ? l.t('models:detail.images', { count: images }) : undefined,
    videos > 0 ? l.t('models:detail.videos', { count: videos }) : undefined,
    sounds > 0 ? l.t('models:detail.sounds', { count: sounds }) : undefined,
  ])
    if (item !== undefined) items.push(item);
  return items.length === 0
    ? l.t('models:detail.takesNone')
    : l.t('models:detail.takesUpTo', { list: l.list(items) });
}

/** What else a model can do, from the parameters it lists, in a member's words; unknown ones are left out. */
function describeExtras(l: Localizer, model: Model): string | undefined {
  const has = (param: string) => model.supported_params.includes(param);
  const items: string[] = [];
  if (has('generate_audio')) items.push(l.t('models:detail.extra.sound'));
  if (has('camera_fixed')) items.push(l.t('models:detail.extra.fixedCamera'));
  if (has('return_last_frame')) items.push(l.t('models:detail.extra.lastFrame'));
  if (has('web_search')) items.push(l.t('models:detail.extra.webSearch'));
  if (has('seed')) items.push(l.t('models:detail.extra.seed'));
  if (has('style')) items.push(l.t('models:detail.extra.styles', { styles: ORBIT_STYLES.join(', ') }));
  if (has('watermark')) items.push(l.t('models:detail.extra.watermark'));
  if (has('private')) items.push(l.t('models:detail.extra.private'));
  return items.length === 0 ? undefined : l.list(items);
}

/** Puts lines into embeds of one type, each description within Discord's limit. */
function packLines(l: Localizer, type: MediaType, lines: readonly string[]): APIEmbed[] {
  const embeds: APIEmbed[] = [];
  let current: string[] = [];
  let size = 0;
  const flush = () => {
    const first = embeds.length === 0;
    const title =
      type === 'video'
        ? first
          ? 'models:list.video'
          : 'models:list.videoContinued'
        : first
          ? 'models:list.image'
          : 'models:list.imageContinued';
    embeds.push({ title: l.t(title), color: COLOR, description: current.join('\n') });
    current = [];
    size = 0;
  };
  for (const line of lines) {
    if (current.length > 0 && size + 1 + line.length > LIST_DESCRIPTION) flush();
    current.push(line);
    size += line.length + 1;
  }
  if (current.length > 0) flush();
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
      messages.push({ embeds: current, components: [] });
      current = [];
      size = 0;
    }
    current.push(embed);
    size += n;
  }
  if (current.length > 0) messages.push({ embeds: current, components: [] });
  return messages;
}

/** The service's names (ratios, modes) as a list; they are not words to translate. */
function plainList(values: readonly string[]): string {
  return escapeMemberText(values.join(', '));
}

function capField(field: APIEmbedField): APIEmbedField {
  return { ...field, value: truncate(field.value, DETAIL_FIELD) };
}

/** Text inside inline code: a backtick would end it early, and markdown escapes would show as typed. */
export function codeText(text: string): string {
  return text.replace(/`/g, 'ˋ').replace(/\s+/g, ' ');
}
