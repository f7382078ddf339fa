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
  commandName,
  commandTexts,
  localizations,
  memberLocalizer,
  type Text,
} from '../src/discord/interactions/locale.ts';
import {
  attachmentOption,
  booleanOption,
  choiceOption,
  imageNames,
  integerOption,
  numberedImages,
  promptOption,
  stringOption,
} from '../src/discord/interactions/option-builders.ts';
import { escapeMemberText } from '../src/discord/views/message-parts.ts';
import { english, type Localizer } from '../src/i18n/index.ts';
import type { CreateGenerationRequest } from '../src/media/schemas.ts';

const NINE_IMAGES = imageNames(9);
const THREE_IMAGES = imageNames(3);
const VIDEOS = ['video', 'video2', 'video3'] as const;
const AUDIOS = ['audio', 'audio2', 'audio3'] as const;
const FUSION = ['scene', 'character', 'object'] as const;

const prompt = promptOption((l) => l.t('generate:option.prompt.video'));
const duration = integerOption('duration', (l) => l.t('generate:option.duration.description'), true);
const resolution = stringOption('resolution', (l) => l.t('generate:option.resolution.pro'), true);
const aspectRatio = stringOption('aspect_ratio', (l) => l.t('generate:option.aspectRatio.description'), true);
const imageUrls = stringOption('image_urls', (l) => l.t('generate:option.imageUrls.description'));
const firstFrame: Text = (l) => l.t('generate:option.image.firstFrame');

/**
 * A subcommand's description in every language. Its name is the model family's, which stays as
 * it is in every language (model names are not translated): said so explicitly, for every locale.
 */
const family = (name: VideoFamily) =>
  ({
    name_localizations: localizations(() => name),
    description: english.t(`generate:command.videoPro.${name}`),
    description_localizations: localizations((l) => l.t(`generate:command.videoPro.${name}`)),
  }) as const;

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('generate:command.videoPro.name'),
    (l) => l.t('generate:command.videoPro.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'motion',
      ...family('motion'),
      options: [
        prompt,
        stringOption('model', (l) => l.t('generate:option.model.motion'), true),
        duration,
        resolution,
        aspectRatio,
        ...numberedImages(NINE_IMAGES, firstFrame),
        attachmentOption('video', (l) => l.t('generate:option.video.description')),
        attachmentOption('video2', (l) => l.t('generate:option.videoN.description', { n: 2 })),
        attachmentOption('video3', (l) => l.t('generate:option.videoN.description', { n: 3 })),
        attachmentOption('audio', (l) => l.t('generate:option.audio.description')),
        attachmentOption('audio2', (l) => l.t('generate:option.audioN.description', { n: 2 })),
        attachmentOption('audio3', (l) => l.t('generate:option.audioN.description', { n: 3 })),
        booleanOption('generate_audio', (l) => l.t('generate:option.generateAudio.motion')),
        booleanOption('camera_fixed', (l) => l.t('generate:option.cameraFixed.description')),
        booleanOption('web_search', (l) => l.t('generate:option.webSearch.description')),
        booleanOption('return_last_frame', (l) => l.t('generate:option.returnLastFrame.motion')),
        integerOption('seed', (l) => l.t('generate:option.seed.motion')),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'orbit',
      ...family('orbit'),
      options: [
        prompt,
        stringOption('model', (l) => l.t('generate:option.model.orbit'), true),
        duration,
        resolution,
        aspectRatio,
        // The member reads a style in their language; the value sent is the service's own name.
        choiceOption(
          'style',
          (l) => l.t('generate:option.style.orbit'),
          ORBIT_STYLES.map((s) => ({
            ...commandName((l) => l.t(`generate:style.${s}`)),
            value: s,
          })),
        ),
        booleanOption('watermark', (l) => l.t('generate:option.watermark.description')),
        booleanOption('private', (l) => l.t('generate:option.private.description')),
        ...numberedImages(NINE_IMAGES, firstFrame),
        imageUrls,
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'vista',
      ...family('vista'),
      options: [
        prompt,
        stringOption('model', (l) => l.t('generate:option.model.vista'), true),
        choiceOption('mode', (l) => l.t('generate:option.mode.vista'), [
          { ...commandName((l) => l.t('generate:option.mode.frame')), value: 'frame' },
          { ...commandName((l) => l.t('generate:option.mode.ingredient')), value: 'ingredient' },
        ]),
        resolution,
        aspectRatio,
        ...numberedImages(THREE_IMAGES, (l) => l.t('generate:option.image.firstOrReference')),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'omni',
      ...family('omni'),
      options: [
        prompt,
        duration,
        resolution,
        aspectRatio,
        attachmentOption('image', (l) => l.t('generate:option.image.firstAlone')),
        attachmentOption('scene', (l) => l.t('generate:option.scene.description')),
        attachmentOption('character', (l) => l.t('generate:option.character.description')),
        attachmentOption('object', (l) => l.t('generate:option.object.description')),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'quick',
      ...family('quick'),
      options: [
        prompt,
        duration,
        resolution,
        aspectRatio,
        stringOption('mode', (l) => l.t('generate:option.mode.quick'), true),
        ...numberedImages(NINE_IMAGES, firstFrame),
        imageUrls,
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The request a /video-pro subcommand's options make; a refusal speaks `l`. */
export function videoProRequest(a: ArgsParam<typeof data>, l: Localizer): CreateGenerationRequest {
  switch (a.subcommand) {
    case 'motion': {
      const { args } = a;
      return readRequest('video', {
        ...common(args),
        model: familyModel('motion', args.model, l),
        duration: args.duration,
        image_urls: referenceUrls(args, NINE_IMAGES, 'image', l),
        video_urls: referenceUrls(args, VIDEOS, 'video', l),
        audio_urls: referenceUrls(args, AUDIOS, 'audio', l),
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
        model: familyModel('orbit', args.model, l),
        duration: args.duration,
        style: args.style,
        watermark: args.watermark,
        private: args.private,
        image_urls: [...referenceUrls(args, NINE_IMAGES, 'image', l), ...splitUrls(args.image_urls)],
      });
    }
    case 'vista': {
      const { args } = a;
      // No duration: vista-3.1-fast has one (8 s), and vista-3.1-lite takes none (service-rules.ts).
      return readRequest('video', {
        ...common(args),
        model: familyModel('vista', args.model, l),
        mode: args.mode,
        image_urls: referenceUrls(args, THREE_IMAGES, 'image', l),
      });
    }
    case 'omni': {
      const { args } = a;
      const first = referenceUrls(args, ['image'], 'image', l);
      const fusion = referenceUrls(args, FUSION, 'image', l);
      if (fusion.length > 0 && (fusion.length < FUSION.length || first.length > 0)) {
        throw new UserError(l.t('generate:pro.omniImages'));
      }
      return readRequest('video', {
        ...common(args),
        model: familyModel('omni', undefined, l),
        duration: args.duration,
        image_urls: [...first, ...fusion],
      });
    }
    case 'quick': {
      const { args } = a;
      return readRequest('video', {
        ...common(args),
        model: familyModel('quick', undefined, l),
        duration: args.duration,
        mode: args.mode,
        image_urls: [...referenceUrls(args, NINE_IMAGES, 'image', l), ...splitUrls(args.image_urls)],
      });
    }
  }
}

/** The fields every subcommand has. */
function common(args: { prompt: string; resolution?: string; aspect_ratio?: string }) {
  return { prompt: args.prompt, resolution: args.resolution, aspect_ratio: args.aspect_ratio };
}

/** The model named (one of the family's), or the family's first when none. */
function familyModel(family: VideoFamily, named: string | undefined, l: Localizer): string {
  const { slugs } = VIDEO_FAMILIES[family];
  const slug = named?.trim();
  if (!slug) return slugs[0] as string;
  if (!slugs.includes(slug)) {
    throw new UserError(
      l.t('generate:pro.notInFamily', {
        model: escapeMemberText(slug.slice(0, 100)),
        family,
        models: slugs.join(', '),
      }),
    );
  }
  return slug;
}

export const videoPro: Command = {
  data,
  execute: async (interaction, services) =>
    handleGenerate(
      interaction,
      services,
      'video',
      videoProRequest(readArgs(interaction, data), memberLocalizer(interaction)),
    ),
  autocomplete: generationAutocomplete('video'),
};
