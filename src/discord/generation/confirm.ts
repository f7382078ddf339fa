/**
 * The Confirm and Cancel buttons of the confirmation card (confirm-card.ts): their own component
 * handler (kind `confirmation` in custom-ids.ts), whichever command or button showed the card.
 * Only the member who asked may answer. Confirm claims the stored confirmation before anything is sent (so a double
 * click or a press delivered twice submits once), then sends exactly as the slash command does,
 * on a public reply deferred on the button press; the card then says the request was sent.
 */
import { type ButtonInteraction, MessageFlags, Routes } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import { type ClaimResult, type PendingConfirmation, reservationsOf } from '../../jobs/confirmations.ts';
import { type ComponentHandler, UserError } from '../interactions/command.ts';
import type { CustomIdOf } from '../interactions/custom-ids.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import { inGuildChannel } from '../interactions/starting-interaction.ts';
import { storeStep } from '../interactions/store-reads.ts';
import { checkChannelRules } from './channel-rules.ts';
import { sendTakes } from './send-takes.ts';

/** Confirm or Cancel on a card: the id names the stored confirmation. */
async function handleConfirmButton(
  interaction: ButtonInteraction,
  services: BotServices,
  id: CustomIdOf<'confirmation'>,
): Promise<void> {
  const receivedAt = services.clock.now();
  // Only the member who asked sees the card; whoever presses is answered in their own language.
  const l = memberLocalizer(interaction);
  if (!inGuildChannel(interaction)) throw new UserError(l.t('actions:confirm.outsideChannel'));
  const { confirmations, quotaAdmin, logger } = services;
  // What the card names must be where it was pressed: a confirmation made in one server or channel
  // is never sent, charged or posted from another (a modified client can press any custom id).
  const held = await storeStep(interaction, logger, 'the confirmation', () =>
    confirmations.get(id.confirmationId),
  );
  if (held && (held.guildId !== interaction.guildId || held.channelId !== interaction.channelId)) {
    await privately(interaction, l.t('actions:confirm.notHere'));
    return;
  }
  if (held && id.verb === 'confirm' && held.userId === interaction.user.id) {
    // The channel's rules as they are now, not as they were when the card was shown: an admin may
    // have taken the channel off the allow-list, or the channel lost its age restriction.
    const guildId = interaction.guildId;
    const settings = await storeStep(interaction, logger, 'settings', () => quotaAdmin.getSettings(guildId));
    checkChannelRules(interaction, settings, held.request, services);
  }
  let answering: Promise<ClaimResult> | undefined;
  let result: ClaimResult;
  try {
    result = await storeStep(interaction, logger, 'the answer to a confirmation', (signal) => {
      answering =
        id.verb === 'confirm'
          ? confirmations.confirm(id.confirmationId, interaction.user.id, signal)
          : confirmations.cancel(id.confirmationId, interaction.user.id, signal);
      return answering;
    });
  } catch (err) {
    // The member was told nothing was sent: a Confirm that lands after all is taken back.
    void answering
      ?.then(
        (late) =>
          late.kind === 'claimed' && late.record.state === 'confirmed'
            ? confirmations.withdraw(late.record, 'confirmed too late to be sent')
            : undefined,
        () => undefined,
      )
      .catch((lateErr: unknown) =>
        logger.error(
          { err: lateErr, confirmationId: id.confirmationId },
          'cannot take back a late Confirm; it expires',
        ),
      );
    throw err;
  }

  switch (result.kind) {
    case 'not_yours':
      await privately(interaction, l.t('actions:confirm.notYours'));
      return;
    case 'unknown':
      await privately(interaction, l.t('actions:confirm.gone'));
      return;
    case 'expired':
      await interaction.update({ content: l.t('actions:confirm.expired'), components: [] });
      return;
    case 'answered':
      await privately(
        interaction,
        result.state === 'confirmed'
          ? l.t('actions:confirm.onItsWay')
          : l.t('actions:confirm.alreadyCancelled'),
      );
      return;
    case 'claimed':
      break;
  }

  const record = result.record;
  if (id.verb === 'cancel') {
    await interaction.update({
      content: l.t('actions:confirm.cancelled', {
        amount: record.quotedMicros * reservationsOf(record).length,
      }),
      components: [],
    });
    return;
  }

  const model = services.catalog.get(record.request.model);
  if (!model) {
    for (const id of reservationsOf(record))
      await services.quota.release(id, 'the model left the catalog before confirmation');
    throw new UserError(l.t('actions:confirm.modelGone', { model: record.request.model }));
  }
  try {
    await sendTakes(interaction, services, {
      request: record.request,
      model,
      quotedMicros: record.quotedMicros,
      reservationIds: reservationsOf(record),
      reservedAt: record.createdAt,
      receivedAt,
      attachmentSizeLimit: interaction.attachmentSizeLimit || record.attachmentSizeLimit,
      ...(record.origin ? { origin: record.origin } : {}),
    });
  } finally {
    // Once the public reply exists, whatever happened next is told there.
    if (interaction.deferred) await updateCard(interaction, record, services, l);
  }
}

function privately(interaction: ButtonInteraction, content: string): Promise<unknown> {
  return interaction.reply({ content, flags: MessageFlags.Ephemeral });
}

/**
 * The card is the slash command's ephemeral reply: only that interaction's token can edit it (the
 * press already answered with the public reply). Best effort: the request went its way regardless.
 */
async function updateCard(
  interaction: ButtonInteraction,
  record: PendingConfirmation,
  services: BotServices,
  l: Localizer,
): Promise<void> {
  try {
    await interaction.client.rest.patch(Routes.webhookMessage(record.applicationId, record.cardToken), {
      body: {
        content: l.t('actions:confirm.confirmed'),
        components: [],
      },
      auth: false,
    });
  } catch (err) {
    services.logger.warn({ err, confirmationId: record.id }, 'could not update the confirmation card');
  }
}

export const confirmationComponents: ComponentHandler<'confirmation'> = {
  prefix: 'confirmation',
  button: handleConfirmButton,
};
