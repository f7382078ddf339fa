/**
 * Delete: the member who asked for a result, or a member who may manage messages in the channel,
 * removes the result's message. Anyone else is refused privately. The job itself stays as it was
 * (its spend, its history in /usage).
 */
import { type ButtonInteraction, MessageFlags, PermissionFlagsBits, Routes } from 'discord.js';
import type { Job } from '../../../jobs/job.ts';
import { UserError } from '../../interactions/command.ts';
import type { BotServices } from '../../interactions/services.ts';
import { resultJob } from './result-job.ts';

/** An interaction token lasts 15 minutes; a little margin for the request on its way. */
const TOKEN_LIFE_MS = 14 * 60_000;

export const NOT_YOURS_TO_DELETE =
  'Only the member who asked for this result, or a member who can manage messages here, can delete it. Nothing was changed.';

export async function deleteResult(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const isRequester = job.reply.userId === interaction.user.id;
  // The presser's permissions in this channel, as Discord computed them for the interaction.
  const canManage = interaction.memberPermissions?.has(PermissionFlagsBits.ManageMessages) === true;
  if (!isRequester && !canManage) {
    await interaction.reply({ content: NOT_YOURS_TO_DELETE, flags: MessageFlags.Ephemeral });
    return;
  }
  // Private, and answered at once: the deletion may take longer than Discord's 3 s.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  await removeMessage(interaction, services, job);
  services.logger.info(
    { generationId, guildId: interaction.guildId, userId: interaction.user.id, byRequester: isRequester },
    'result message deleted',
  );
  await interaction.editReply('The result was deleted.');
}

/**
 * Deletes the message the button is on: with the bot's token (its own message, any age), else,
 * when that is refused (no access to the channel), through the reply's interaction token while it
 * lasts (it needs no permission).
 */
async function removeMessage(interaction: ButtonInteraction, services: BotServices, job: Job): Promise<void> {
  const messageId = interaction.message.id;
  try {
    await interaction.client.rest.delete(Routes.channelMessage(interaction.channelId, messageId));
    return;
  } catch (err) {
    const tokenValid =
      job.reply.messageId === messageId && services.clock.now() - job.reply.interactionAt < TOKEN_LIFE_MS;
    if (!tokenValid) {
      services.logger.warn({ err, generationId: job.generationId }, 'cannot delete a result message');
      throw new UserError('The bot could not delete this message here. Nothing was changed.');
    }
  }
  await interaction.client.rest.delete(
    Routes.webhookMessage(job.reply.applicationId, job.reply.interactionToken, messageId),
    { auth: false },
  );
}
