/**
 * What the page says after a change was saved, in /quota's words, from the value the rule holds now
 * (the form redirects to the page with `saved=<rule>&subject=<id>`, so a reload does not post again).
 */
import type { Localizer } from '../../i18n/index.ts';
import {
  alertThreshold,
  confirmThreshold,
  defaultAllowance,
  type GuildSettings,
  type QuotaDefaults,
} from '../../quota/settings.ts';
import { isRuleName } from '../rule-forms.ts';
import { type Names, type Notice, perPeriod } from '../views/admin-bits.ts';

export function savedNotice(
  l: Localizer,
  v: { settings: GuildSettings; defaults: QuotaDefaults; names: Names },
  rule: string,
  subject: string,
  memberName: string | undefined,
): Notice | undefined {
  if (!isRuleName(rule)) return undefined;
  const { settings, names } = v;
  const def = defaultAllowance(settings, v.defaults);
  const saved = (text: string): Notice => ({ kind: 'saved', text });
  const channels = () => settings.allowedChannels.map((id) => `#${names.channel(id)}`).join(', ');
  switch (rule) {
    case 'default':
      return saved(l.t('web:admin.saved.default', { allowance: perPeriod(l, def.micros, def.period) }));
    case 'budget':
      return settings.budgetMicros === 0
        ? saved(l.t('web:admin.saved.budgetOff'))
        : saved(l.t('web:admin.saved.budget', { budget: perPeriod(l, settings.budgetMicros, def.period) }));
    case 'confirm': {
      const amount = confirmThreshold(settings);
      return saved(
        amount === 0 ? l.t('web:admin.saved.confirmOff') : l.t('web:admin.saved.confirm', { amount }),
      );
    }
    case 'alerts': {
      if (!settings.alertChannelId) return saved(l.t('web:admin.saved.alertsOff'));
      const channel = names.channel(settings.alertChannelId);
      const amount = alertThreshold(settings);
      return saved(
        amount > 0
          ? l.t('web:admin.saved.alerts', { channel, amount })
          : l.t('web:admin.saved.alertsNoLow', { channel }),
      );
    }
    case 'moderation':
      return settings.moderationChannelId
        ? saved(l.t('web:admin.saved.moderation', { channel: names.channel(settings.moderationChannelId) }))
        : saved(l.t('web:admin.saved.moderationOff'));
    case 'role': {
      const micros = settings.roles[subject];
      return micros === undefined
        ? undefined
        : saved(
            l.t('web:admin.saved.role', {
              role: names.role(subject),
              allowance: perPeriod(l, micros, def.period),
            }),
          );
    }
    case 'role-clear':
      return saved(l.t('web:admin.saved.roleCleared', { role: names.role(subject) }));
    case 'channel-allow':
      return saved(
        l.t('web:admin.saved.channelAllowed', { channel: names.channel(subject), channels: channels() }),
      );
    case 'channel-remove':
      return settings.allowedChannels.length === 0
        ? saved(l.t('web:admin.saved.channelRemovedEmpty', { channel: names.channel(subject) }))
        : saved(
            l.t('web:admin.saved.channelRemoved', { channel: names.channel(subject), channels: channels() }),
          );
    case 'override': {
      const own = settings.overrides[subject];
      if (!own) return undefined;
      return saved(
        l.t('web:admin.saved.override', {
          name: memberName ?? subject,
          allowance: perPeriod(l, own.micros, own.period ?? def.period),
        }),
      );
    }
    case 'override-clear':
      return saved(l.t('web:admin.saved.overrideCleared', { name: memberName ?? subject }));
    case 'prompt-add': {
      const count = settings.promptPatterns?.length ?? 0;
      return saved(l.t('web:admin.saved.promptAdded', { pattern: subject, count }));
    }
    case 'prompt-remove':
      return saved(l.t('web:admin.saved.promptRemoved', { pattern: subject }));
    default:
      return rule satisfies never;
  }
}
