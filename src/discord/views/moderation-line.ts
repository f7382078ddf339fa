/**
 * A line of a server's moderation log (jobs/moderation-log.ts), as its moderators read it: who
 * (a mention that pings nobody: the post allows no mentions), where (a link to the reply, else the
 * channel), the model, the price or the refusal, and the prompt as typed, on one line, hidden
 * behind a spoiler when it was asked in an age-restricted channel.
 */
import { channelMention, messageLink, userMention } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { ModerationLine } from '../../jobs/moderation-log.ts';
import { escapeMemberText } from './message-parts.ts';

/** Discord's limit on a message's content. */
const MAX_CONTENT = 2000;

export function renderModerationLine(line: ModerationLine, l: Localizer): string {
  const where = line.messageId
    ? messageLink(line.channelId, line.messageId, line.guildId)
    : channelMention(line.channelId);
  const head =
    line.kind === 'generation'
      ? l.t(line.type === 'video' ? 'moderation:video' : 'moderation:image', {
          user: userMention(line.userId),
          where,
          model: line.modelLabel,
          amount: line.priceMicros ?? 0,
        })
      : l.t('moderation:refused', { user: userMention(line.userId), where, model: line.modelLabel });
  // One line: the prompt's own line breaks become spaces; cut to what the message can hold.
  const room = MAX_CONTENT - head.length - ' · '.length - '||…||'.length;
  let prompt = escapeMemberText(line.prompt.replace(/\s*\n\s*/g, ' '));
  if (prompt.length > room) prompt = `${prompt.slice(0, Math.max(0, room)).replace(/\\$/, '')}…`;
  return `${head} · ${line.ageRestricted ? `||${prompt}||` : prompt}`;
}
