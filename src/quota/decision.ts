/**
 * Whether a request fits, and the refusal when it does not, from one set of figures: the stored
 * ones plus the requests admitted ahead that this decision counts (admitted-ahead.ts). The refusal
 * carries exactly the figures the decision used — what is held, what is left, how many takes that
 * covers — so that what the member reads, and its advice ("ask again with `count:1`"), follow from
 * the decision instead of a second, different reading: the stored figures alone leave out the
 * requests acknowledged ahead, and a member told "$0.10 left: enough for 3 of the 4 takes" while
 * $0.08 of it was being reserved for their other batch was refused again for `count:3`.
 */
import type { Micros } from '../money.ts';
import type { Ahead } from './admitted-ahead.ts';
import type { BudgetFigures, QuotaFigures, ReserveRefusal } from './types.ts';

export interface DecisionInput {
  /** The member's figures as stored. */
  figures: QuotaFigures;
  /** The server budget's figures as stored; undefined when the server has no budget. */
  budget: BudgetFigures | undefined;
  /** The member's open reservations and generations in flight, as stored. */
  inFlight: number;
  cap: number;
  /** What this decision counts beside the stored figures (nothing, for a request admitted ahead). */
  ahead: Ahead;
  /** One take's quote, and how many takes (1 to 4) the request asks for. */
  eachMicros: Micros;
  count: number;
}

/** The refusal of `input`, with the figures that decided it; undefined when it fits. */
export function decide(input: DecisionInput): ReserveRefusal | undefined {
  const { ahead, eachMicros, count, cap } = input;
  // The member's limit: the period's allowance and what is left of their top-ups (spent after it).
  const limitMicros = input.figures.allowanceMicros + (input.figures.topupLeftMicros ?? 0);
  const figures = withAhead(input.figures, limitMicros, ahead.micros);
  const budget = input.budget && withAhead(input.budget, input.budget.budgetMicros, ahead.guildMicros);
  // The cap admits a request, batch or not, while the member is below it; a batch's takes then
  // count one each (also while admitted ahead), so nothing else starts until enough of them are done.
  const inFlight = input.inFlight + ahead.count;
  if (inFlight >= cap) return { ok: false, reason: 'in_flight', ...figures, inFlight, cap, takesThatFit: 0 };

  // A batch must fit as a whole: its total against the allowance and the budget.
  const totalMicros = eachMicros * count;
  const allowanceLeft = limitMicros - figures.spentMicros - figures.reservedMicros;
  const budgetLeft = budget ? budget.budgetMicros - budget.spentMicros - budget.reservedMicros : undefined;
  const allowanceRefuses = totalMicros > allowanceLeft;
  const budgetRefuses = budgetLeft !== undefined && totalMicros > budgetLeft;
  if (!allowanceRefuses && !budgetRefuses) return undefined;
  // When both refuse, the tighter one is named: its figure is what bounds the takes that would fit.
  const byBudget = budgetRefuses && (!allowanceRefuses || (budgetLeft as number) < allowanceLeft);
  const left = Math.max(0, byBudget ? (budgetLeft as number) : allowanceLeft);
  // The takes that what is left covers (fewer than asked, or it would have fitted): following the
  // refusal's advice with that count passes this same check, as long as nothing else changes.
  const takesThatFit = eachMicros > 0 ? Math.min(count - 1, Math.floor(left / eachMicros)) : 0;
  return byBudget && budget
    ? { ok: false, reason: 'budget', ...figures, budget, takesThatFit }
    : { ok: false, reason: 'allowance', ...figures, takesThatFit };
}

/** What is held against a limit (the member's allowance or the server's budget). */
interface Held {
  spentMicros: Micros;
  reservedMicros: Micros;
  remainingMicros: Micros;
}

/** `figures` with the requests admitted ahead held beside the stored reservations, under `limitMicros`. */
function withAhead<F extends Held>(figures: F, limitMicros: Micros, aheadMicros: Micros): F {
  const reservedMicros = figures.reservedMicros + aheadMicros;
  return {
    ...figures,
    reservedMicros,
    remainingMicros: Math.max(0, limitMicros - figures.spentMicros - reservedMicros),
  };
}
