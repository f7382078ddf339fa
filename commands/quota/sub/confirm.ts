/** /quota confirm: the price above which a member confirms a request before it is sent (0: never). */

import { parseAmount } from '../../../src/discord/interactions/amounts.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import type { SubcommandHandler } from '../definition.ts';

export const confirm: SubcommandHandler<'confirm'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const micros = parseAmount(args.usd, l);
  await quotaAdmin.setConfirmThreshold(i.guildId, micros, i.user.id);
  if (micros === 0) return { content: l.t('quota:confirm.off') };
  return { content: l.t('quota:confirm.set', { amount: micros }) };
};
