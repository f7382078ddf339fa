/** /quota reset: zero a member's spend for this period (the ledger records the adjustment). */
import { userMention } from 'discord.js';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import type { SubcommandHandler } from '../definition.ts';

export const reset: SubcommandHandler<'reset'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const { user } = args.user;
  const { adjustedMicros } = await quotaAdmin.resetSpend(i.guildId, user.id, i.user.id);
  if (adjustedMicros === 0) return { content: l.t('quota:reset.nothing', { user: userMention(user.id) }) };
  return {
    content: l.t('quota:reset.done', { user: userMention(user.id), zero: 0, amount: -adjustedMicros }),
  };
};
