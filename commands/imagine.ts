/** /imagine: make an image from a prompt, with up to 14 reference images attached and more by URL. */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { generationAutocomplete } from '../src/discord/generation/autocomplete.ts';
import { handleGenerate } from '../src/discord/generation/generate.ts';
import { underMemberDefaults } from '../src/discord/generation/member-defaults.ts';
import { readRequest, splitUrls } from '../src/discord/generation/read-request.ts';
import { referenceUrls } from '../src/discord/generation/references.ts';
import { type ArgsParam, readArgs } from '../src/discord/interactions/args.ts';
import type { Command } from '../src/discord/interactions/command.ts';
import { commandTexts, memberLocalizer } from '../src/discord/interactions/locale.ts';
import {
  countOption,
  IMAGE_NAMES,
  numberedImages,
  promptOption,
  stringOption,
} from '../src/discord/interactions/option-builders.ts';
import type { Localizer } from '../src/i18n/index.ts';
import type { CreateGenerationRequest } from '../src/media/schemas.ts';

/**
 * 14 attachments: the spec's limit for image models. lang-image-2 takes 16 and dream-5.0-lite 10;
 * lang-image-2's last two go by `image_urls`, and validation refuses an 11th on dream-5.0-lite.
 */
const IMAGES = IMAGE_NAMES;

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('generate:command.imagine.name'),
    (l) => l.t('generate:command.imagine.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    promptOption((l) => l.t('generate:option.prompt.image')),
    stringOption('model', (l) => l.t('generate:option.model.image'), true),
    stringOption('aspect_ratio', (l) => l.t('generate:option.aspectRatio.description'), true),
    stringOption('resolution', (l) => l.t('generate:option.resolution.image'), true),
    ...numberedImages(IMAGES, (l) => l.t('generate:option.image.reference')),
    stringOption('image_urls', (l) => l.t('generate:option.imageUrls.description')),
    countOption(),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * The request /imagine's options make: attached images first, in option order, then the URLs. A
 * refusal (an attachment of the wrong kind) speaks `l`.
 */
export function imagineRequest(args: ArgsParam<typeof data>, l: Localizer): CreateGenerationRequest {
  return readRequest('image', {
    model: args.model,
    prompt: args.prompt,
    aspect_ratio: args.aspect_ratio,
    resolution: args.resolution,
    image_urls: [...referenceUrls(args, IMAGES, 'image', l), ...splitUrls(args.image_urls)],
  });
}

export const imagine: Command = {
  data,
  async execute(interaction, services) {
    // The member's own defaults (/settings) under the options: an option given always wins.
    const { args, defaults } = await underMemberDefaults(
      interaction,
      services,
      'image',
      readArgs(interaction, data),
    );
    const l = memberLocalizer(interaction);
    await handleGenerate(interaction, services, 'image', imagineRequest(args, l), {
      member: defaults,
      count: args.count,
    });
  },
  autocomplete: generationAutocomplete('image'),
};
