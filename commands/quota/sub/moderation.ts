/** /quota moderation: where the bot logs every generation and refused prompt (jobs/moderation-log.ts). */
import { channelMention } from 'discord.js';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { quotaCommandName } from '../../../src/discord/views/quota-view.ts';
import type { Localizer } from '../../../src/i18n/index.ts';
import type { GuildSettings } from '../../../src/quota/settings.ts';
import type { SubcommandHandler } from '../definition.ts';

export const moderation: SubcommandHandler<'moderation'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const { channel } = args;
  const off = args.off === true;
  if (off && channel) throw new UserError(l.t('quota:moderation.both'));
  if (!off && !channel) return { content: describeModeration(await quotaAdmin.getSettings(i.guildId), l) };
  const settings = await quotaAdmin.setModerationChannel(
    i.guildId,
    off ? null : (channel?.id ?? null),
    i.user.id,
  );
  return { content: describeModeration(settings, l) };
};

/** Where the log goes, with the command to change it as the admin's Discord names it. */
function describeModeration(settings: GuildSettings, l: Localizer): string {
  const command = `/${quotaCommandName(l, 'moderation')}`;
  if (!settings.moderationChannelId) {
    const channel = l.t('quota:command.option.channel');
    return l.t('quota:moderation.off', { example: `${command} ${channel}:#${channel}` });
  }
  return l.t('quota:moderation.on', {
    channel: channelMention(settings.moderationChannelId),
    example: `${command} ${l.t('quota:command.option.off')}:true`,
  });
}
