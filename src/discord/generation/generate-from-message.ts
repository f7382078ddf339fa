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
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import { storeStep } from '../interactions/store-reads.ts';
import { escapeMemberText } from '../views/message-parts.ts';
import { describeReferences, referencesOf, withReferences } from './attachment-kinds.ts';
import { startGeneration } from './generate.ts';
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

/** The context-menu command: reads the attachments, keeps them, and opens the modal. */
export async function openFromMessage(
  interaction: MessageContextMenuCommandInteraction,
  services: BotServices,
): Promise<void> {
  const l = memberLocalizer(interaction);
  if (!interaction.inGuild() || interaction.channelId === null)
    throw new UserError(l.t('generate:channelsOnly'));
  const message = interaction.targetMessage;
  const references = referencesOf(message.attachments.values());
  if (references.length === 0) throw new UserError(l.t('generate:fromMessage.noAttachments'));
  if (!services.catalog.ready) {
    throw new UserError(l.t('generate:catalogNotReady'));
  }
  const draft = withReferences({ model: '', prompt: '' }, references);
  const models = modelsTaking(services.catalog.list(), draft);
  const described = describeReferences(references, l);
  if (models.length === 0) {
    throw new UserError(l.t('generate:fromMessage.noModelTakes', { references: described }));
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
    title: modalTitle(l.t('generate:fromMessage.title')),
    components: [
      promptField(l.t('generate:fromMessage.prompt')),
      modelField(
        l.t('generate:fromMessage.model'),
        l.t('generate:fromMessage.modelHint', { references: described }),
        models.map((m) => modelOption(m, { ...draft, model: m.slug }, l)),
      ),
      ...(room > 0
        ? [uploadField(l.t('generate:fromMessage.more'), l.t('generate:fromMessage.moreHint'), room)]
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
  const l = memberLocalizer(interaction);
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
    throw new UserError(l.t('generate:fromMessage.expired'));
  const slug = readModel(interaction);
  const model = services.catalog.get(slug);
  if (!model)
    throw new UserError(
      l.t('generate:fromMessage.modelGone', { model: escapeMemberText(slug.slice(0, 100)) }),
    );
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
