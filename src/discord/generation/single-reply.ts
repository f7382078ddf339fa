/**
 * A single take's reply: while the take waits for its turn, its place in line and a Cancel button
 * (waiting-view.ts); then the queued job's card, which the poller and delivery take from there, or
 * why nothing was made. A take of several is shown on its batch's card instead (batch-reply.ts).
 */
import type { Message } from 'discord.js';
import type { SubmitOutcome } from '../../jobs/submission.ts';
import type { WaitProgress } from '../../jobs/submitter.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { BotServices } from '../interactions/services.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';
import { renderFieldErrors, renderJob } from '../views/render.ts';
import { renderCancelled, renderWaiting } from '../views/waiting-view.ts';
import { refuseAfterDefer } from './refuse-after-defer.ts';
import { ThrottledEdits } from './throttled-edits.ts';

/**
 * Submits the one take through `submit`, showing its progress in the deferred reply, then shows
 * the queued job (and follows it) or says why nothing was made.
 */
export async function showSingle(
  interaction: GuildStartingInteraction,
  services: BotServices,
  take: { reservationId: string; quotedMicros: number },
  submit: (onProgress: (progress: WaitProgress) => void) => Promise<SubmitOutcome>,
): Promise<void> {
  const { jobs, clock } = services;
  const { reservationId, quotedMicros } = take;
  const l = memberLocalizer(interaction);
  // The waiting view's edits, in order and spaced; closed before any other edit of the reply.
  const waiting = new ThrottledEdits((progress: WaitProgress) =>
    interaction.editReply(renderWaiting(progress, reservationId, l)),
  );
  let outcome: SubmitOutcome;
  try {
    outcome = await submit((progress) => waiting.push(progress));
  } finally {
    await waiting.close();
  }
  // Every answer below replaces the waiting view, its Cancel button included.
  const answer = (content: string) =>
    interaction.editReply({ content, components: [], allowedMentions: { parse: [] } });

  switch (outcome.kind) {
    case 'submitted': {
      const { job } = outcome;
      try {
        let message: Message;
        try {
          message = await interaction.editReply({ content: '', ...renderJob(job, { kind: 'progress' }) });
        } catch (err) {
          // With several processes the poller's leader follows every stored job, and a fast one can
          // be delivered before this edit: its result card (Components V2) refuses the queued embed,
          // which is what keeps the result from being overwritten. Nothing went wrong then.
          const now = await jobs.get(job.generationId).catch(() => undefined);
          if (now && now.step !== 'following') {
            services.logger.info(
              { generationId: job.generationId, step: now.step },
              'the result came before the queued card; the card is left as it is',
            );
            return;
          }
          throw err;
        }
        await jobs.update(job.generationId, (j) => ({
          reply: { ...j.reply, messageId: message.id },
          editedAt: clock.now(),
          shownStatus: j.status,
        }));
        // The moderation log's line links to the reply, now that its id is saved.
        services.moderation?.replyShown(job.generationId);
      } finally {
        // Followed only once the queued embed is up, so a fast result cannot be overwritten by it.
        services.follow(job);
      }
      return;
    }
    case 'insufficient_balance':
      // The shared balance is the server's business, not the channel's: the public reply goes
      // and only the member is told (the admins hear of it in the alerts channel: ops/alerts.ts).
      await refuseAfterDefer(interaction, l.t('generate:outcome.insufficientBalance'));
      return;
    case 'rejected':
      await answer(
        l.t('generate:outcome.rejected', { errors: renderFieldErrors(outcome.fieldErrors, 'service') }),
      );
      return;
    case 'unconfirmed':
      await answer(l.t('generate:outcome.unconfirmed'));
      return;
    case 'failed':
      await answer(l.t('generate:outcome.failed'));
      return;
    case 'gave_up':
      await answer(l.t('generate:outcome.gaveUp', { count: Math.round(outcome.waitedMs / 60_000) }));
      return;
    case 'not_recorded':
      await answer(l.t('actions:errors.storeFault'));
      return;
    case 'refused':
      await answer(l.t('generate:outcome.refused', { reason: outcome.reason }));
      return;
    case 'cancelled':
      // The Cancel press said so already; said again here, after the last waiting edit.
      await interaction.editReply(renderCancelled(quotedMicros, outcome.released, l));
      return;
  }
}
