/** /quota budget: what all members together may spend per default period (0 for no budget). */
import { PER_PERIOD, parseAmount, THIS_PERIOD } from '../../../src/discord/views/quota-view.ts';
import { formatUsd } from '../../../src/money.ts';
import type { SubcommandHandler } from '../definition.ts';

export const budget: SubcommandHandler<'budget'> = async (i, args, { quota }) => {
  const micros = parseAmount(args.usd);
  await quota.setBudget(i.guildId, micros, i.user.id);
  if (micros === 0)
    return { content: 'The server budget is off: members are limited by their own allowances only.' };
  const overview = await quota.guildOverview(i.guildId, { top: 0 });
  return {
    content: `The server budget is now ${formatUsd(micros)} ${PER_PERIOD[overview.period]} for all members together; ${formatUsd(overview.spentMicros)} is spent ${THIS_PERIOD[overview.period]}.`,
  };
};
