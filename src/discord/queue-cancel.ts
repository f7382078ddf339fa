/**
 * The Cancel button of a request waiting for its turn (`queue:cancel:<reservationId>`). Only the
 * member who asked may press it; the submitter decides whether the request was still waiting, and
 * the press updates the reply to say it was cancelled and what was given back.
 */
import { type ButtonInteraction, MessageFlags } from 'discord.js';
import type { ComponentHandler } from './command.ts';
import { UserError } from './command.ts';
import type { BotServices } from './services.ts';
import { parseCancelButton, QUEUE_PREFIX, renderCancelled } from './waiting-view.ts';

export const NOT_YOURS_TO_CANCEL = 'This request is not yours: only the member who asked can cancel it.';
export const ALREADY_SENT =
  'This request was already sent to the generation service, which cannot stop a generation once it has it; the reply shows how it goes.';
export const NO_LONGER_WAITING = 'This request is no longer waiting; the reply shows what became of it.';

async function handleCancel(interaction: ButtonInteraction, services: BotServices): Promise<void> {
  const reservationId = parseCancelButton(interaction.customId);
  if (!reservationId) throw new UserError('This button is not known to the bot any more.');
  const result = await services.submitter.cancel(reservationId, interaction.user.id);
  switch (result.kind) {
    case 'cancelled':
      await interaction.update(renderCancelled(result.quotedMicros, result.released));
      return;
    case 'not_yours':
      await privately(interaction, NOT_YOURS_TO_CANCEL);
      return;
    case 'sending':
      await privately(interaction, ALREADY_SENT);
      return;
    case 'not_waiting':
      await privately(interaction, NO_LONGER_WAITING);
      return;
  }
}

function privately(interaction: ButtonInteraction, content: string): Promise<unknown> {
  return interaction.reply({ content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
}

export const queueComponents: ComponentHandler = { prefix: QUEUE_PREFIX, button: handleCancel };
