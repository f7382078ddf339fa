/**
 * The Cancel button of a request waiting for its turn (custom-ids.ts, kind `queue`). Only the
 * member who asked may press it; the submitter decides whether the request was still waiting, and
 * the press updates the reply to say it was cancelled and what was given back.
 */
import { setTimeout as realDelay } from 'node:timers/promises';
import { type ButtonInteraction, MessageFlags } from 'discord.js';
import type { CancelResult } from '../../jobs/send-line.ts';
import { parseReservationId } from '../../quota/state.ts';
import type { ComponentHandler } from '../interactions/command.ts';
import { UserError } from '../interactions/command.ts';
import type { CustomIdOf } from '../interactions/custom-ids.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import { renderCancelled } from '../views/waiting-view.ts';

/** What a refused Cancel says, privately to the member who pressed, by the submitter's answer. */
const REFUSAL_KEYS = {
  not_yours: 'actions:queue.notYours',
  sending: 'actions:queue.alreadySent',
  not_waiting: 'actions:queue.noLongerWaiting',
} as const;

/**
 * Discord wants an answer within 3 s (wall time). A cancel that gives the reservation back waits
 * for the store; when that takes longer than this, the press is acknowledged first and the reply
 * edited once the outcome is known.
 */
export const CANCEL_ANSWER_WITHIN_MS = 1_500;

async function handleCancel(
  interaction: ButtonInteraction,
  services: BotServices,
  { reservationId }: CustomIdOf<'queue'>,
): Promise<void> {
  // The reservation names its server: a Cancel from another server is not this request's.
  if (reservationGuild(reservationId) !== interaction.guildId)
    throw new UserError(memberLocalizer(interaction).t('actions:press.notOnThisMessage'));
  const cancelling = cancelAnywhere(services, reservationId, interaction.user.id);
  const timer = new AbortController();
  const slow = realDelay(CANCEL_ANSWER_WITHIN_MS, undefined, { signal: timer.signal }).catch(() => undefined);
  const quick = await Promise.race([cancelling, slow]).finally(() => timer.abort());
  if (quick) return answer(interaction, quick, false);
  await interaction.deferUpdate();
  return answer(interaction, await cancelling, true);
}

function reservationGuild(reservationId: string): string | undefined {
  try {
    return parseReservationId(reservationId).guildId;
  } catch {
    return undefined;
  }
}

/** Here first; then, with several processes, in the one whose fair queue holds the request. */
async function cancelAnywhere(
  services: BotServices,
  reservationId: string,
  userId: string,
): Promise<CancelResult> {
  const here = await services.submitter.cancel(reservationId, userId);
  if (here.kind !== 'not_waiting' || !services.cancelElsewhere) return here;
  return (await services.cancelElsewhere(reservationId, userId)) ?? here;
}

/** Says what became of the cancel: on the reply itself when it was cancelled, privately otherwise. */
async function answer(
  interaction: ButtonInteraction,
  result: CancelResult,
  deferred: boolean,
): Promise<void> {
  if (result.kind === 'cancelled') {
    const view = renderCancelled(result.quotedMicros, result.released, memberLocalizer(interaction));
    await (deferred ? interaction.editReply(view) : interaction.update(view));
    return;
  }
  const content = memberLocalizer(interaction).t(REFUSAL_KEYS[result.kind]);
  const reply = { content, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } } as const;
  await (deferred ? interaction.followUp(reply) : interaction.reply(reply));
}

export const queueComponents: ComponentHandler<'queue'> = { prefix: 'queue', button: handleCancel };
