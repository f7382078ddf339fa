/**
 * A server's channel rules for a request: the channels generations may be asked in, spicy modes
 * only where the channel is age-restricted, and no word of the server's prompt rules in the prompt. Checked before anything is reserved, and again
 * for a request that waited for its turn (the rules may have changed meanwhile).
 */
import { channelMention } from 'discord.js';
import { needsAgeRestrictedChannel } from '../../catalog/service-rules.ts';
import { houseList } from '../../catalog/validate.ts';
import type { CreateGenerationRequest } from '../../media/schemas.ts';
import { promptRulesOf } from '../../quota/prompt-rules.ts';
import type { GuildSettings } from '../../quota/settings.ts';
import { UserError } from '../interactions/command.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';

/**
 * The channel's rules as they are now, for a request that waited for its turn: why it may no longer
 * be posted here, or undefined. A store that cannot say refuses it (money fails closed).
 */
export async function rulesStillAllow(
  interaction: GuildStartingInteraction,
  services: BotServices,
  request: CreateGenerationRequest,
): Promise<string | undefined> {
  try {
    checkChannelRules(
      interaction,
      await services.quotaAdmin.getSettings(interaction.guildId),
      request,
      services,
    );
    return undefined;
  } catch (err) {
    if (err instanceof UserError) return err.message;
    services.logger.error(
      { err, guildId: interaction.guildId },
      'cannot read the channel rules for a waiting request',
    );
    return memberLocalizer(interaction).t('generate:rulesUnreadable');
  }
}

/**
 * The server's channel rules for a request: its allowed channels, spicy only where age-restricted,
 * and no word of its prompt rules. Given `services`, a prompt refused is written to the server's
 * moderation log (a generation's request; /show only shows again what was made).
 */
export function checkChannelRules(
  interaction: GuildStartingInteraction,
  settings: GuildSettings,
  request: CreateGenerationRequest,
  services?: Pick<BotServices, 'catalog' | 'moderation' | 'clock'>,
): void {
  const allowed = settings.allowedChannels;
  const l = memberLocalizer(interaction);
  if (allowed.length > 0 && !allowed.includes(interaction.channelId)) {
    throw new UserError(
      l.t('generate:onlyInChannels', {
        channels: houseList(l, allowed.map(channelMention), 'disjunction'),
      }),
    );
  }
  if (needsAgeRestrictedChannel(request.model, request.mode) && !isAgeRestricted(interaction)) {
    throw new UserError(l.t('generate:spicyOnlyAgeRestricted'));
  }
  // The server's prompt rules: the refusal names no word (the list is the admins', not the
  // members'). The prompt is the request's one free text: every other field is a choice or a link.
  const patterns = settings.promptPatterns ?? [];
  if (patterns.length > 0 && promptRulesOf(patterns).firstMatch(request.prompt) !== undefined) {
    if (services && settings.moderationChannelId) logRefusal(interaction, services, request);
    throw new UserError(l.t('generate:promptNotAllowed'));
  }
}

/**
 * The refusal's line in the moderation log, once per interaction (a batch's takes refused at their
 * turn are one request). Not awaited: the member's answer does not wait for the log, which never throws.
 */
function logRefusal(
  interaction: GuildStartingInteraction,
  services: Pick<BotServices, 'catalog' | 'moderation' | 'clock'>,
  request: CreateGenerationRequest,
): void {
  const model = services.catalog.get(request.model);
  void services.moderation?.promptRefused(interaction.id, {
    guildId: interaction.guildId,
    userId: interaction.user.id,
    channelId: interaction.channelId,
    type: model?.type ?? 'image',
    modelLabel: model?.label ?? request.model,
    prompt: request.prompt,
    ageRestricted: askedAgeRestricted(interaction),
    at: services.clock.now(),
    ...(interaction.guildLocale ? { locale: interaction.guildLocale } : {}),
  });
}

/**
 * Whether the moderation log hides the prompt behind a spoiler: asked in an age-restricted channel
 * or a thread of one (a thread has no flag of its own). A channel it cannot tell counts as one, as
 * in the gallery: the log hides rather than shows what it cannot tell.
 */
export function askedAgeRestricted(interaction: { channel: unknown }): boolean {
  const channel = interaction.channel as {
    nsfw?: boolean;
    isThread?: () => boolean;
    parent?: { nsfw?: boolean } | null;
  } | null;
  if (!channel) return true;
  if (channel.isThread?.()) return channel.parent ? channel.parent.nsfw === true : true;
  return channel.nsfw === true;
}

/** Whether the channel is age-restricted (NSFW), from the interaction's channel data. */
export function isAgeRestricted(interaction: { channel: unknown }): boolean {
  const channel = interaction.channel as { nsfw?: boolean } | null;
  return channel?.nsfw === true;
}
