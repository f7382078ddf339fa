/** USD amounts that admins type (/quota set, budget, default…), read into micro-USD or refused. */
import type { Localizer } from '../../i18n/index.ts';
import { MICROS_PER_USD, type Micros, parseUsdInput } from '../../money.ts';
import { UserError } from './command.ts';

/** The largest allowance or budget an admin may type: far above any sane spend, low enough to catch a typo. */
export const MAX_AMOUNT_MICROS: Micros = 10_000 * MICROS_PER_USD;

/**
 * Parses a USD amount an admin typed (`2.5`, `0.0001`, `$3`) into micro-USD, or throws a UserError
 * that says what is wrong: negative, more than 4 decimals, not a number, above MAX_AMOUNT_MICROS.
 */
export function parseAmount(text: string, l: Localizer): Micros {
  if (/^\s*-/.test(text)) throw new UserError(l.t('quota:negative', { text }));
  const parsed = parseUsdInput(text, MAX_AMOUNT_MICROS);
  if (typeof parsed === 'number') return parsed;
  throw new UserError(
    parsed.reason === 'too_large'
      ? l.t('quota:amountTooLarge', { max: MAX_AMOUNT_MICROS })
      : l.t('quota:notAnAmount', { text }),
  );
}
