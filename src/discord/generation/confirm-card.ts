/**
 * The confirmation card: the ephemeral answer to a request quoted above the server's threshold,
 * with the quote, what the member's allowance keeps after it, and Confirm / Cancel buttons whose
 * custom ids name only the stored pending confirmation (custom-ids.ts, kind `confirmation`).
 */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  ButtonStyle,
  ComponentType,
  MessageFlags,
} from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { PendingConfirmation } from '../../jobs/confirmations.ts';
import type { JobOrigin } from '../../jobs/job.ts';
import type { MediaType, Model } from '../../media/schemas.ts';
import type { Micros } from '../../money.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import { roleIdsOf } from '../interactions/permissions.ts';
import type { BotServices } from '../interactions/services.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';
import { inTime, storeStep } from '../interactions/store-reads.ts';
import { escapeMemberText } from '../views/message-parts.ts';
import { parameterLine } from '../views/parameters-text.ts';
import { truncate } from '../views/text.ts';

const MAX_PROMPT_SHOWN = 300;

/**
 * The card's text and buttons, in the member's language (`l`): the cost, the model with the
 * parameter line every card of the request shows (parameters-text.ts), the prompt, and when it
 * lapses.
 */
export function renderConfirmCard(
  record: PendingConfirmation,
  modelLabel: string,
  remainingAfter: { remainingMicros: Micros; allowanceMicros: Micros } | null,
  expiresAt: number,
  l: Localizer,
): { content: string; components: APIActionRowComponent<APIButtonComponent>[] } {
  const left = remainingAfter
    ? l.t('cards:confirm.left', {
        remaining: remainingAfter.remainingMicros,
        allowance: remainingAfter.allowanceMicros,
      })
    : '';
  const takes = record.takeReservationIds?.length ?? 1;
  const cost =
    takes > 1
      ? l.t('cards:confirm.costTakes', {
          count: takes,
          total: record.quotedMicros * takes,
          each: record.quotedMicros,
        })
      : l.t('cards:confirm.cost', { amount: record.quotedMicros });
  const params = parameterLine(l, record.request);
  const content = [
    `${cost} ${left}`.trim(),
    `**${escapeMemberText(modelLabel)}**${params ? ` · ${escapeMemberText(params)}` : ''}`,
    truncate(escapeMemberText(record.request.prompt), MAX_PROMPT_SHOWN),
    l.t('cards:confirm.expires', { when: `<t:${Math.ceil(expiresAt / 1000)}:R>` }),
  ].join('\n');
  return {
    content,
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.Button,
            style: ButtonStyle.Success,
            label: l.t('cards:button.confirm'),
            custom_id: buildCustomId({ kind: 'confirmation', verb: 'confirm', confirmationId: record.id }),
          },
          {
            type: ComponentType.Button,
            style: ButtonStyle.Secondary,
            label: l.t('cards:button.cancel'),
            custom_id: buildCustomId({ kind: 'confirmation', verb: 'cancel', confirmationId: record.id }),
          },
        ],
      },
    ],
  };
}

/**
 * Holds a reserved request for the member's confirmation: stores it, then answers with the card.
 * The reservation is released when it cannot be stored or the card cannot be shown.
 */
export async function askToConfirm(
  interaction: GuildStartingInteraction,
  services: BotServices,
  held: {
    type: MediaType;
    request: PendingConfirmation['request'];
    model: Model;
    quotedMicros: Micros;
    origin?: JobOrigin;
  },
  reservationIds: readonly string[],
): Promise<void> {
  const { confirmations, quota, logger } = services;
  const reservationId = reservationIds[0] ?? '';
  let creating: Promise<PendingConfirmation> | undefined;
  let record: PendingConfirmation;
  try {
    record = await storeStep(interaction, logger, 'the confirmation', () => {
      creating = confirmations.create({
        type: held.type,
        request: held.request,
        quotedMicros: held.quotedMicros,
        reservationId,
        ...(reservationIds.length > 1 ? { takeReservationIds: [...reservationIds] } : {}),
        guildId: interaction.guildId,
        channelId: interaction.channelId,
        userId: interaction.user.id,
        applicationId: interaction.applicationId,
        cardToken: interaction.token,
        attachmentSizeLimit: interaction.attachmentSizeLimit,
        ...(held.origin ? { origin: held.origin } : {}),
      });
      return creating;
    });
  } catch (err) {
    // Money fails closed: a confirmation that is not stored could never be released by a restart,
    // and one stored too late was never shown. Either way the hold goes back now.
    const note = 'not held: the confirmation could not be recorded in time';
    void creating
      ?.then(
        (late) => confirmations.cancel(late.id, late.userId),
        () => undefined,
      )
      .catch((lateErr: unknown) =>
        logger.error(
          { err: lateErr, reservationId },
          'cannot cancel a confirmation recorded too late; it expires',
        ),
      );
    for (const id of reservationIds) {
      await quota
        .release(id, note)
        .catch((releaseErr: unknown) =>
          logger.error({ err: releaseErr, reservationId: id }, 'cannot release a hold; it expires'),
        );
    }
    throw err;
  }
  // What the allowance keeps after it, when the store says so in time; the card shows it without.
  const summary = await inTime(
    interaction,
    quota.summary({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      roleIds: roleIdsOf(interaction.member),
    }),
    'the summary',
  )
    .then((s) => ({ remainingMicros: s.remainingMicros, allowanceMicros: s.allowanceMicros }))
    .catch(() => null);
  const card = renderConfirmCard(
    record,
    held.model.label,
    summary,
    confirmations.expiresAt(record),
    memberLocalizer(interaction),
  );
  try {
    await interaction.reply({ ...card, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  } catch (err) {
    // The member never saw the buttons: give the money back now rather than in five minutes.
    await confirmations.cancel(record.id, record.userId).catch(() => undefined);
    throw err;
  }
}
