/**
 * Delete: the member who asked for a result, or a member who may manage messages in the channel,
 * removes the result's message. Anyone else is refused privately. The job itself stays as it was
 * (its spend, its history in /usage: a deleted result was made, and is not refunded). The message's
 * results leave the web's gallery before the presser is told it is deleted, without waiting for the
 * gateway's word of the deletion. A member who may manage messages deleting another's result takes
 * it down: that goes into the server's audit log (quota/take-downs.ts), beside the dashboard's
 * take-downs; the member deleting their own writes nothing there.
 */
import {
  type ButtonInteraction,
  DiscordAPIError,
  MessageFlags,
  PermissionFlagsBits,
  Routes,
} from 'discord.js';
import type { Localizer } from '../../../i18n/index.ts';
import type { Job } from '../../../jobs/job.ts';
import { UserError } from '../../interactions/command.ts';
import { memberLocalizer } from '../../interactions/locale.ts';
import type { BotServices } from '../../interactions/services.ts';
import { resultJob } from './result-job.ts';

/** An interaction token lasts 15 minutes; a little margin for the request on its way. */
const TOKEN_LIFE_MS = 14 * 60_000;

export async function deleteResult(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  // Every answer here is private, to the member who pressed: in their language.
  const l = memberLocalizer(interaction);
  const isRequester = job.reply.userId === interaction.user.id;
  // The presser's permissions in this channel, as Discord computed them for the interaction.
  const canManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) === true;
  if (!isRequester && !canManage) {
    await interaction.reply({ content: l.t('actions:delete.notYours'), flags: MessageFlags.Ephemeral });
    return;
  }
  // Private, and answered at once: the deletion may take longer than Discord's 3 s.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await removeMessage(interaction, services, job, l);
  const guildId = interaction.guildId;
  // The recorder logs its own failures and never throws: "deleted" means gone from the gallery too.
  if (guildId) await services.results?.messageDeleted(guildId, interaction.message.id);
  services.logger.info(
    { generationId, guildId, userId: interaction.user.id, byRequester: isRequester },
    'result message deleted',
  );
  if (!isRequester && guildId) await recordTakeDown(interaction, services, job, guildId);
  await interaction.editReply(l.t('actions:delete.done'));
}

/**
 * Another member's result deleted with Manage Messages: the audit log says who took it down. The
 * message is gone whatever happens here, so a store that fails is logged and the presser is still
 * told it is deleted (which is true).
 */
async function recordTakeDown(
  interaction: ButtonInteraction,
  services: BotServices,
  job: Job,
  guildId: string,
): Promise<void> {
  try {
    await services.quotaAdmin.recordTakeDown(guildId, {
      by: interaction.user.id,
      via: 'command',
      generationId: job.generationId,
      messageId: interaction.message.id,
      channelId: interaction.channelId,
      authorId: job.reply.userId,
      prompt: job.prompt,
    });
  } catch (err) {
    services.logger.error(
      { err, generationId: job.generationId, guildId, by: interaction.user.id },
      'a take-down was not recorded in the audit log',
    );
  }
}

/**
 * Deletes the message the button is on: with the bot's token (its own message, any age; gone
 * already counts as deleted), else, when that is refused (no access to the channel), through the
 * reply's interaction token while it lasts (it needs no permission).
 */
async function removeMessage(
  interaction: ButtonInteraction,
  services: BotServices,
  job: Job,
  l: Localizer,
): Promise<void> {
  const messageId = interaction.message.id;
  try {
    await interaction.client.rest.delete(Routes.channelMessage(interaction.channelId, messageId));
    return;
  } catch (err) {
    // Discord's "unknown message": deleted already (taken down on the dashboard meanwhile, say).
    if (err instanceof DiscordAPIError && err.status === 404) return;
    const tokenValid =
      job.reply.messageId === messageId && services.clock.now() - job.reply.interactionAt < TOKEN_LIFE_MS;
    if (!tokenValid) {
      services.logger.warn({ err, generationId: job.generationId }, 'cannot delete a result message');
      throw new UserError(l.t('actions:delete.failed'));
    }
  }
  await interaction.client.rest.delete(
    Routes.webhookMessage(job.reply.applicationId, job.reply.interactionToken, messageId),
    { auth: false },
  );
}
