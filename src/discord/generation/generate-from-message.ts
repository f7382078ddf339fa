/**
 * "Generate from this" (a message's Apps menu): a member's own pictures, videos or audio become the
 * references of a new generation. The attachments are read from the message, a modal asks for the
 * prompt and one of the models that take those references (with prices), and may take more files;
 * then the request goes through startGeneration like any other. The type (image or video) follows
 * the model chosen.
 *
 * A modal submit carries no target message, so the attachments wait in a pending record
 * (jobs/pending-references.ts) named by the modal's custom id (custom-ids.ts, kind `from`).
 */
import type { MessageContextMenuCommandInteraction, ModalSubmitInteraction } from 'discord.js';
import { UserError } from '../interactions/command.ts';
import { buildCustomId, type CustomIdOf } from '../interactions/custom-ids.ts';
import type { BotServices } from '../interactions/services.ts';
import { storeStep } from '../interactions/store-reads.ts';
import { describeReferences, referencesOf, withReferences } from './attachment-kinds.ts';
import { CATALOG_NOT_READY, startGeneration } from './generate.ts';
import {
  modalTitle,
  modelField,
  promptField,
  readModel,
  readPrompt,
  readUploads,
  uploadField,
} from './modal-fields.ts';
import { modelOption, modelsTaking, referenceRoom } from './reference-models.ts';

export const NO_ATTACHMENTS =
  'This message has no image, video or audio attachment, so there is nothing to generate from. Nothing was sent or charged.';
const EXPIRED =
  'This form is no longer open (it lasts 15 minutes). Use "Generate from this" on the message again; nothing was sent or charged.';

/** The context-menu command: reads the attachments, keeps them, and opens the modal. */
export async function openFromMessage(
  interaction: MessageContextMenuCommandInteraction,
  services: BotServices,
): Promise<void> {
  if (!interaction.inGuild() || interaction.channelId === null)
    throw new UserError('This works in server channels only.');
  const message = interaction.targetMessage;
  const references = referencesOf(message.attachments.values());
  if (references.length === 0) throw new UserError(NO_ATTACHMENTS);
  if (!services.catalog.ready) {
    throw new UserError(CATALOG_NOT_READY);
  }
  const draft = withReferences({ model: '', prompt: '' }, references);
  const models = modelsTaking(services.catalog.list(), draft);
  if (models.length === 0) {
    throw new UserError(
      `No model takes ${describeReferences(references)} together as references. Nothing was sent or charged.`,
    );
  }

  const { guildId, channelId } = interaction;
  const { id: recordId } = await storeStep(interaction, services.logger, 'the references', () =>
    services.references.create({
      references,
      guildId,
      channelId,
      messageId: message.id,
      userId: interaction.user.id,
    }),
  );

  const room = Math.max(...models.map((m) => referenceRoom(m, { ...draft, model: m.slug }, 'image')));
  await interaction.showModal({
    custom_id: buildCustomId({ kind: 'from', recordId }),
    title: modalTitle('Generate from this message'),
    components: [
      promptField('Prompt'),
      modelField(
        'Model',
        `The models that take ${describeReferences(references)}; prices with their defaults.`,
        models.map((m) => modelOption(m, { ...draft, model: m.slug })),
      ),
      ...(room > 0
        ? [
            uploadField(
              'More files (optional)',
              "Added after the message's attachments; each model has its own limit.",
              room,
            ),
          ]
        : []),
    ],
  });
}

/** The modal's submit: the message's references, the uploads after them, on the chosen model. */
export async function submitFromMessage(
  interaction: ModalSubmitInteraction,
  services: BotServices,
  { recordId }: CustomIdOf<'from'>,
): Promise<void> {
  const record = await storeStep(interaction, services.logger, 'the references', () =>
    services.references.get(recordId),
  );
  // The modal is the member's own, answered where it was opened: the record names its member,
  // server and channel, and a submit that says otherwise finds nothing.
  if (
    !record ||
    record.userId !== interaction.user.id ||
    !interaction.inGuild() ||
    record.guildId !== interaction.guildId ||
    record.channelId !== interaction.channelId
  )
    throw new UserError(EXPIRED);
  const slug = readModel(interaction);
  const model = services.catalog.get(slug);
  if (!model) throw new UserError(`The model "${slug}" is no longer offered. Nothing was sent or charged.`);
  const uploads = readUploads(interaction);
  const request = withReferences({ model: slug, prompt: readPrompt(interaction) }, [
    ...record.references,
    ...uploads,
  ]);
  await startGeneration(interaction, services, model.type, request, {
    origin: {
      action: 'message',
      generationId: null,
      guildId: record.guildId,
      channelId: record.channelId,
      messageId: record.messageId,
    },
  });
}
