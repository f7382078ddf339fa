/** What a member or the admins are told of a top-up (jobs/topup-purchases.ts), in words. */
import { userMention } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { TopupText } from '../../jobs/topup-purchases.ts';

export function renderTopupText(text: TopupText, l: Localizer): string {
  switch (text.kind) {
    case 'credited':
      return l.t('topups:credited', { amount: text.micros });
    case 'waiting':
      return l.t('topups:waiting');
    case 'refunded':
      return text.owedMicros > 0
        ? l.t('topups:refundedOwed', {
            user: userMention(text.userId),
            taken: text.takenMicros,
            owed: text.owedMicros,
          })
        : l.t('topups:refunded', { user: userMention(text.userId), taken: text.takenMicros });
    default:
      return text satisfies never;
  }
}
