/**
 * Animate: an image result becomes the first frame of a video. The member picks a video model from
 * a menu of those that take a first frame (with each one's price), then writes the prompt in a
 * modal; files uploaded there follow the first frame as reference images.
 *
 * The first frame is the service's own `output.url`, not the Discord attachment: Discord's
 * attachment URLs are signed and expire (and the service may not fetch them), while the service's
 * URL is the file it made (on the service's own origin, which validation accepts even where it is
 * not public: the built-in simulator's is 127.0.0.1). Any other address that is not a public
 * http(s) one cannot be animated, and says so before anything is reserved.
 */
import {
  type ButtonInteraction,
  ComponentType,
  MessageFlags,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { referenceUrlProblem } from '../../../catalog/validate.ts';
import type { Job } from '../../../jobs/job.ts';
import { UserError } from '../../interactions/command.ts';
import { buildCustomId, fitsCustomId } from '../../interactions/custom-ids.ts';
import type { BotServices } from '../../interactions/services.ts';
import { withReferences } from '../attachment-kinds.ts';
import { startGeneration } from '../generate.ts';
import { modalTitle, promptField, readPrompt, readUploads, uploadField } from '../modal-fields.ts';
import { firstFrameModels, modelOption, referenceRoom } from '../reference-models.ts';
import { originOf, resultJob } from './result-job.ts';

/** The image a video starts from: the service's URL of the result. */
function firstFrameOf(job: Job, serviceOrigin: string): string {
  if (job.type !== 'image' || job.status !== 'completed' || !job.output?.url) {
    throw new UserError('Only a finished image can be animated. Nothing was sent or charged.');
  }
  const problem = referenceUrlProblem(job.output.url, [serviceOrigin]);
  if (problem) {
    throw new UserError(
      `This image's address at the generation service ${problem} Nothing was sent or charged.`,
    );
  }
  return job.output.url;
}

/** The Animate button: the menu of video models that take a first frame, privately. */
export async function openAnimate(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const imageUrl = firstFrameOf(job, services.serviceOrigin);
  // A slug whose modal id would not fit Discord's 100 characters cannot be offered.
  const models = firstFrameModels(services.catalog.list('video')).filter((m) =>
    fitsCustomId({ kind: 'result', action: 'animate-modal', generationId, slug: m.slug }),
  );
  if (models.length === 0)
    throw new UserError('No video model takes a first frame right now. Nothing was sent or charged.');
  await interaction.reply({
    content:
      'Choose the video model that animates this image. Prices are for its default length and resolution, the same as /video without options. Next you write the prompt; nothing is charged before you send it.',
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: buildCustomId({ kind: 'result', action: 'animate-model', generationId }),
            placeholder: 'Video model',
            options: models.map((m) => modelOption(m, { model: m.slug, prompt: '', image_urls: [imageUrl] })),
          },
        ],
      },
    ],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/** The model chosen in the menu: the prompt modal for it. */
export async function chooseAnimateModel(
  interaction: StringSelectMenuInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const imageUrl = firstFrameOf(job, services.serviceOrigin);
  const slug = interaction.values[0];
  const model = firstFrameModels(services.catalog.list('video')).find((m) => m.slug === slug);
  if (!model) {
    throw new UserError(
      'That video model does not take a first frame any more; press Animate again. Nothing was sent or charged.',
    );
  }
  const room = referenceRoom(model, { model: model.slug, prompt: '', image_urls: [imageUrl] }, 'image');
  await interaction.showModal({
    custom_id: buildCustomId({ kind: 'result', action: 'animate-modal', generationId, slug: model.slug }),
    title: modalTitle(`Animate with ${model.label}`),
    components: [
      promptField('What happens in the video', job.prompt),
      ...(room > 0
        ? [
            uploadField(
              'More reference images (optional)',
              `They follow this image, the first frame; up to ${room} for this model.`,
              room,
            ),
          ]
        : []),
    ],
  });
}

/** The Animate modal's submit: a video on the chosen model, the image as its first frame. */
export async function submitAnimate(
  interaction: ModalSubmitInteraction,
  services: BotServices,
  generationId: string,
  slug: string | undefined,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const imageUrl = firstFrameOf(job, services.serviceOrigin);
  if (!slug) throw new UserError('This form is not known to the bot any more; press Animate again.');
  const uploads = readUploads(interaction);
  const request = withReferences(
    { model: slug, prompt: readPrompt(interaction), image_urls: [imageUrl] },
    uploads,
  );
  await startGeneration(interaction, services, 'video', request, { origin: originOf(job, 'animate') });
}
