/**
 * /settings: a member's own defaults in this server, privately. With options it checks and stores
 * them (a model of the right type, an aspect ratio and a resolution that model takes, a count from
 * 1 to 4, whether to confirm every paid request); without, it shows them. Either way the answer
 * carries Reset, which only that member may press.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  type AutocompleteInteraction,
  type ButtonInteraction,
  InteractionContextType,
  MessageFlags,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { autocompleteChoices } from '../src/discord/generation/autocomplete.ts';
import { DEFAULT_MODELS } from '../src/discord/generation/read-request.ts';
import { changeDefaults, changesAnything } from '../src/discord/generation/settings-change.ts';
import { readArgs } from '../src/discord/interactions/args.ts';
import { type Command, type ComponentHandler, UserError } from '../src/discord/interactions/command.ts';
import type { CustomIdOf } from '../src/discord/interactions/custom-ids.ts';
import { commandTexts, localizations, memberLocalizer } from '../src/discord/interactions/locale.ts';
import type { BotServices } from '../src/discord/interactions/services.ts';
import { storeStep } from '../src/discord/interactions/store-reads.ts';
import { renderReset, renderSettings } from '../src/discord/views/settings-view.ts';
import { english, type Localizer } from '../src/i18n/index.ts';
import type { MediaType } from '../src/media/schemas.ts';
import { TAKES } from '../src/quota/takes.ts';

/** The options, each with its texts under `settings:command.<option>`. */
type OptionName =
  | 'image_model'
  | 'image_aspect_ratio'
  | 'image_resolution'
  | 'video_model'
  | 'video_aspect_ratio'
  | 'video_resolution'
  | 'count'
  | 'always_confirm';

/** An option's English name and description, and both in every other language. */
function texts<const N extends OptionName>(name: N) {
  const option: OptionName = name;
  const description = (l: Localizer) =>
    option === 'count'
      ? l.t('settings:command.count.description', { min: TAKES.min, max: TAKES.max })
      : l.t(`settings:command.${option}.description`);
  return {
    name,
    description: description(english),
    name_localizations: localizations((l) => l.t(`settings:command.${option}.name`)),
    description_localizations: localizations(description),
  } as const;
}

/** A text option autocompleted from the catalog, as /imagine's are. */
function choiceOption<const N extends OptionName>(name: N) {
  return {
    type: ApplicationCommandOptionType.String,
    ...texts(name),
    autocomplete: true,
    max_length: 100,
  } as const;
}

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('settings:command.name'),
    (l) => l.t('settings:command.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    choiceOption('image_model'),
    choiceOption('image_aspect_ratio'),
    choiceOption('image_resolution'),
    choiceOption('video_model'),
    choiceOption('video_aspect_ratio'),
    choiceOption('video_resolution'),
    {
      type: ApplicationCommandOptionType.Integer,
      ...texts('count'),
      min_value: TAKES.min,
      max_value: TAKES.max,
    },
    {
      type: ApplicationCommandOptionType.Boolean,
      ...texts('always_confirm'),
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** Each autocompleted option: the type of model it is about and /imagine's option it stands for. */
const AUTOCOMPLETED: Record<string, { type: MediaType; as: 'model' | 'aspect_ratio' | 'resolution' }> = {
  image_model: { type: 'image', as: 'model' },
  image_aspect_ratio: { type: 'image', as: 'aspect_ratio' },
  image_resolution: { type: 'image', as: 'resolution' },
  video_model: { type: 'video', as: 'model' },
  video_aspect_ratio: { type: 'video', as: 'aspect_ratio' },
  video_resolution: { type: 'video', as: 'resolution' },
};

export const settings: Command = {
  data,
  async execute(interaction, services) {
    const l = memberLocalizer(interaction);
    if (!interaction.inGuild())
      throw new UserError(l.t('settings:serversOnly', { command: l.t('settings:command.name') }));
    const { guildId } = interaction;
    const userId = interaction.user.id;
    const { memberDefaults, catalog, logger } = services;
    const change = readArgs(interaction, data);
    const stored = await storeStep(interaction, logger, 'your defaults', () =>
      memberDefaults.get(guildId, userId),
    );
    let shown = stored;
    let notes: string[] = [];
    if (changesAnything(change)) {
      // Checked in full before anything is written: a wrong option stores nothing.
      const next = changeDefaults(catalog, stored, change, l);
      await storeStep(interaction, logger, 'your defaults', async (signal) => {
        // Given up on (the member told nothing was saved): not written after all.
        signal.throwIfAborted();
        await memberDefaults.set(guildId, userId, next.defaults);
      });
      shown = next.defaults;
      notes = [l.t('settings:saved'), ...next.notes];
    }
    await interaction.reply({
      ...renderSettings(shown, userId, catalog, DEFAULT_MODELS, notes, l),
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
  async autocomplete(interaction: AutocompleteInteraction, services: BotServices) {
    const focused = interaction.options.getFocused(true);
    const option = AUTOCOMPLETED[focused.name];
    if (!option) {
      await interaction.respond([]);
      return;
    }
    // The same choices as /imagine's and /video's, for the model typed beside it so far.
    await interaction.respond(
      autocompleteChoices(
        services.catalog,
        option.type,
        option.as,
        String(focused.value),
        interaction.options.getString(`${option.type}_model`),
        { l: memberLocalizer(interaction) },
      ),
    );
  },
};

/** Reset on /settings' answer: forgets the presser's defaults in this server, if they are the owner. */
export const settingsComponents: ComponentHandler<'settings'> = {
  prefix: 'settings',
  async button(interaction: ButtonInteraction, services: BotServices, id: CustomIdOf<'settings'>) {
    // The router checked the press is on the bot's message here; the button names whose it is.
    const l = memberLocalizer(interaction);
    const command = l.t('settings:command.name');
    if (id.userId !== interaction.user.id) throw new UserError(l.t('settings:notYours', { command }));
    const { guildId } = interaction;
    if (!guildId) throw new UserError(l.t('settings:serversOnly', { command }));
    await storeStep(interaction, services.logger, 'your defaults', async (signal) => {
      signal.throwIfAborted();
      await services.memberDefaults.reset(guildId, interaction.user.id);
    });
    await interaction.update({ ...renderReset(l), allowedMentions: { parse: [] } });
  },
};
