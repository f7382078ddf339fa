/**
 * What a 201 is charged in the ledger: the price it stated, unless that price is missing, negative
 * or far above the quote (prices follow the catalog), in which case the quote is charged and the
 * ledger entry flagged. The service's answer is untrusted; the quote is what the member agreed to.
 */
import { formatUsd, type Micros } from '../money.ts';

/** A price stated in a 201 above this many times the quote is implausible. */
const PLAUSIBLE_PRICE_FACTOR = 10;

export function chargeFor(
  quotedMicros: Micros,
  statedMicros: number | undefined,
): { chargedMicros: Micros; note?: string } {
  const plausible =
    statedMicros !== undefined &&
    Number.isSafeInteger(statedMicros) &&
    statedMicros >= 0 &&
    statedMicros <= Math.max(quotedMicros * PLAUSIBLE_PRICE_FACTOR, 1);
  if (plausible) return { chargedMicros: statedMicros };
  const stated = statedMicros === undefined ? 'no price' : `a price of ${formatUsd(statedMicros)}`;
  return { chargedMicros: quotedMicros, note: `flagged: the service stated ${stated}; charged at the quote` };
}
