/** /quota alerts: where the bot tells admins what needs acting on (ops/alerts.ts), and when. */
import { channelMention } from 'discord.js';
import { parseAmount } from '../../../src/discord/interactions/amounts.ts';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { quotaCommandName } from '../../../src/discord/views/quota-view.ts';
import type { Localizer } from '../../../src/i18n/index.ts';
import { alertThreshold, type GuildSettings } from '../../../src/quota/settings.ts';
import type { SubcommandHandler } from '../definition.ts';

export const alerts: SubcommandHandler<'alerts'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const { channel, below } = args;
  const off = args.off === true;
  if (off && channel) throw new UserError(l.t('quota:alerts.both'));
  if (!off && !channel && below === undefined)
    return { content: describeAlerts(await quotaAdmin.getSettings(i.guildId), l) };
  const belowMicros = below === undefined ? undefined : parseAmount(below, l);
  const settings = await quotaAdmin.setAlerts(
    i.guildId,
    { channelId: off ? null : channel?.id, ...(belowMicros === undefined ? {} : { belowMicros }) },
    i.user.id,
  );
  return { content: describeAlerts(settings, l) };
};

/** What /quota alerts posts and where, with the command to change it as the admin's Discord names it. */
function describeAlerts(settings: GuildSettings, l: Localizer): string {
  const below = alertThreshold(settings);
  const low = below > 0 ? l.t('quota:alerts.low', { amount: below }) : l.t('quota:alerts.noLow', { zero: 0 });
  const command = `/${quotaCommandName(l, 'alerts')}`;
  if (!settings.alertChannelId) {
    const channel = l.t('quota:command.option.channel');
    return l.t('quota:alerts.off', { example: `${command} ${channel}:#${channel}`, low });
  }
  return l.t('quota:alerts.on', {
    channel: channelMention(settings.alertChannelId),
    low,
    example: `${command} ${l.t('quota:command.option.off')}:true`,
  });
}
