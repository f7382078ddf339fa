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
  type StringSelectMenuInteraction,
} from 'discord.js';
import { autocompleteChoices, MAX_CHOICES } from '../src/discord/generation/autocomplete.ts';
import { readArgs } from '../src/discord/interactions/args.ts';
import { type Command, type ComponentHandler, UserError } from '../src/discord/interactions/command.ts';
import { commandTexts, memberLocalizer } from '../src/discord/interactions/locale.ts';
import type { BotServices } from '../src/discord/interactions/services.ts';
import { codeText, renderModelDetail, renderModelList } from '../src/discord/views/models-view.ts';
import { NotFoundError } from '../src/media/errors.ts';

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('models:command.name'),
    (l) => l.t('models:command.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.String,
      ...commandTexts(
        (l) => l.t('models:command.model.name'),
        (l) => l.t('models:command.model.description'),
      ),
      autocomplete: true,
      max_length: 100,
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

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
      autocompleteChoices(services.catalog, type, 'model', typed, null, { l: memberLocalizer(interaction) }),
    );
    await interaction.respond(choices.slice(0, MAX_CHOICES));
  },
};

/** What /models without a model answers, to the command or to /help's "Models" button: the same reply either way. */
export async function showModelList(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  services: BotServices,
): Promise<void> {
  const l = memberLocalizer(interaction);
  if (!services.catalog.ready) throw new UserError(l.t('models:errors.notLoaded'));
  const [first, ...rest] = renderModelList(services.catalog.list(), l);
  await interaction.reply({
    embeds: first?.embeds ?? [],
    components: first?.components ?? [],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  // A catalog too long for one message continues in private follow-ups.
  for (const message of rest) {
    await interaction.followUp({
      embeds: message.embeds,
      components: message.components,
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  }
}

/** A model chosen in a menu under the list: its detail, in a new private message. */
export const modelMenus: ComponentHandler<'models'> = {
  prefix: 'models',
  async select(interaction, services) {
    // The router checked the choice is on the bot's own message; the detail is the catalog's, the
    // same for every member, so no more than a server is needed.
    if (!interaction.inGuild())
      throw new UserError(memberLocalizer(interaction).t('models:errors.serversOnly'));
    const [slug] = interaction.values;
    // A modified client can send any value: only a model the menu offers is opened.
    if (!slug || !interaction.component.options.some((option) => option.value === slug)) {
      throw new UserError(memberLocalizer(interaction).t('models:errors.notOffered'));
    }
    await showOne(interaction, services, slug);
  },
};

async function showOne(
  interaction: ChatInputCommandInteraction | StringSelectMenuInteraction,
  services: BotServices,
  slug: string,
): Promise<void> {
  const { catalog, media, logger } = services;
  const l = memberLocalizer(interaction);
  // One request that shares the token's rate limit: answer Discord within 3 s first.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const shown = `\`${codeText(slug)}\``;
  let view: ReturnType<typeof renderModelDetail>;
  try {
    view = renderModelDetail(
      await media.getModel(catalog.get(slug)?.slug ?? slug, { priority: 'submit' }),
      'service',
      l,
    );
  } catch (err) {
    if (err instanceof NotFoundError) throw new UserError(l.t('models:errors.noSuchModel', { model: shown }));
    logger.warn({ err, model: slug }, '/models could not read the model from the service');
    const cached = catalog.get(slug);
    if (!cached) {
      throw new UserError(
        catalog.ready ? l.t('models:errors.unreachable', { model: shown }) : l.t('models:errors.notLoaded'),
      );
    }
    view = renderModelDetail(cached, 'cache', l);
  }
  await interaction.editReply({ ...view, allowedMentions: { parse: [] } });
}
