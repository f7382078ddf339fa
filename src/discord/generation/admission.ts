/**
 * The money before a request's first answer: the lock-free fit check and the reservation, each
 * within the interaction's deadline (store-reads.ts), failing closed.
 */
import type { AdmissionTicket } from '../../quota/admitted-ahead.ts';
import type { QuotaService, ReserveInput, ReserveResult } from '../../quota/service.ts';
import type { BotServices } from '../interactions/services.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';
import { inTime, storeStep } from '../interactions/store-reads.ts';

/**
 * The lock-free fit check within the interaction's deadline: the admission's `done` when the request
 * fits, else undefined (it does not fit, the store erred, or it did not answer in time; an admission
 * that comes too late is given back at once).
 */
export async function admitInTime(
  interaction: GuildStartingInteraction,
  quota: QuotaService,
  input: ReserveInput,
): Promise<AdmissionTicket | undefined> {
  const admitting = quota.admitAhead(input);
  try {
    const admission = await inTime(interaction, admitting, 'the fit check');
    return admission.fits ? admission.ticket : undefined;
  } catch {
    void admitting.then((a) => (a.fits ? a.ticket.done() : undefined)).catch(() => undefined);
    return undefined;
  }
}

/**
 * Reserves the quote, failing closed: a store error, or a store too slow to answer within the
 * interaction's deadline (store-reads.ts), refuses the request (nothing is sent). A reservation
 * that is recorded after all, too late to be used, is released at once.
 */
export async function reserveInTime(
  interaction: GuildStartingInteraction,
  quota: QuotaService,
  input: ReserveInput,
  logger: BotServices['logger'],
  admitted: AdmissionTicket | undefined,
): Promise<ReserveResult> {
  let reserving: Promise<ReserveResult> | undefined;
  try {
    return await storeStep(interaction, logger, 'the reservation', () => {
      reserving = quota.reserve(input, admitted);
      return reserving;
    });
  } catch (err) {
    // A reservation recorded after all, too late to be used, is given back (one that failed is not there).
    void reserving
      ?.then(
        async (r) => {
          if (r.ok) await quota.release(r.reservationId, 'recorded too late to be used');
        },
        () => undefined,
      )
      .catch((lateErr: unknown) =>
        logger.error(
          { err: lateErr, guildId: input.guildId },
          'cannot release a hold recorded too late; it expires',
        ),
      );
    throw err;
  }
}
