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
import { type ArgsParam, readArgs } from '../src/discord/interactions/args.ts';
import type { Command } from '../src/discord/interactions/command.ts';
import { commandTexts, memberLocalizer } from '../src/discord/interactions/locale.ts';
import {
  booleanOption,
  countOption,
  imageNames,
  integerOption,
  numberedImages,
  promptOption,
  stringOption,
} from '../src/discord/interactions/option-builders.ts';
import type { Localizer } from '../src/i18n/index.ts';
import type { CreateGenerationRequest } from '../src/media/schemas.ts';

/** 9 attachments: the most any video family takes by the spec (motion); more go by `image_urls`. */
const IMAGES = imageNames(9);

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('generate:command.video.name'),
    (l) => l.t('generate:command.video.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    promptOption((l) => l.t('generate:option.prompt.video')),
    stringOption('model', (l) => l.t('generate:option.model.video'), true),
    integerOption('duration', (l) => l.t('generate:option.duration.description'), true),
    stringOption('resolution', (l) => l.t('generate:option.resolution.video'), true),
    stringOption('aspect_ratio', (l) => l.t('generate:option.aspectRatio.description'), true),
    stringOption('mode', (l) => l.t('generate:option.mode.video'), true),
    stringOption('style', (l) => l.t('generate:option.style.video'), true),
    ...numberedImages(IMAGES, (l) => l.t('generate:option.image.firstFrame')),
    stringOption('image_urls', (l) => l.t('generate:option.imageUrls.description')),
    booleanOption('generate_audio', (l) => l.t('generate:option.generateAudio.video')),
    integerOption('seed', (l) => l.t('generate:option.seed.video')),
    booleanOption('return_last_frame', (l) => l.t('generate:option.returnLastFrame.video')),
    countOption(),
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * The request /video's options make: attached images first (the first is the first frame), then
 * URLs. A refusal (an attachment of the wrong kind) speaks `l`.
 */
export function videoRequest(args: ArgsParam<typeof data>, l: Localizer): CreateGenerationRequest {
  return readRequest('video', {
    model: args.model,
    prompt: args.prompt,
    duration: args.duration,
    resolution: args.resolution,
    aspect_ratio: args.aspect_ratio,
    mode: args.mode,
    style: args.style,
    image_urls: [...referenceUrls(args, IMAGES, 'image', l), ...splitUrls(args.image_urls)],
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
    const l = memberLocalizer(interaction);
    await handleGenerate(interaction, services, 'video', videoRequest(args, l), {
      member: defaults,
      count: args.count,
    });
  },
  autocomplete: generationAutocomplete('video'),
};
