/** /quota channels: where /imagine and /video may be used (an empty list means anywhere). */
import { channelMention } from 'discord.js';
import { UserError } from '../../../src/discord/interactions/command.ts';
import { describeChannels } from '../../../src/discord/views/quota-view.ts';
import type { SubcommandHandler } from '../definition.ts';

export const channels: SubcommandHandler<'channels'> = async (i, args, { quota }) => {
  const { action, channel } = args;
  if (action === 'list') {
    return {
      content: `/imagine and /video can be used in: ${describeChannels(await quota.listChannels(i.guildId))}.`,
    };
  }
  if (!channel)
    throw new UserError(
      `Name the channel to ${action}, e.g. \`/quota channels action:${action} channel:#art\`.`,
    );
  if (action === 'allow') {
    const list = await quota.allowChannel(i.guildId, channel.id, i.user.id);
    return {
      content: `${channelMention(channel.id)} is allowed. /imagine and /video can now be used in: ${describeChannels(list)}. Elsewhere members are told where to go.`,
    };
  }
  if (action === 'remove') {
    const before = await quota.listChannels(i.guildId);
    if (!before.includes(channel.id)) {
      return {
        content: `${channelMention(channel.id)} was not on the list. Allowed: ${describeChannels(before)}.`,
      };
    }
    const list = await quota.removeChannel(i.guildId, channel.id, i.user.id);
    return {
      content:
        list.length === 0
          ? `${channelMention(channel.id)} is removed and the list is empty: /imagine and /video can be used in any channel.`
          : `${channelMention(channel.id)} is removed. /imagine and /video can be used in: ${describeChannels(list)}.`,
    };
  }
  throw new UserError(`Unknown action "${action}": use allow, remove or list.`);
};
