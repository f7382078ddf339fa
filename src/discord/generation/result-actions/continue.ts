/**
 * Continue from last frame: a video whose model returned its last frame (return_last_frame) starts
 * a new video from it. A modal asks for the prompt; the request is the result's own (same model and
 * settings, return_last_frame included so the chain can go on) with the last frame as its first
 * frame in place of the earlier image references. As with Animate, the frame is the service's URL;
 * one that is not a public http(s) address (the built-in simulator's) is refused before the modal.
 */
import type { ButtonInteraction, ModalSubmitInteraction } from 'discord.js';
import { isUsableReference } from '../../../catalog/validate.ts';
import type { Localizer } from '../../../i18n/index.ts';
import type { Job } from '../../../jobs/job.ts';
import { UserError } from '../../interactions/command.ts';
import { buildCustomId } from '../../interactions/custom-ids.ts';
import { memberLocalizer } from '../../interactions/locale.ts';
import type { BotServices } from '../../interactions/services.ts';
import { startGeneration } from '../generate.ts';
import { modalTitle, promptField, readPrompt } from '../modal-fields.ts';
import { originOf, requestOf, resultJob } from './result-job.ts';

/**
 * The last frame the service returned with the video, when it did. Why an address cannot be used
 * is told as one whole sentence of the member's language, not the validator's English fragment.
 */
function lastFrameOf(job: Job, serviceOrigin: string, l: Localizer): string {
  const url = job.output?.last_frame_url;
  if (job.type !== 'video' || !url) throw new UserError(l.t('actions:continue.noLastFrame'));
  if (!isUsableReference(url, [serviceOrigin])) throw new UserError(l.t('actions:continue.notPublic'));
  return url;
}

/** The Continue button: the prompt modal for the next video. */
export async function openContinue(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const l = memberLocalizer(interaction);
  lastFrameOf(job, services.serviceOrigin, l);
  await interaction.showModal({
    custom_id: buildCustomId({ kind: 'result', action: 'continue-modal', generationId }),
    title: modalTitle(l.t('actions:continue.title', { model: job.modelLabel })),
    components: [promptField(l.t('actions:continue.promptLabel'), job.prompt)],
  });
}

/** The Continue modal's submit: the same request, starting from the last frame. */
export async function submitContinue(
  interaction: ModalSubmitInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const request = {
    ...requestOf(job),
    prompt: readPrompt(interaction),
    image_urls: [lastFrameOf(job, services.serviceOrigin, memberLocalizer(interaction))],
  };
  await startGeneration(interaction, services, 'video', request, { origin: originOf(job, 'continue') });
}
