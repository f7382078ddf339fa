/**
 * Small builders for the options the generation commands share. Each returns a plain definition
 * whose name stays a literal type, so `ArgsParam<typeof data>` (args.ts) still knows every option.
 */
import { ApplicationCommandOptionType } from 'discord.js';
import { MAX_PROMPT_LENGTH } from '../../catalog/validate.ts';

/** The required prompt. */
export function promptOption(description: string) {
  return {
    type: ApplicationCommandOptionType.String,
    name: 'prompt',
    description,
    required: true,
    // Discord counts characters of the string; the bot counts code points (see MAX_PROMPT_LENGTH),
    // so a prompt Discord lets through is one the bot and the service accept.
    max_length: MAX_PROMPT_LENGTH,
  } as const;
}

/** A text option; with `autocomplete`, its choices come from the catalog (autocomplete.ts). */
export function stringOption<const N extends string>(name: N, description: string, autocomplete = false) {
  return {
    type: ApplicationCommandOptionType.String,
    name,
    description,
    ...(autocomplete ? { autocomplete: true as const } : {}),
  } as const;
}

/** A whole-number option; with `autocomplete`, its choices come from the catalog. */
export function integerOption<const N extends string>(name: N, description: string, autocomplete = false) {
  return {
    type: ApplicationCommandOptionType.Integer,
    name,
    description,
    ...(autocomplete ? { autocomplete: true as const } : {}),
  } as const;
}

/** How many takes of the same request (1 to 4; takes.ts reads it). */
export function countOption() {
  return {
    type: ApplicationCommandOptionType.Integer,
    name: 'count',
    description: 'How many takes of this request, shown together (1 to 4; each is charged)',
    min_value: 1,
    max_value: 4,
  } as const;
}

export function booleanOption<const N extends string>(name: N, description: string) {
  return { type: ApplicationCommandOptionType.Boolean, name, description } as const;
}

export function attachmentOption<const N extends string>(name: N, description: string) {
  return { type: ApplicationCommandOptionType.Attachment, name, description } as const;
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
export function numberedImages<const N extends ImageName>(names: readonly N[], first: string) {
  return names.map((name) =>
    attachmentOption(name, name === 'image' ? first : `Reference image ${name.slice('image'.length)}`),
  );
}
