/** /quota default: the server's default allowance and period (also the roles' and the budget's). */
import { PER_PERIOD, parseAmount } from '../../../src/discord/views/quota-view.ts';
import { formatUsd } from '../../../src/money.ts';
import { parsePeriod, type SubcommandHandler } from '../definition.ts';

export const defaultAllowance: SubcommandHandler<'default'> = async (i, args, { quota }) => {
  const micros = parseAmount(args.usd);
  const period = parsePeriod(args.period);
  await quota.setDefault(i.guildId, micros, period, i.user.id);
  return {
    content: `The server default allowance is now ${formatUsd(micros)} ${PER_PERIOD[period]}. Role allowances and the server budget use this period too; periods follow UTC.`,
  };
};
