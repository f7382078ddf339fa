/** /quota set: a member's own allowance, which takes precedence over role allowances and the default. */
import { userMention } from 'discord.js';
import { UserError } from '../../../src/discord/interactions/command.ts';
import {
  describeReset,
  PER_PERIOD,
  parseAmount,
  roleIdsOf,
  THIS_PERIOD,
} from '../../../src/discord/views/quota-view.ts';
import { formatUsd } from '../../../src/money.ts';
import { parsePeriod, type SubcommandHandler } from '../definition.ts';

export const set: SubcommandHandler<'set'> = async (i, args, { quota }) => {
  const { user, member } = args.user;
  if (user.bot) throw new UserError('Bots do not make generations; pick a member.');
  const micros = parseAmount(args.usd);
  const period = args.period === undefined ? undefined : parsePeriod(args.period);
  await quota.setOverride(i.guildId, user.id, micros, period, i.user.id);
  const summary = await quota.summary({
    guildId: i.guildId,
    userId: user.id,
    roleIds: roleIdsOf(member ?? null),
  });
  return {
    content: [
      `${userMention(user.id)} now has ${formatUsd(micros)} ${PER_PERIOD[summary.period]} of their own${period ? '' : ' (the server default period)'}; it takes precedence over role allowances and the default.`,
      `Spent ${THIS_PERIOD[summary.period]}: ${formatUsd(summary.spentMicros)} · left: ${formatUsd(Math.max(0, summary.remainingMicros))} · resets ${describeReset(summary.resetsAt)}.`,
    ].join('\n'),
  };
};
