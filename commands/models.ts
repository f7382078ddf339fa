/** /models: the catalog as members see it, or one model in detail; privately. */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { autocompleteChoices, MAX_CHOICES } from '../src/discord/generation/autocomplete.ts';
import { readArgs } from '../src/discord/interactions/args.ts';
import { type Command, UserError } from '../src/discord/interactions/command.ts';
import type { BotServices } from '../src/discord/interactions/services.ts';
import { codeText, renderModelDetail, renderModelList } from '../src/discord/views/models-view.ts';
import { NotFoundError } from '../src/media/errors.ts';

const data = {
  type: ApplicationCommandType.ChatInput,
  name: 'models',
  description: 'The generation models: prices, resolutions, durations, ratios, modes and docs',
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      name: 'model',
      description: 'One model in detail',
      autocomplete: true,
      max_length: 100,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

const NOT_LOADED =
  'The generation service has not been reachable since the bot started, so the bot does not know the models yet. Please try again in a minute.';

export const models: Command = {
  data,
  async execute(interaction, services) {
    const slug = readArgs(interaction, data).model?.trim();
    if (slug) await showOne(interaction, services, slug);
    else await showModelList(interaction, services);
  },
  async autocomplete(interaction, services) {
    const typed = String(interaction.options.getFocused());
    // The model autocomplete of /imagine and /video, for both types, in the catalog's order.
    const choices = (['video', 'image'] as const).flatMap((type) =>
      autocompleteChoices(services.catalog, type, 'model', typed, null),
    );
    await interaction.respond(choices.slice(0, MAX_CHOICES));
  },
};

/** What /models without a model answers, to the command or to /help's "Models" button: the same reply either way. */
export async function showModelList(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  services: BotServices,
): Promise<void> {
  if (!services.catalog.ready) throw new UserError(NOT_LOADED);
  const [first, ...rest] = renderModelList(services.catalog.list());
  await interaction.reply({
    embeds: first?.embeds ?? [],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  // A catalog too long for one message continues in private follow-ups.
  for (const message of rest) {
    await interaction.followUp({
      embeds: message.embeds,
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  }
}

async function showOne(
  interaction: ChatInputCommandInteraction,
  services: BotServices,
  slug: string,
): Promise<void> {
  const { catalog, media, logger } = services;
  // One request that shares the token's rate limit: answer Discord within 3 s first.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const shown = `\`${codeText(slug)}\``;
  let view: ReturnType<typeof renderModelDetail>;
  try {
    view = renderModelDetail(
      await media.getModel(catalog.get(slug)?.slug ?? slug, { priority: 'submit' }),
      'service',
    );
  } catch (err) {
    if (err instanceof NotFoundError)
      throw new UserError(`There is no model ${shown}. Run /models without a model to see them all.`);
    logger.warn({ err, model: slug }, '/models could not read the model from the service');
    const cached = catalog.get(slug);
    if (!cached) {
      throw new UserError(
        catalog.ready
          ? `The generation service cannot be reached right now, and the bot knows no model ${shown}. Run /models without a model to see them all.`
          : NOT_LOADED,
      );
    }
    view = renderModelDetail(cached, 'cache');
  }
  await interaction.editReply({ ...view, allowedMentions: { parse: [] } });
}
