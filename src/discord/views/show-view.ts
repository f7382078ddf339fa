/**
 * What /show answers for a generation the bot has no record of: the service's own record, as the
 * service states it (untrusted: escaped, links only when public http(s)), and no buttons, since
 * the buttons need the bot's record of who asked and what was sent.
 */
import { EmbedBuilder, type MessageMentionOptions, TimestampStyles, time } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { Generation } from '../../media/schemas.ts';
import { escapeMemberText } from './message-parts.ts';
import { linkable, markdownUrl, truncate } from './text.ts';

const NO_PINGS: MessageMentionOptions = { parse: [] };

export function renderServiceRecord(
  generation: Generation,
  l: Localizer,
): {
  embeds: EmbedBuilder[];
  allowedMentions: MessageMentionOptions;
} {
  const embed = new EmbedBuilder()
    .setTitle(l.t('show:record.title', { status: l.t(`show:record.status.${generation.status}`) }))
    .setDescription(truncate(escapeMemberText(generation.prompt), 4000))
    .addFields(
      { name: l.t('show:record.id'), value: `\`${generation.id.replace(/`/g, '')}\``, inline: true },
      {
        name: l.t('show:record.model'),
        value: truncate(escapeMemberText(generation.model), 1024),
        inline: true,
      },
      { name: l.t('show:record.created'), value: timestamp(generation.created_at), inline: true },
    );
  if (generation.completed_at) {
    embed.addFields({
      name: l.t('show:record.finished'),
      value: timestamp(generation.completed_at),
      inline: true,
    });
  }
  const url = linkable(generation.output?.url);
  if (url) {
    embed.addFields({
      name: l.t('show:record.result'),
      value: `[${l.t('show:record.openFile')}](${markdownUrl(url)})`,
    });
  }
  if (generation.error) {
    // The service's own words, as they came (escaped).
    embed.addFields({
      name: l.t('show:record.error'),
      value: truncate(escapeMemberText(generation.error), 1024),
    });
  }
  embed.setFooter({ text: l.t('show:record.footer') });
  return { embeds: [embed], allowedMentions: NO_PINGS };
}

/** An ISO time from the service as a Discord timestamp; shown as text when it is not a date. */
function timestamp(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return truncate(escapeMemberText(iso), 100);
  return time(Math.floor(ms / 1000), TimestampStyles.ShortDateTime);
}
