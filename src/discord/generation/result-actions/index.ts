/**
 * The buttons, menu and modals of a delivered result (custom-ids.ts, kind `result`: an action and
 * the generation, and for Animate's modal the model), each sent to the module that does it. Every
 * action reads the job from the store, and every new generation goes through startGeneration as
 * the member who pressed.
 */
import type { ButtonInteraction, ModalSubmitInteraction, StringSelectMenuInteraction } from 'discord.js';
import { type CustomIdOf, parseCustomId } from '../../interactions/custom-ids.ts';
import { requireModalFromMessage } from '../../interactions/press-check.ts';
import type { BotServices } from '../../interactions/services.ts';
import { chooseAnimateModel, openAnimate, submitAnimate } from './animate.ts';
import { openContinue, submitContinue } from './continue.ts';
import { deleteResult } from './delete.ts';
import { showDetails } from './details.ts';
import { again, higherResolution } from './repeat.ts';
import { unknownResult } from './result-job.ts';
import { openVary, submitVary } from './vary.ts';

/** A button on a result. */
export async function handleResultButton(
  interaction: ButtonInteraction,
  services: BotServices,
  { action, generationId }: CustomIdOf<'result'>,
): Promise<void> {
  switch (action) {
    case 'again':
      return again(interaction, services, generationId);
    case 'vary':
      return openVary(interaction, services, generationId);
    case 'animate':
      return openAnimate(interaction, services, generationId);
    case 'higher-resolution':
      return higherResolution(interaction, services, generationId);
    case 'details':
      return showDetails(interaction, services, generationId);
    case 'delete':
      return deleteResult(interaction, services, generationId);
    case 'continue':
      return openContinue(interaction, services, generationId);
    default:
      throw unknownResult(interaction);
  }
}

/** Animate's model menu. */
export async function handleResultSelect(
  interaction: StringSelectMenuInteraction,
  services: BotServices,
  { action, generationId }: CustomIdOf<'result'>,
): Promise<void> {
  if (action !== 'animate-model') throw unknownResult(interaction);
  return chooseAnimateModel(interaction, services, generationId);
}

/** The modals of Vary, Animate and Continue. */
export async function handleResultModal(
  interaction: ModalSubmitInteraction,
  services: BotServices,
  { action, generationId, slug }: CustomIdOf<'result'>,
): Promise<void> {
  // Each of these modals opens from a button or menu of this very result (its card, a /show copy,
  // or Animate's menu): the message it came from must be the bot's and carry one of them.
  requireModalFromMessage(interaction, (customId) => {
    const id = parseCustomId(customId);
    return id?.kind === 'result' && id.generationId === generationId;
  });
  switch (action) {
    case 'vary-modal':
      return submitVary(interaction, services, generationId);
    case 'animate-modal':
      return submitAnimate(interaction, services, generationId, slug);
    case 'continue-modal':
      return submitContinue(interaction, services, generationId);
    default:
      throw unknownResult(interaction);
  }
}
