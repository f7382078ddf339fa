/** /video: make a video from a prompt. */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { MAX_PROMPT_LENGTH } from '../src/catalog/validate.ts';
import { generationAutocomplete } from '../src/discord/autocomplete.ts';
import type { Command } from '../src/discord/command.ts';
import { handleConfirmButton } from '../src/discord/confirm.ts';
import { handleGenerate } from '../src/discord/generate.ts';

const data = {
  type: ApplicationCommandType.ChatInput,
  name: 'video',
  description: 'Create a video from a text prompt',
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'prompt',
      description: 'What the video shows',
      required: true,
      // Discord counts characters of the string; the bot counts code points (see MAX_PROMPT_LENGTH),
      // so a prompt Discord lets through is one the bot and the service accept.
      max_length: MAX_PROMPT_LENGTH,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'model',
      description: 'Video model (price shown)',
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'duration',
      description: 'Length in seconds',
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'resolution',
      description: 'Resolution, e.g. 720p',
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'aspect_ratio',
      description: 'Aspect ratio, e.g. 16:9',
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'mode',
      description: 'Mode (models that have modes)',
      autocomplete: true,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'style',
      description: 'Style (orbit models)',
      autocomplete: true,
    },
    { type: ApplicationCommandOptionType.Attachment, name: 'image', description: 'The first frame' },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'generate_audio',
      description: 'Generate audio (motion models)',
    },
    {
      type: ApplicationCommandOptionType.Integer,
      name: 'seed',
      description: 'Seed for similar results (motion models)',
    },
    {
      type: ApplicationCommandOptionType.Boolean,
      name: 'return_last_frame',
      description: 'Also return the last frame, to continue the video from (motion models)',
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const video: Command = {
  data,
  execute: (interaction, services) => handleGenerate(interaction, services, 'video'),
  button: handleConfirmButton,
  autocomplete: generationAutocomplete('video'),
};
