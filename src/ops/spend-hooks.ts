/**
 * Tells the metrics what the quota charged and refunded, from the quota's own answers: a settle
 * that was not already settled is a new charge, a refund not already refunded a new refund. The
 * quota stays unaware of metrics (and of which store it runs on); this wraps its two money calls.
 */
import type { QuotaService } from '../quota/service.ts';

export interface SpendHooks {
  /** The guild a generation was made in (from its job), null for none or when unknown. */
  guildOf(generationId: string): Promise<string | null>;
  charged(guildId: string | null, micros: number): void;
  refunded(guildId: string | null, micros: number): void;
}

/** The same quota service, with `settle` and `refund` reported to `hooks` once each per generation. */
export function withSpendHooks(
  quota: QuotaService,
  hooks: SpendHooks,
  onError: (err: unknown) => void,
): QuotaService {
  // Metrics never fail a money call: their own errors are only logged.
  const report = (generationId: string, tell: (guildId: string | null) => void) =>
    void hooks
      .guildOf(generationId)
      .then(tell)
      .catch((err: unknown) => onError(err));
  const settle: QuotaService['settle'] = async (reservationId, charge) => {
    const result = await quota.settle(reservationId, charge);
    if (!result.alreadySettled) {
      report(charge.generationId, (guild) => hooks.charged(guild, result.chargedMicros));
    }
    return result;
  };
  const refund: QuotaService['refund'] = async (generationId, note) => {
    const result = await quota.refund(generationId, note);
    if (!result.alreadyRefunded)
      report(generationId, (guild) => hooks.refunded(guild, result.refundedMicros));
    return result;
  };
  // A proxy rather than a copy: the service is a class whose methods read its private fields.
  return new Proxy(quota, {
    get(target, prop) {
      if (prop === 'settle') return settle;
      if (prop === 'refund') return refund;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
