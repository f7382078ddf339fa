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
import { takeCount } from '../src/discord/generation/takes.ts';
import { type ArgsParam, readArgs } from '../src/discord/interactions/args.ts';
import type { Command } from '../src/discord/interactions/command.ts';
import {
  countOption,
  IMAGE_NAMES,
  numberedImages,
  promptOption,
  stringOption,
} from '../src/discord/interactions/option-builders.ts';
import type { CreateGenerationRequest } from '../src/media/schemas.ts';

/**
 * 14 attachments: the spec's limit for image models. lang-image-2 takes 16 and dream-5.0-lite 10;
 * lang-image-2's last two go by `image_urls`, and validation refuses an 11th on dream-5.0-lite.
 */
const IMAGES = IMAGE_NAMES;

const data = {
  type: ApplicationCommandType.ChatInput,
  name: 'imagine',
  description: 'Create an image from a text prompt',
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    promptOption('What the image shows'),
    stringOption('model', 'Image model (price shown)', true),
    stringOption('aspect_ratio', 'Aspect ratio, e.g. 16:9', true),
    stringOption('resolution', 'Resolution, e.g. 2K (costs more)', true),
    ...numberedImages(IMAGES, 'A reference image'),
    stringOption('image_urls', 'More reference image URLs, separated by spaces'),
    countOption(),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The request /imagine's options make: attached images first, in option order, then the URLs. */
export function imagineRequest(args: ArgsParam<typeof data>): CreateGenerationRequest {
  return readRequest('image', {
    model: args.model,
    prompt: args.prompt,
    aspect_ratio: args.aspect_ratio,
    resolution: args.resolution,
    image_urls: [...referenceUrls(args, IMAGES, 'image'), ...splitUrls(args.image_urls)],
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
    const count = takeCount(args.count ?? defaults.count);
    await handleGenerate(interaction, services, 'image', imagineRequest(args), defaults, count);
  },
  autocomplete: generationAutocomplete('image'),
};
