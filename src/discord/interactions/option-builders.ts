/**
 * Small builders for the options the generation commands share. Each returns a plain definition
 * whose name stays a literal type, so `ArgsParam<typeof data>` (args.ts) still knows every option.
 */
import { ApplicationCommandOptionType, type LocalizationMap } from 'discord.js';
import { MAX_PROMPT_LENGTH } from '../../catalog/validate.ts';
import { english, type Localizer, type RESOURCES } from '../../i18n/index.ts';
import { TAKES } from '../../quota/takes.ts';
import { localizations, type Text } from './locale.ts';

/** English's `generate:option.*` texts: each option's `name`, and its descriptions. */
type OptionTexts = (typeof RESOURCES)['en']['generate']['option'];

/**
 * The `generate:option.*` key of each option name the generation commands use. The code reads an
 * option by its name here, and English's `name` text under that key must be the same (checked by
 * `satisfies`): the definition's English name and the texts cannot drift apart.
 */
const OPTION_KEYS = {
  prompt: 'prompt',
  model: 'model',
  aspect_ratio: 'aspectRatio',
  resolution: 'resolution',
  image: 'image',
  image_urls: 'imageUrls',
  count: 'count',
  duration: 'duration',
  mode: 'mode',
  style: 'style',
  generate_audio: 'generateAudio',
  seed: 'seed',
  return_last_frame: 'returnLastFrame',
  video: 'video',
  audio: 'audio',
  camera_fixed: 'cameraFixed',
  web_search: 'webSearch',
  watermark: 'watermark',
  private: 'private',
  scene: 'scene',
  character: 'character',
  object: 'object',
} as const satisfies {
  [K in keyof OptionTexts as OptionTexts[K] extends { name: infer N extends string } ? N : never]?: K;
};

/**
 * An option's name as a member sees it in `l`'s language (`image2` is `bild2` in German): what a
 * message shows when it names an option. The code reads options by their English names only.
 */
export function localOptionName(option: string, l: Localizer): string {
  const numbered = /^(image|video|audio)(\d+)$/.exec(option);
  if (numbered) {
    const n = numbered[2] as string;
    if (numbered[1] === 'image') return l.t('generate:option.imageN.name', { n });
    if (numbered[1] === 'video') return l.t('generate:option.videoN.name', { n });
    return l.t('generate:option.audioN.name', { n });
  }
  const key = OPTION_KEYS[option as keyof typeof OPTION_KEYS];
  return key ? l.t(`generate:option.${key}.name`) : option;
}

/**
 * An option's name and description: the English in the definition (what args.ts reads), every
 * other language in its `name_localizations` and `description_localizations`.
 */
function named<const N extends string>(name: N, description: Text) {
  return {
    name,
    name_localizations: localizations((l) => localOptionName(name, l)),
    description: description(english),
    description_localizations: localizations(description),
  } as const;
}

/** The required prompt. */
export function promptOption(description: Text) {
  return {
    type: ApplicationCommandOptionType.String,
    ...named('prompt', description),
    required: true,
    // Discord counts characters of the string; the bot counts code points (see MAX_PROMPT_LENGTH),
    // so a prompt Discord lets through is one the bot and the service accept.
    max_length: MAX_PROMPT_LENGTH,
  } as const;
}

/** A text option; with `autocomplete`, its choices come from the catalog (autocomplete.ts). */
export function stringOption<const N extends string>(name: N, description: Text, autocomplete = false) {
  return {
    type: ApplicationCommandOptionType.String,
    ...named(name, description),
    ...(autocomplete ? { autocomplete: true as const } : {}),
  } as const;
}

/** A text option whose values are these choices (each choice's name localized by its caller). */
export function choiceOption<
  const N extends string,
  const C extends { name: string; value: string; name_localizations?: LocalizationMap }[],
>(name: N, description: Text, choices: C) {
  return { type: ApplicationCommandOptionType.String, ...named(name, description), choices } as const;
}

/** A whole-number option; with `autocomplete`, its choices come from the catalog. */
export function integerOption<const N extends string>(name: N, description: Text, autocomplete = false) {
  return {
    type: ApplicationCommandOptionType.Integer,
    ...named(name, description),
    ...(autocomplete ? { autocomplete: true as const } : {}),
  } as const;
}

/** How many takes of the same request: the range is the quota's (quota/takes.ts). */
export function countOption() {
  return {
    type: ApplicationCommandOptionType.Integer,
    ...named('count', (l) => l.t('generate:option.count.description')),
    min_value: TAKES.min,
    max_value: TAKES.max,
  } as const;
}

export function booleanOption<const N extends string>(name: N, description: Text) {
  return { type: ApplicationCommandOptionType.Boolean, ...named(name, description) } as const;
}

export function attachmentOption<const N extends string>(name: N, description: Text) {
  return { type: ApplicationCommandOptionType.Attachment, ...named(name, description) } as const;
}

/** Names of numbered reference-image options, in order: `image`, `image2`, … `image14`. */
export const IMAGE_NAMES = [
  'image',
  'image2',
  'image3',
  'image4',
  'image5',
  'image6',
  'image7',
  'image8',
  'image9',
  'image10',
  'image11',
  'image12',
  'image13',
  'image14',
] as const;

export type ImageName = (typeof IMAGE_NAMES)[number];

/** The first N elements of a tuple, as a tuple type. */
type Take<
  T extends readonly unknown[],
  N extends number,
  Taken extends unknown[] = [],
> = Taken['length'] extends N
  ? Taken
  : T extends readonly [infer Head, ...infer Rest]
    ? Take<Rest, N, [...Taken, Head]>
    : Taken;

/** The names of the first `count` numbered image options (`imageNames(3)` is `['image', 'image2', 'image3']`). */
export function imageNames<const N extends number>(count: N): Take<typeof IMAGE_NAMES, N> {
  return IMAGE_NAMES.slice(0, count) as unknown as Take<typeof IMAGE_NAMES, N>;
}

/** Numbered image attachments (`image` described as `first`, then `Reference image 2`, …). */
export function numberedImages<const N extends ImageName>(names: readonly N[], first: Text) {
  return names.map((name) =>
    attachmentOption(
      name,
      name === 'image'
        ? first
        : (l) => l.t('generate:option.imageN.description', { n: name.slice('image'.length) }),
    ),
  );
}
