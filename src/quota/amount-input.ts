/**
 * USD amounts that admins type, in /quota's options and the dashboard's forms alike, read into
 * micro-USD or refused with the one wording both show: negative, more than 4 decimals, not a
 * number, above MAX_AMOUNT_MICROS.
 */
import type { Localizer } from '../i18n/index.ts';
import { MICROS_PER_USD, type Micros, parseUsdInput } from '../money.ts';

/** The largest allowance or budget an admin may type: far above any sane spend, low enough to catch a typo. */
export const MAX_AMOUNT_MICROS: Micros = 10_000 * MICROS_PER_USD;

/** The amount in micro-USD, or what is wrong with the text in the admin's language. */
export function readAmount(text: string, l: Localizer): { micros: Micros } | { refused: string } {
  if (/^\s*-/.test(text)) return { refused: l.t('quota:negative', { text }) };
  const parsed = parseUsdInput(text, MAX_AMOUNT_MICROS);
  if (typeof parsed === 'number') return { micros: parsed };
  return {
    refused:
      parsed.reason === 'too_large'
        ? l.t('quota:amountTooLarge', { max: MAX_AMOUNT_MICROS })
        : l.t('quota:notAnAmount', { text }),
  };
}
