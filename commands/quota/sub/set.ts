/** /quota set: a member's own allowance, which takes precedence over role allowances and the default. */
import { userMention } from 'discord.js';
import { parseAmount } from '../../../src/discord/interactions/amounts.ts';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { roleIdsOf } from '../../../src/discord/interactions/permissions.ts';
import { describeReset, perPeriod, thisPeriod } from '../../../src/discord/views/quota-view.ts';
import { parsePeriod, type SubcommandHandler } from '../definition.ts';

export const set: SubcommandHandler<'set'> = async (i, args, { quota, quotaAdmin }) => {
  const l = memberLocalizer(i);
  const { user, member } = args.user;
  if (user.bot) throw new UserError(l.t('quota:set.bot'));
  const micros = parseAmount(args.usd, l);
  const period = args.period === undefined ? undefined : parsePeriod(args.period, l);
  await quotaAdmin.setOverride(i.guildId, user.id, micros, period, i.user.id);
  const summary = await quota.summary({
    guildId: i.guildId,
    userId: user.id,
    roleIds: roleIdsOf(member ?? null),
  });
  const own = { user: userMention(user.id), allowance: perPeriod(l, micros, summary.period) };
  return {
    content: [
      period ? l.t('quota:set.own', own) : l.t('quota:set.ownDefaultPeriod', own),
      l.t('quota:set.figures', {
        when: thisPeriod(l, summary.period),
        spent: summary.spentMicros,
        left: Math.max(0, summary.remainingMicros),
        resets: describeReset(summary.resetsAt, l),
      }),
    ].join('\n'),
  };
};
