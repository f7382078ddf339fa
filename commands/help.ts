/**
 * /help: what the bot does, its commands, how the member's quota works with their allowance, the
 * admins' part for admins (with how many prompt rules the server has), and buttons that answer as /models and /usage do; privately.
 */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  type ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import {
  type BotInteractions,
  type Command,
  type ComponentHandler,
  UserError,
} from '../src/discord/interactions/command.ts';
import { commandTexts, memberLocalizer } from '../src/discord/interactions/locale.ts';
import { hasManageGuild, roleIdsOf } from '../src/discord/interactions/permissions.ts';
import type { BotServices } from '../src/discord/interactions/services.ts';
import { StoreFaultError, storeStep } from '../src/discord/interactions/store-reads.ts';
import { type HelpAllowance, type HelpPromptRules, renderHelp } from '../src/discord/views/help-view.ts';
import { showModelList } from './models.ts';
import { showUsage } from './usage.ts';

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('help:command.name'),
    (l) => l.t('help:command.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/**
 * /help, listing what `registered` gives when it runs: the list the router and the deploy script
 * read (commands/index.ts), which holds /help itself, hence a function rather than an import.
 */
export function helpCommand(
  registered: () => Pick<BotInteractions, 'commands' | 'messageCommands'>,
): Command {
  return {
    data,
    async execute(interaction, services) {
      const l = memberLocalizer(interaction);
      if (!interaction.inGuild())
        throw new UserError(l.t('help:serversOnly', { command: l.t('help:command.name') }));
      const admin = hasManageGuild(interaction);
      // Read side by side: both share the deadline of the first answer.
      const [allowance, promptRules] = await Promise.all([
        readAllowance(interaction, services),
        admin ? readPromptRules(interaction, services) : undefined,
      ]);
      const { commands, messageCommands } = registered();
      await interaction.reply({
        ...renderHelp(
          {
            commands: commands.map((c) => c.data),
            messageCommands: messageCommands.map((c) => c.data),
            admin,
            allowance,
            ...(promptRules ? { promptRules } : {}),
          },
          l,
        ),
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
    },
  };
}

/**
 * The member's allowance, read as /usage reads it. Help must not fail because of the store: a store
 * that errs or stalls leaves the allowance out (said so, with the error id of the logged fault).
 */
async function readAllowance(
  interaction: ChatInputCommandInteraction<'cached' | 'raw'>,
  services: BotServices,
): Promise<HelpAllowance> {
  try {
    const summary = await storeStep(interaction, services.logger, 'the allowance for /help', () =>
      services.quota.summary({
        guildId: interaction.guildId,
        userId: interaction.user.id,
        roleIds: roleIdsOf(interaction.member),
      }),
    );
    return { summary };
  } catch (err) {
    if (err instanceof StoreFaultError) return { unreadable: err.errorId };
    throw err;
  }
}

/**
 * How many prompt rules the server has, for an admin's /help. As with the allowance, a store that
 * errs or stalls leaves the help whole and says the count could not be read.
 */
async function readPromptRules(
  interaction: ChatInputCommandInteraction<'cached' | 'raw'>,
  services: BotServices,
): Promise<HelpPromptRules> {
  try {
    const settings = await storeStep(interaction, services.logger, 'the prompt rules for /help', () =>
      services.quotaAdmin.getSettings(interaction.guildId),
    );
    return { count: settings.promptPatterns?.length ?? 0 };
  } catch (err) {
    if (err instanceof StoreFaultError) return { unreadable: err.errorId };
    throw err;
  }
}

/** The Models and My usage buttons on /help's answer: each answers exactly as its command does. */
export const helpButtons: ComponentHandler<'help'> = {
  prefix: 'help',
  async button(interaction, services, id) {
    switch (id.target) {
      case 'models':
        return showModelList(interaction, services);
      case 'usage':
        return showUsage(interaction, services);
      default:
        return id.target satisfies never;
    }
  },
};
