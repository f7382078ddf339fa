/** /imagine: make an image from a prompt. */
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
  name: 'imagine',
  description: 'Create an image from a text prompt',
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'prompt',
      description: 'What the image shows',
      required: true,
      // Discord counts characters of the string; the bot counts code points (see MAX_PROMPT_LENGTH),
      // so a prompt Discord lets through is one the bot and the service accept.
      max_length: MAX_PROMPT_LENGTH,
    },
    {
      type: ApplicationCommandOptionType.String,
      name: 'model',
      description: 'Image model (price shown)',
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
      name: 'resolution',
      description: 'Resolution, e.g. 2K (costs more)',
      autocomplete: true,
    },
    { type: ApplicationCommandOptionType.Attachment, name: 'image', description: 'A reference image' },
    {
      type: ApplicationCommandOptionType.String,
      name: 'image_urls',
      description: 'More reference image URLs, separated by spaces',
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const imagine: Command = {
  data,
  execute: (interaction, services) => handleGenerate(interaction, services, 'image'),
  button: handleConfirmButton,
  autocomplete: generationAutocomplete('image'),
};
