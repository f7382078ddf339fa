/** /quota role: a role's allowance, per the default period. */
import { roleMention } from 'discord.js';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { PER_PERIOD, parseAmount } from '../../../src/discord/views/quota-view.ts';
import { formatUsd } from '../../../src/money.ts';
import type { SubcommandHandler } from '../definition.ts';

export const role: SubcommandHandler<'role'> = async (i, args, { quota }) => {
  if (args.role.id === i.guildId) {
    throw new UserError('@everyone is every member: set the server default with /quota default instead.');
  }
  const micros = parseAmount(args.usd);
  await quota.setRoleAllowance(i.guildId, args.role.id, micros, i.user.id);
  // Role allowances follow the default's period, which may come from the config.
  const { period } = await quota.guildOverview(i.guildId, { top: 0 });
  return {
    content: `Members with ${roleMention(args.role.id)} get ${formatUsd(micros)} ${PER_PERIOD[period]}, unless they have their own allowance. A member with several such roles gets the highest.`,
  };
};
