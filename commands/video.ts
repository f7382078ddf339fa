/**
 * /video: make a video from a prompt, with any video model and the options most of them share.
 * Each family's own fields (video and audio references, orbit's watermark, omni's scene/character/
 * object) are in /video-pro, one subcommand per family.
 */
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
  booleanOption,
  countOption,
  imageNames,
  integerOption,
  numberedImages,
  promptOption,
  stringOption,
} from '../src/discord/interactions/option-builders.ts';
import type { CreateGenerationRequest } from '../src/media/schemas.ts';

/** 9 attachments: the most any video family takes by the spec (motion); more go by `image_urls`. */
const IMAGES = imageNames(9);

const data = {
  type: ApplicationCommandType.ChatInput,
  name: 'video',
  description: 'Create a video from a text prompt',
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    promptOption('What the video shows'),
    stringOption('model', 'Video model (price shown)', true),
    integerOption('duration', 'Length in seconds', true),
    stringOption('resolution', 'Resolution, e.g. 720p', true),
    stringOption('aspect_ratio', 'Aspect ratio, e.g. 16:9', true),
    stringOption('mode', 'Mode (models that have modes)', true),
    stringOption('style', 'Style (orbit models)', true),
    ...numberedImages(IMAGES, 'The first frame'),
    stringOption('image_urls', 'More reference image URLs, separated by spaces'),
    booleanOption('generate_audio', 'Generate audio (motion models)'),
    integerOption('seed', 'Seed for similar results (motion models)'),
    booleanOption('return_last_frame', 'Also return the last frame, to continue from (motion models)'),
    countOption(),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The request /video's options make: attached images first (the first is the first frame), then URLs. */
export function videoRequest(args: ArgsParam<typeof data>): CreateGenerationRequest {
  return readRequest('video', {
    model: args.model,
    prompt: args.prompt,
    duration: args.duration,
    resolution: args.resolution,
    aspect_ratio: args.aspect_ratio,
    mode: args.mode,
    style: args.style,
    image_urls: [...referenceUrls(args, IMAGES, 'image'), ...splitUrls(args.image_urls)],
    generate_audio: args.generate_audio,
    seed: args.seed,
    return_last_frame: args.return_last_frame,
  });
}

export const video: Command = {
  data,
  async execute(interaction, services) {
    // The member's own defaults (/settings) under the options: an option given always wins.
    const { args, defaults } = await underMemberDefaults(
      interaction,
      services,
      'video',
      readArgs(interaction, data),
    );
    const count = takeCount(args.count ?? defaults.count);
    await handleGenerate(interaction, services, 'video', videoRequest(args), defaults, count);
  },
  autocomplete: generationAutocomplete('video'),
};
