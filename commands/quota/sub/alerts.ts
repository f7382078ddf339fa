/** /quota alerts: where the bot tells admins what needs acting on (ops/alerts.ts), and when. */
import { channelMention } from 'discord.js';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { parseAmount } from '../../../src/discord/views/quota-view.ts';
import { formatUsd } from '../../../src/money.ts';
import { alertThreshold, type GuildSettings } from '../../../src/quota/settings.ts';
import type { SubcommandHandler } from '../definition.ts';

export const alerts: SubcommandHandler<'alerts'> = async (i, args, { quota }) => {
  const { channel, below } = args;
  const off = args.off === true;
  if (off && channel)
    throw new UserError('Choose either a channel or off:true, not both. Nothing was changed.');
  if (!off && !channel && below === undefined)
    return { content: describeAlerts(await quota.getSettings(i.guildId)) };
  const belowMicros = below === undefined ? undefined : parseAmount(below);
  const settings = await quota.setAlerts(
    i.guildId,
    { channelId: off ? null : channel?.id, ...(belowMicros === undefined ? {} : { belowMicros }) },
    i.user.id,
  );
  return { content: describeAlerts(settings) };
};

/** What /quota alerts posts, for its answers. */
const ALERTS_LIST =
  "the service refusing the API token (401), the shared balance used up (402), and charges in the service's usage log that no ledger shows (checked every hour)";

function describeAlerts(settings: GuildSettings): string {
  const below = alertThreshold(settings);
  const low =
    below > 0
      ? `the shared balance falling below ${formatUsd(below)} (checked every hour)`
      : 'never the balance (the threshold is $0.00)';
  if (!settings.alertChannelId) {
    return `Alerts are off. With \`/quota alerts channel:#channel\` the bot posts there: ${low}, ${ALERTS_LIST}.`;
  }
  return `Alerts go to ${channelMention(settings.alertChannelId)}: ${low}, ${ALERTS_LIST}. Turn them off with \`/quota alerts off:true\`.`;
}
