/**
 * Tells the metrics what the quota charged and refunded, from the quota's own answers: a settle
 * that was not already settled is a new charge, a refund not already refunded a new refund. The
 * quota stays unaware of metrics (and of which store it runs on); this wraps its two money calls.
 * No server is named: spend per server is /balance's and the ledger's, not a metric label.
 */
import type { QuotaService } from '../quota/service.ts';

export interface SpendHooks {
  charged(micros: number): void;
  refunded(micros: number): void;
}

/** The same quota service, with `settle` and `refund` reported to `hooks` once each per generation. */
export function withSpendHooks(quota: QuotaService, hooks: SpendHooks): QuotaService {
  const settle: QuotaService['settle'] = async (reservationId, charge) => {
    const result = await quota.settle(reservationId, charge);
    if (!result.alreadySettled) hooks.charged(result.chargedMicros);
    return result;
  };
  const refund: QuotaService['refund'] = async (generationId, note) => {
    const result = await quota.refund(generationId, note);
    if (!result.alreadyRefunded) hooks.refunded(result.refundedMicros);
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
