/**
 * /quota: admins set allowances, the server budget, the channels where generating is allowed, and
 * where the bot posts alerts (ops/alerts.ts), and draws the server's spend (report). The definition is in
 * definition.ts; each subcommand's handler in sub/, given its own options, typed from the definition.
 * Every answer is in the admin's language (memberLocalizer).
 */
import { MessageFlags } from 'discord.js';
import { readArgs } from '../../src/discord/interactions/args.ts';
import type { Command } from '../../src/discord/interactions/command.ts';
import { requireManageGuild } from '../../src/discord/interactions/permissions.ts';
import type { BotServices } from '../../src/discord/interactions/services.ts';
import { storeStep } from '../../src/discord/interactions/store-reads.ts';
import { quotaCommandName } from '../../src/discord/views/quota-view.ts';
import { type Answer, type GuildInteraction, type QuotaArgs, QuotaCommand } from './definition.ts';
import { alerts } from './sub/alerts.ts';
import { budget } from './sub/budget.ts';
import { channels } from './sub/channels.ts';
import { confirm } from './sub/confirm.ts';
import { defaultAllowance } from './sub/default.ts';
import { moderation } from './sub/moderation.ts';
import { prompts } from './sub/prompts.ts';
import { report } from './sub/report.ts';
import { reset } from './sub/reset.ts';
import { role } from './sub/role.ts';
import { set } from './sub/set.ts';
import { show } from './sub/show.ts';
import { topups } from './sub/topups.ts';

export const quota: Command = {
  data: QuotaCommand,
  async execute(interaction, services) {
    requireManageGuild(interaction, (l) => quotaCommandName(l));
    const i = interaction as GuildInteraction;
    const args = readArgs(interaction, QuotaCommand);
    // The report answers by itself (a defer first: it reads and draws past Discord's 3 s).
    if (args.subcommand === 'report') return report(i, services, args.args);
    // Every subcommand reads or writes the store before the one answer: within Discord's deadline,
    // or the store-fault refusal, and then a change the step made, or that lands later, is taken
    // back or can no longer land (src/late-writes.ts).
    const answer = await storeStep(interaction, services.logger, `/quota ${args.subcommand}`, () =>
      dispatch(i, args, services),
    );
    await interaction.reply({ ...answer, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  },
};

/** The subcommand's handler, given its own arguments (a subcommand added to the definition and not here fails the build). */
function dispatch(
  i: GuildInteraction,
  a: Exclude<QuotaArgs, { subcommand: 'report' }>,
  services: BotServices,
): Promise<Answer> {
  switch (a.subcommand) {
    case 'set':
      return set(i, a.args, services);
    case 'role':
      return role(i, a.args, services);
    case 'default':
      return defaultAllowance(i, a.args, services);
    case 'budget':
      return budget(i, a.args, services);
    case 'confirm':
      return confirm(i, a.args, services);
    case 'show':
      return show(i, a.args, services);
    case 'reset':
      return reset(i, a.args, services);
    case 'channels':
      return channels(i, a.args, services);
    case 'alerts':
      return alerts(i, a.args, services);
    case 'prompts':
      return prompts(i, a.args, services);
    case 'moderation':
      return moderation(i, a.args, services);
    case 'topups':
      return topups(i, a.args, services);
    default:
      return a satisfies never;
  }
}
