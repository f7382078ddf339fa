/** /quota confirm: the price above which a member confirms a request before it is sent (0: never). */
import { parseAmount } from '../../../src/discord/views/quota-view.ts';
import { formatUsd } from '../../../src/money.ts';
import type { SubcommandHandler } from '../definition.ts';

export const confirm: SubcommandHandler<'confirm'> = async (i, args, { quota }) => {
  const micros = parseAmount(args.usd);
  await quota.setConfirmThreshold(i.guildId, micros, i.user.id);
  if (micros === 0)
    return { content: 'Requests are sent at once, whatever they cost: no confirmation is asked.' };
  return {
    content: `Requests that cost more than ${formatUsd(micros)} now ask the member to confirm before anything is sent.`,
  };
};
