/**
 * Vary: a modal with the result's prompt to edit, then the same request with the new prompt (same
 * model, parameters and seed, so the edit is what changes). Files uploaded in the modal are added
 * as references after the ones the request already had, each kind to its field (images to
 * image_urls, and for the motion models videos and audio to video_urls and audio_urls); the
 * model's limits are checked with the rest of the request before anything is sent.
 */
import type { ButtonInteraction, ModalSubmitInteraction } from 'discord.js';
import { buildCustomId } from '../../interactions/custom-ids.ts';
import { memberLocalizer } from '../../interactions/locale.ts';
import type { BotServices } from '../../interactions/services.ts';
import { withReferences } from '../attachment-kinds.ts';
import { startGeneration } from '../generate.ts';
import { modalTitle, promptField, readPrompt, readUploads, uploadField } from '../modal-fields.ts';
import { referenceRoom } from '../reference-models.ts';
import { originOf, requestOf, resultJob } from './result-job.ts';

/** The Vary button: opens the modal (nothing is reserved until it is submitted). */
export async function openVary(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const request = requestOf(job);
  const model = services.catalog.get(job.model);
  const room = model ? referenceRoom(model, request, 'image') : 0;
  const l = memberLocalizer(interaction);
  await interaction.showModal({
    custom_id: buildCustomId({ kind: 'result', action: 'vary-modal', generationId }),
    title: modalTitle(l.t('actions:vary.title', { model: job.modelLabel })),
    components: [
      promptField(l.t('actions:vary.promptLabel'), request.prompt),
      ...(room > 0
        ? [
            uploadField(
              l.t('actions:vary.uploadLabel'),
              l.t('actions:vary.uploadDescription', { count: room }),
              room,
            ),
          ]
        : []),
    ],
  });
}

/** The Vary modal's submit: same settings, the edited prompt, the uploads added. */
export async function submitVary(
  interaction: ModalSubmitInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const uploads = readUploads(interaction);
  const request = withReferences({ ...requestOf(job), prompt: readPrompt(interaction) }, uploads);
  await startGeneration(interaction, services, job.type, request, { origin: originOf(job, 'vary') });
}
