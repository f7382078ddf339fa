/**
 * Why a reservation was refused, in the words the member reads (privately, in their language): what
 * it costs, what is left, when it resets; for a batch, its total and how many takes what is left
 * would cover.
 */
import type { Localizer } from '../../i18n/index.ts';
import type { ReserveRefusal } from '../../quota/service.ts';

/** "It resets <t:…:R>." (Discord writes the time in the reader's language), or that it does not. */
function resetsText(l: Localizer, at: Date | undefined): string {
  return at
    ? l.t('generate:refusal.resets', { when: `<t:${Math.floor(at.getTime() / 1000)}:R>` })
    : l.t('generate:refusal.noReset');
}

export function describeRefusal(
  result: ReserveRefusal,
  quotedMicros: number,
  count: number,
  l: Localizer,
): string {
  if (count > 1 && result.reason !== 'in_flight') return describeBatchRefusal(result, quotedMicros, count, l);
  switch (result.reason) {
    case 'in_flight':
      return result.inFlight !== undefined && result.cap !== undefined
        ? l.t('generate:refusal.inFlight', { count: result.inFlight, cap: result.cap })
        : l.t('generate:refusal.inFlightUnknown');
    case 'budget': {
      const text = l.t('generate:refusal.budget', { left: leftOf(result), cost: quotedMicros });
      return result.budget?.resetsAt ? `${text} ${resetsText(l, result.budget.resetsAt)}` : text;
    }
    default:
      // With a top-up, what is left is the allowance's and the top-up's together: the decision's figure.
      return `${l.t(
        result.topupLeftMicros === undefined
          ? 'generate:refusal.allowance'
          : 'generate:refusal.allowanceWithTopup',
        {
          cost: quotedMicros,
          left: leftOf(result),
          allowance: result.allowanceMicros,
        },
      )} ${resetsText(l, result.resetsAt ?? undefined)}`;
  }
}

/**
 * A batch refused as a whole: its total, what is left, and how many takes that would cover, so the
 * member can ask again for fewer. Nothing of it was reserved or sent. Every figure is the decision's
 * (quota/decision.ts), so asking again with `count:{fits}` passes the check that refused this one.
 */
function describeBatchRefusal(
  result: ReserveRefusal,
  quotedMicros: number,
  count: number,
  l: Localizer,
): string {
  const left = leftOf(result);
  const fits = result.takesThatFit;
  const figures = { count, total: quotedMicros * count, each: quotedMicros, left, fits };
  if (result.reason === 'budget')
    return fits > 0
      ? l.t('generate:refusal.batchBudgetSome', figures)
      : l.t('generate:refusal.batchBudgetNone', figures);
  return fits > 0
    ? l.t('generate:refusal.batchAllowanceSome', figures)
    : l.t('generate:refusal.batchAllowanceNone', figures);
}

/** What the refusing figure has left: the budget's or the member's allowance's. */
function leftOf(result: ReserveRefusal): number {
  return Math.max(
    0,
    result.reason === 'budget' ? (result.budget?.remainingMicros ?? 0) : result.remainingMicros,
  );
}
