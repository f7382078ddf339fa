/** /quota channels: where /imagine and /video may be used (an empty list means anywhere). */
import { channelMention } from 'discord.js';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { describeChannels, quotaCommandName } from '../../../src/discord/views/quota-view.ts';
import type { SubcommandHandler } from '../definition.ts';

export const channels: SubcommandHandler<'channels'> = async (i, args, { quotaAdmin }) => {
  const l = memberLocalizer(i);
  const { action, channel } = args;
  if (action === 'list') {
    return {
      content: l.t('quota:channels.list', {
        channels: describeChannels(await quotaAdmin.listChannels(i.guildId), l),
      }),
    };
  }
  if (action !== 'allow' && action !== 'remove')
    throw new UserError(l.t('quota:channels.unknownAction', { action }));
  if (!channel) {
    // The example as the admin types it: the command, option and choice names their Discord shows.
    const named = l.t(`quota:command.action.${action}`);
    const example = `/${quotaCommandName(l, 'channels')} ${l.t('quota:command.option.action')}:${named} ${l.t('quota:command.option.channel')}:#art`;
    throw new UserError(l.t('quota:channels.nameIt', { action: named, example }));
  }
  const mention = channelMention(channel.id);
  if (action === 'allow') {
    const list = await quotaAdmin.allowChannel(i.guildId, channel.id, i.user.id);
    return {
      content: l.t('quota:channels.allowed', { channel: mention, channels: describeChannels(list, l) }),
    };
  }
  const before = await quotaAdmin.listChannels(i.guildId);
  if (!before.includes(channel.id)) {
    return {
      content: l.t('quota:channels.notListed', { channel: mention, channels: describeChannels(before, l) }),
    };
  }
  const list = await quotaAdmin.removeChannel(i.guildId, channel.id, i.user.id);
  return {
    content:
      list.length === 0
        ? l.t('quota:channels.removedEmpty', { channel: mention })
        : l.t('quota:channels.removed', { channel: mention, channels: describeChannels(list, l) }),
  };
};
