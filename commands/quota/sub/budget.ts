/** /quota budget: what all members together may spend per default period (0 for no budget). */

import { parseAmount } from '../../../src/discord/interactions/amounts.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { perPeriod, thisPeriod } from '../../../src/discord/views/quota-view.ts';
import type { SubcommandHandler } from '../definition.ts';

export const budget: SubcommandHandler<'budget'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const micros = parseAmount(args.usd, l);
  await quotaAdmin.setBudget(i.guildId, micros, i.user.id);
  if (micros === 0) return { content: l.t('quota:budget.off') };
  const overview = await quotaAdmin.guildOverview(i.guildId, { top: 0 });
  return {
    content: l.t('quota:budget.set', {
      budget: perPeriod(l, micros, overview.period),
      spent: overview.spentMicros,
      when: thisPeriod(l, overview.period),
    }),
  };
};
