/**
 * Several takes at once: `count` on /imagine and /video makes the same request up to four times,
 * shown in one reply, the batch's card (views/batch-card.ts). The money is the quota's (all takes
 * reserved together or none); each take is a submission of its own (send-takes.ts), so the fair
 * queue sees a batch of 4 as 4 submissions of that member, and each take is charged by its own
 * 201, refunded on its own failure, recovered and delivered as its own job (jobs/batches.ts), which
 * redraws the card.
 */

import type { Localizer } from '../../i18n/index.ts';
import type { BatchReply } from '../../jobs/batches.ts';
import type { SubmitOutcome } from '../../jobs/submission.ts';
import type { Model } from '../../media/schemas.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';
import { renderBatchCard } from '../views/batch-card.ts';
import { refuseAfterDefer } from './refuse-after-defer.ts';

/**
 * Shows the batch's card with every take waiting, then submits every take through `submit` (each
 * joins the fair queue as its own submission) and follows each one sent. Delivery redraws the card
 * as takes finish. When no take at all was sent, the reply says why instead.
 */
export async function showBatch(
  interaction: GuildStartingInteraction,
  services: BotServices,
  head: BatchReply,
  model: Model,
  submit: (index: number) => Promise<SubmitOutcome>,
): Promise<void> {
  const { logger } = services;
  const l = memberLocalizer(interaction);
  const { id: batchId, size, reply } = head;
  // Shown before any take is sent, so every take's job knows the reply's id from the start (the
  // bot-token route and the failure thread need it) and a fast take's redraw is never overwritten.
  try {
    const waiting = Array.from({ length: size }, (_, index) => ({ index, state: 'sending' as const }));
    const message = await interaction.editReply(renderBatchCard(head, waiting, model));
    reply.messageId = message.id;
  } catch (err) {
    // The takes are delivered all the same, by the interaction token while it lasts.
    logger.warn({ err, batchId }, "cannot show a batch's card before sending it");
  }
  // Kept before any take can change, so that the card can be drawn again from it whatever the takes
  // become: even when none of them becomes a generation (every take's answer lost, then released).
  await services.batchCards.begin(head).catch((err: unknown) => {
    // The card is still drawn through a take's job when one has a job.
    logger.warn({ err, batchId }, "cannot keep a batch's reply; it is redrawn only through its takes' jobs");
  });

  const settled = await Promise.allSettled(
    Array.from({ length: size }, async (_, index): Promise<SubmitOutcome> => {
      const outcome = await submit(index);
      if (outcome.kind === 'submitted') services.follow(outcome.job);
      return outcome;
    }),
  );
  // A take whose submission threw left its intent behind: recovery adopts or releases it, so it
  // counts as possibly sent (its reply must not say that nothing was).
  const outcomes = settled.map((s): SubmitOutcome => {
    if (s.status === 'fulfilled') return s.value;
    logger.error({ err: s.reason, batchId }, "a batch's take failed unexpectedly; left to recovery");
    return { kind: 'unconfirmed' };
  });
  const sent = outcomes.filter((o) => o.kind === 'submitted' || o.kind === 'unconfirmed').length;
  if (sent > 0) {
    // The card still says every take waits to be sent: redrawn once every take's fate is known, it
    // shows those sent as queued or generating (until the first finishes, nothing else redraws it)
    // and any that was not sent as such. A take whose answer was lost shows as waiting until the
    // sweep adopts or releases it, which redraws the card again (recovery.ts).
    await services.batchCards.redraw({ id: batchId, size });
    return;
  }
  // None went out. The shared balance used up is the server's business, not the channel's: the
  // card goes and only the member is told (the admins hear of it in the alerts channel).
  if (outcomes.some((o) => o.kind === 'insufficient_balance')) {
    await refuseAfterDefer(interaction, l.t('generate:outcome.insufficientBalance'));
    await forget(services, batchId);
    return;
  }
  // No delivery will redraw the card, so it says so here (still V2: a V2 message cannot become a
  // plain one again).
  const notSent = outcomes.map((_, index) => ({ index, state: 'not_sent' as const, reason: '' }));
  await interaction.editReply(
    renderBatchCard(
      {
        ...head,
        note: l.t('generate:takes.noneSent', { count: size, reasons: describeNotSent(outcomes, l) }),
      },
      notSent,
      model,
    ),
  );
  await forget(services, batchId);
}

/** Nothing will change in a batch none of whose takes was sent: its card is not drawn again. */
async function forget(services: BotServices, batchId: string): Promise<void> {
  await services.batchCards.forget(batchId).catch((err: unknown) => {
    // At worst the next start draws the same card again.
    services.logger.warn({ err, batchId }, 'cannot forget a batch none of whose takes was sent');
  });
}

/** Why takes were not sent, in a few words, each reason once (a used-up balance is told privately). */
function describeNotSent(outcomes: readonly SubmitOutcome[], l: Localizer): string {
  const words: Record<Exclude<SubmitOutcome['kind'], 'insufficient_balance'>, string> = {
    submitted: l.t('generate:takes.reason.sent'),
    unconfirmed: l.t('generate:takes.reason.unconfirmed'),
    rejected: l.t('generate:takes.reason.rejected'),
    failed: l.t('generate:takes.reason.failed'),
    gave_up: l.t('generate:takes.reason.gaveUp'),
    not_recorded: l.t('generate:takes.reason.notRecorded'),
    cancelled: l.t('generate:takes.reason.cancelled'),
    refused: l.t('generate:takes.reason.refused'),
  };
  return [
    ...new Set(outcomes.flatMap((o) => (o.kind === 'insufficient_balance' ? [] : [words[o.kind]]))),
  ].join('; ');
}
