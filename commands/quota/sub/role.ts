/** /quota role: a role's allowance, per the default period. */
import { roleMention } from 'discord.js';
import { parseAmount } from '../../../src/discord/interactions/amounts.ts';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { perPeriod, quotaCommandName } from '../../../src/discord/views/quota-view.ts';
import type { SubcommandHandler } from '../definition.ts';

export const role: SubcommandHandler<'role'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  if (args.role.id === i.guildId) {
    throw new UserError(l.t('quota:role.everyone', { command: quotaCommandName(l, 'default') }));
  }
  const micros = parseAmount(args.usd, l);
  await quotaAdmin.setRoleAllowance(i.guildId, args.role.id, micros, i.user.id);
  // Role allowances follow the default's period, which may come from the config.
  const { period } = await quotaAdmin.guildOverview(i.guildId, { top: 0 });
  return {
    content: l.t('quota:role.set', {
      role: roleMention(args.role.id),
      allowance: perPeriod(l, micros, period),
    }),
  };
};
