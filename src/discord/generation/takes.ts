/**
 * Several takes at once: `count` on /imagine and /video makes the same request up to four times,
 * shown in one reply (batch-card.ts). The money is the quota's (all takes reserved together or
 * none: quota/service.ts); from there each take is a submission of its own, so the fair queue
 * sees a batch of 4 as 4 submissions of that member, and each take is charged by its own 201,
 * refunded on its own failure, recovered and delivered as its own job (jobs/batches.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Localizer } from '../../i18n/index.ts';
import type { BatchReply } from '../../jobs/batches.ts';
import type { BatchRef, JobOrigin, ReplyTarget } from '../../jobs/job.ts';
import type { SubmitOutcome } from '../../jobs/submission.ts';
import type { CreateGenerationRequest, Model } from '../../media/schemas.ts';
import { MAX_TAKES } from '../../quota/service.ts';
import { UserError } from '../interactions/command.ts';
import { deferReply } from '../interactions/defer.ts';
import { memberLocalizer, replyLocales } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';
import { renderBatchCard } from '../views/batch-card.ts';
import { refuseAfterDefer } from './refuse-after-defer.ts';
import { newSeed } from './result-actions/result-job.ts';

/**
 * How many takes a request makes: the member's choice, else 1. The one place `count` is read, so
 * that a member's default (settings) joins here. A count outside 1 to 4 (a modified client) is
 * refused, never clamped: the member pays for what they asked.
 */
export function takeCount(chosen: number | undefined, l: Localizer): number {
  const count = chosen ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_TAKES) {
    throw new UserError(l.t('generate:takes.countRange', { max: MAX_TAKES }));
  }
  return count;
}

/**
 * The request of take `index`: the same for every take, but a request that sets a seed (motion
 * models) gets a new one from the second take on, or the takes would be nearly the same video.
 * Without a seed the service picks one for each.
 */
export function takeRequest(request: CreateGenerationRequest, index: number): CreateGenerationRequest {
  if (index === 0 || request.seed === undefined) return request;
  return { ...request, seed: newSeed() };
}

/** A validated request whose takes are all reserved, ready to be sent. */
export interface ReservedBatch {
  request: CreateGenerationRequest;
  model: Model;
  /** One take's quote. */
  quotedMicros: number;
  /** One per take, in order. */
  reservationIds: string[];
  reservedAt: number;
  receivedAt: number;
  attachmentSizeLimit: number;
  origin?: JobOrigin;
  /** The channel's rules as they are now, for a take that waited for its turn (generate.ts). */
  recheck: () => Promise<string | undefined>;
}

/**
 * Defers a public reply, shows the batch's card with every take waiting, then submits every take
 * (each joins the fair queue as its own submission) and follows each one sent. Delivery redraws
 * the card as takes finish. When no take at all was sent, the reply says why instead.
 */
export async function sendBatch(
  interaction: GuildStartingInteraction,
  services: BotServices,
  reserved: ReservedBatch,
): Promise<void> {
  const { quota, submitter, logger } = services;
  const { request, model, quotedMicros, reservationIds } = reserved;
  const l = memberLocalizer(interaction);
  try {
    if (!interaction.deferred) await deferReply(interaction);
  } catch (err) {
    await Promise.all(reservationIds.map((id) => quota.release(id, 'could not answer the interaction')));
    throw err;
  }
  const batchId = randomUUID();
  const size = reservationIds.length;
  const reply: ReplyTarget = {
    applicationId: interaction.applicationId,
    interactionToken: interaction.token,
    interactionAt: reserved.receivedAt,
    guildId: interaction.guildId,
    channelId: interaction.channelId,
    messageId: null,
    userId: interaction.user.id,
    ...replyLocales(interaction),
  };
  // Shown before any take is sent, so every take's job knows the reply's id from the start (the
  // bot-token route and the failure thread need it) and a fast take's redraw is never overwritten.
  const head: BatchReply = {
    id: batchId,
    size,
    reply,
    prompt: request.prompt,
    request,
    model: model.slug,
    modelLabel: model.label,
    simulated: services.simulated,
  };
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
    reservationIds.map(async (reservationId, index): Promise<SubmitOutcome> => {
      const batch: BatchRef = { id: batchId, index, size };
      const outcome = await submitter.submit({
        request: takeRequest(request, index),
        model,
        quotedMicros,
        reservationId,
        reservedAt: reserved.reservedAt,
        reply,
        batch,
        attachmentSizeLimit: reserved.attachmentSizeLimit,
        ...(reserved.origin ? { origin: reserved.origin } : {}),
        simulated: services.simulated,
        recheck: reserved.recheck,
      });
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
