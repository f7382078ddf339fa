/**
 * /video-pro: one subcommand per video model family, each showing only the fields its models take
 * (Discord allows 25 options per subcommand, and a command cannot mix subcommands with options of
 * its own, so the simple case stays in /video). The model option offers the family's models only.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { VIDEO_FAMILIES, type VideoFamily } from '../src/catalog/families.ts';
import { ORBIT_STYLES } from '../src/catalog/service-rules.ts';
import { generationAutocomplete } from '../src/discord/generation/autocomplete.ts';
import { handleGenerate } from '../src/discord/generation/generate.ts';
import { readRequest, splitUrls } from '../src/discord/generation/read-request.ts';
import { referenceUrls } from '../src/discord/generation/references.ts';
import { type ArgsParam, readArgs } from '../src/discord/interactions/args.ts';
import { type Command, UserError } from '../src/discord/interactions/command.ts';
import {
  attachmentOption,
  booleanOption,
  imageNames,
  integerOption,
  numberedImages,
  promptOption,
  stringOption,
} from '../src/discord/interactions/option-builders.ts';
import { escapeMemberText } from '../src/discord/views/message-parts.ts';
import type { CreateGenerationRequest } from '../src/media/schemas.ts';

const NINE_IMAGES = imageNames(9);
const THREE_IMAGES = imageNames(3);
const VIDEOS = ['video', 'video2', 'video3'] as const;
const AUDIOS = ['audio', 'audio2', 'audio3'] as const;
const FUSION = ['scene', 'character', 'object'] as const;

const prompt = promptOption('What the video shows');
const duration = integerOption('duration', 'Length in seconds', true);
const resolution = stringOption('resolution', 'Resolution, e.g. 720p (costs more)', true);
const aspectRatio = stringOption('aspect_ratio', 'Aspect ratio, e.g. 16:9', true);
const imageUrls = stringOption('image_urls', 'More reference image URLs, separated by spaces');

const data = {
  type: ApplicationCommandType.ChatInput,
  name: 'video-pro',
  description: "Create a video with a model family's own options",
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'motion',
      description: 'Motion 2.0 models: video and audio references, seed, camera and more',
      options: [
        prompt,
        stringOption('model', 'Motion model (price shown)', true),
        duration,
        resolution,
        aspectRatio,
        ...numberedImages(NINE_IMAGES, 'The first frame'),
        attachmentOption('video', 'A reference video (MP4, WebM, MOV); lowers the price'),
        attachmentOption('video2', 'Reference video 2'),
        attachmentOption('video3', 'Reference video 3'),
        attachmentOption('audio', 'A reference audio file (MP3, WAV, M4A, OGG)'),
        attachmentOption('audio2', 'Reference audio 2'),
        attachmentOption('audio3', 'Reference audio 3'),
        booleanOption('generate_audio', 'Generate audio with the video'),
        booleanOption('camera_fixed', 'Keep the camera still'),
        booleanOption('web_search', 'Let the model search the web'),
        booleanOption('return_last_frame', 'Also return the last frame as an image'),
        integerOption('seed', 'Same seed and prompt give similar results'),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'orbit',
      description: 'Orbit 2 models: style, watermark, private',
      options: [
        prompt,
        stringOption('model', 'Orbit model (price shown)', true),
        duration,
        resolution,
        aspectRatio,
        {
          type: ApplicationCommandOptionType.String,
          name: 'style',
          description: 'Visual style',
          choices: ORBIT_STYLES.map((s) => ({ name: s, value: s })),
        },
        booleanOption('watermark', 'Add a watermark'),
        booleanOption('private', 'Ask the service to keep the video private'),
        ...numberedImages(NINE_IMAGES, 'The first frame'),
        imageUrls,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'vista',
      description: 'Vista 3.1 models: a first frame, or up to 3 reference images',
      options: [
        prompt,
        stringOption('model', 'Vista model (price shown)', true),
        {
          type: ApplicationCommandOptionType.String,
          name: 'mode',
          description: 'frame: image becomes the first frame; ingredient: up to 3 references',
          choices: [
            { name: 'frame (the image is the first frame)', value: 'frame' },
            { name: 'ingredient (up to 3 reference images)', value: 'ingredient' },
          ],
        },
        resolution,
        aspectRatio,
        ...numberedImages(THREE_IMAGES, 'The first frame, or a reference image'),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'omni',
      description: 'Omni Flash Ext: a first frame, or scene, character and object',
      options: [
        prompt,
        duration,
        resolution,
        aspectRatio,
        attachmentOption('image', 'The first frame (alone)'),
        attachmentOption('scene', 'The scene (with character and object)'),
        attachmentOption('character', 'The character (with scene and object)'),
        attachmentOption('object', 'The object (with scene and character)'),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'quick',
      description: 'Quick Video 1: modes, 6 to 30 seconds',
      options: [
        prompt,
        duration,
        resolution,
        aspectRatio,
        stringOption('mode', 'Mode', true),
        ...numberedImages(NINE_IMAGES, 'The first frame'),
        imageUrls,
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The request a /video-pro subcommand's options make. */
export function videoProRequest(a: ArgsParam<typeof data>): CreateGenerationRequest {
  switch (a.subcommand) {
    case 'motion': {
      const { args } = a;
      return readRequest('video', {
        ...common(args),
        model: familyModel('motion', args.model),
        duration: args.duration,
        image_urls: referenceUrls(args, NINE_IMAGES, 'image'),
        video_urls: referenceUrls(args, VIDEOS, 'video'),
        audio_urls: referenceUrls(args, AUDIOS, 'audio'),
        generate_audio: args.generate_audio,
        camera_fixed: args.camera_fixed,
        web_search: args.web_search,
        return_last_frame: args.return_last_frame,
        seed: args.seed,
      });
    }
    case 'orbit': {
      const { args } = a;
      return readRequest('video', {
        ...common(args),
        model: familyModel('orbit', args.model),
        duration: args.duration,
        style: args.style,
        watermark: args.watermark,
        private: args.private,
        image_urls: [...referenceUrls(args, NINE_IMAGES, 'image'), ...splitUrls(args.image_urls)],
      });
    }
    case 'vista': {
      const { args } = a;
      // No duration: vista-3.1-fast has one (8 s), and vista-3.1-lite takes none (service-rules.ts).
      return readRequest('video', {
        ...common(args),
        model: familyModel('vista', args.model),
        mode: args.mode,
        image_urls: referenceUrls(args, THREE_IMAGES, 'image'),
      });
    }
    case 'omni': {
      const { args } = a;
      const first = referenceUrls(args, ['image'], 'image');
      const fusion = referenceUrls(args, FUSION, 'image');
      if (fusion.length > 0 && (fusion.length < FUSION.length || first.length > 0)) {
        throw new UserError(
          'Omni Flash Ext takes either one image (the first frame) or exactly three: scene, character and object together. Nothing was sent and nothing was charged.',
        );
      }
      return readRequest('video', {
        ...common(args),
        model: familyModel('omni', undefined),
        duration: args.duration,
        image_urls: [...first, ...fusion],
      });
    }
    case 'quick': {
      const { args } = a;
      return readRequest('video', {
        ...common(args),
        model: familyModel('quick', undefined),
        duration: args.duration,
        mode: args.mode,
        image_urls: [...referenceUrls(args, NINE_IMAGES, 'image'), ...splitUrls(args.image_urls)],
      });
    }
  }
}

/** The fields every subcommand has. */
function common(args: { prompt: string; resolution?: string; aspect_ratio?: string }) {
  return { prompt: args.prompt, resolution: args.resolution, aspect_ratio: args.aspect_ratio };
}

/** The model named (one of the family's), or the family's first when none. */
function familyModel(family: VideoFamily, named: string | undefined): string {
  const { slugs } = VIDEO_FAMILIES[family];
  const slug = named?.trim();
  if (!slug) return slugs[0] as string;
  if (!slugs.includes(slug)) {
    throw new UserError(
      `"${escapeMemberText(slug.slice(0, 100))}" is not one of the ${family} models (${slugs.join(', ')}); use /video for any model. Nothing was sent and nothing was charged.`,
    );
  }
  return slug;
}

export const videoPro: Command = {
  data,
  execute: async (interaction, services) =>
    handleGenerate(interaction, services, 'video', videoProRequest(readArgs(interaction, data))),
  autocomplete: generationAutocomplete('video'),
};
