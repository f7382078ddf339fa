/** /quota default: the server's default allowance and period (also the roles' and the budget's). */

import { parseAmount } from '../../../src/discord/interactions/amounts.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { perPeriod } from '../../../src/discord/views/quota-view.ts';
import { parsePeriod, type SubcommandHandler } from '../definition.ts';

export const defaultAllowance: SubcommandHandler<'default'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const micros = parseAmount(args.usd, l);
  const period = parsePeriod(args.period, l);
  await quotaAdmin.setDefault(i.guildId, micros, period, i.user.id);
  return { content: l.t('quota:default.set', { allowance: perPeriod(l, micros, period) }) };
};
