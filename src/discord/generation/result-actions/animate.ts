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
import { isUsableReference } from '../../../catalog/validate.ts';
import type { Localizer } from '../../../i18n/index.ts';
import type { Job } from '../../../jobs/job.ts';
import { UserError } from '../../interactions/command.ts';
import { buildCustomId, fitsCustomId } from '../../interactions/custom-ids.ts';
import { memberLocalizer } from '../../interactions/locale.ts';
import type { BotServices } from '../../interactions/services.ts';
import { withReferences } from '../attachment-kinds.ts';
import { startGeneration } from '../generate.ts';
import { modalTitle, promptField, readPrompt, readUploads, uploadField } from '../modal-fields.ts';
import { firstFrameModels, modelOption, referenceRoom } from '../reference-models.ts';
import { originOf, resultJob } from './result-job.ts';

/**
 * The image a video starts from: the service's URL of the result. Why an address cannot be used is
 * told as one whole sentence of the member's language, not the validator's English fragment.
 */
function firstFrameOf(job: Job, serviceOrigin: string, l: Localizer): string {
  if (job.type !== 'image' || job.status !== 'completed' || !job.output?.url)
    throw new UserError(l.t('actions:animate.notAnImage'));
  if (!isUsableReference(job.output.url, [serviceOrigin]))
    throw new UserError(l.t('actions:animate.notPublic'));
  return job.output.url;
}

/** The Animate button: the menu of video models that take a first frame, privately. */
export async function openAnimate(
  interaction: ButtonInteraction,
  services: BotServices,
  generationId: string,
): Promise<void> {
  const job = await resultJob(interaction, services, generationId);
  const l = memberLocalizer(interaction);
  const imageUrl = firstFrameOf(job, services.serviceOrigin, l);
  // A slug whose modal id would not fit Discord's 100 characters cannot be offered.
  const models = firstFrameModels(services.catalog.list('video')).filter((m) =>
    fitsCustomId({ kind: 'result', action: 'animate-modal', generationId, slug: m.slug }),
  );
  if (models.length === 0) throw new UserError(l.t('actions:animate.noModels'));
  await interaction.reply({
    content: l.t('actions:animate.menu'),
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: buildCustomId({ kind: 'result', action: 'animate-model', generationId }),
            placeholder: l.t('actions:animate.menuPlaceholder'),
            options: models.map((m) =>
              modelOption(m, { model: m.slug, prompt: '', image_urls: [imageUrl] }, l),
            ),
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
  const l = memberLocalizer(interaction);
  const imageUrl = firstFrameOf(job, services.serviceOrigin, l);
  const slug = interaction.values[0];
  const model = firstFrameModels(services.catalog.list('video')).find((m) => m.slug === slug);
  if (!model) throw new UserError(l.t('actions:animate.modelGone'));
  const room = referenceRoom(model, { model: model.slug, prompt: '', image_urls: [imageUrl] }, 'image');
  await interaction.showModal({
    custom_id: buildCustomId({ kind: 'result', action: 'animate-modal', generationId, slug: model.slug }),
    title: modalTitle(l.t('actions:animate.title', { model: model.label })),
    components: [
      promptField(l.t('actions:animate.promptLabel'), job.prompt),
      ...(room > 0
        ? [
            uploadField(
              l.t('actions:animate.uploadLabel'),
              l.t('actions:animate.uploadDescription', { count: room }),
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
  const l = memberLocalizer(interaction);
  const imageUrl = firstFrameOf(job, services.serviceOrigin, l);
  if (!slug) throw new UserError(l.t('actions:animate.formUnknown'));
  const uploads = readUploads(interaction);
  const request = withReferences(
    { model: slug, prompt: readPrompt(interaction), image_urls: [imageUrl] },
    uploads,
  );
  await startGeneration(interaction, services, 'video', request, { origin: originOf(job, 'animate') });
}
