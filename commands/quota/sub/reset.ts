/** /quota reset: zero a member's spend for this period (the ledger records the adjustment). */
import { userMention } from 'discord.js';
import { formatUsd } from '../../../src/money.ts';
import type { SubcommandHandler } from '../definition.ts';

export const reset: SubcommandHandler<'reset'> = async (i, args, { quota }) => {
  const { user } = args.user;
  const { adjustedMicros } = await quota.resetSpend(i.guildId, user.id, i.user.id);
  if (adjustedMicros === 0) {
    return { content: `${userMention(user.id)} has spent nothing this period: there was nothing to reset.` };
  }
  return {
    content: `${userMention(user.id)}'s spend for this period is back to $0.00 (it was ${formatUsd(-adjustedMicros)}). The ledger records the adjustment as yours.`,
  };
};
