/**
 * Money inside the program is an integer number of micro-USD (1 USD = 1_000_000).
 * USD numbers only exist at the edges: the service's JSON and what people read.
 */
export type Micros = number;

export const MICROS_PER_USD = 1_000_000;

/** Converts a USD amount as the service sends it (a JSON number) to integer micro-USD. */
export function usdToMicros(usd: number): Micros {
  // Rounding absorbs binary floating point noise such as 0.1 + 0.2.
  return Math.round(usd * MICROS_PER_USD);
}

/** Converts micro-USD to a USD number, for the service's JSON and the simulator. */
export function microsToUsd(micros: Micros): number {
  return micros / MICROS_PER_USD;
}

/**
 * The one way the bot writes money for people, in every message and every language: cents when the
 * amount is whole cents ("$0.02", "$20.00"), more digits only when they matter ("$0.0035",
 * "$0.1056"). Four decimals are the most the service states, so an amount is rounded to them, and
 * to six (a micro-USD) only when four would show a non-zero amount as zero. The symbol, separators
 * and sign follow the locale through Intl ("0,02 $" in German, "US$ 0,02" in Brazilian Portuguese).
 */
export function formatMoney(micros: Micros, locale = 'en-US'): string {
  const decimals = decimalsThatMatter(micros);
  return currencyFormat(locale, decimals).format(micros / MICROS_PER_USD);
}

/** formatMoney in American English: logs, the ledger's notes and what has no member's locale. */
export function formatUsd(micros: Micros): string {
  return formatMoney(micros, 'en-US');
}

function decimalsThatMatter(micros: Micros): number {
  const abs = Math.abs(micros);
  const atFour = Math.round(abs / 100);
  if (atFour === 0 && abs !== 0) return significantDecimals(abs, 6);
  return significantDecimals(atFour * 100, 4);
}

/** How many decimals (at least 2, at most `max`) write `abs` micro-USD without trailing zeros. */
function significantDecimals(abs: number, max: number): number {
  let decimals = max;
  while (decimals > 2 && abs % 10 ** (6 - decimals + 1) === 0) decimals--;
  return decimals;
}

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let format = formats.get(key);
  if (!format) {
    // Callers pass a locale the i18n layer already narrowed to Discord's list, so the cache stays
    // small; a tag Intl refuses is written in American English rather than failing a message.
    const options = {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    } as const;
    try {
      format = new Intl.NumberFormat(locale, options);
    } catch {
      return currencyFormat('en-US', decimals);
    }
    formats.set(key, format);
  }
  return format;
}

/**
 * Parses a USD amount typed by a person (`1`, `0.5`, `2.2500`) into micro-USD.
 * Returns why not instead, with an English message for the configuration's errors (a member's
 * answer says it in their language from `reason`), when it is not a non-negative amount with at
 * most 4 decimals, or is above `maxMicros`.
 */
export function parseUsdInput(
  text: string,
  maxMicros: Micros,
): Micros | { reason: 'not_an_amount' | 'too_large'; error: string } {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,4})?$/.test(trimmed)) {
    return {
      reason: 'not_an_amount',
      error: `"${text}" is not an amount in USD with at most 4 decimals (for example 2.50).`,
    };
  }
  const [whole = '0', frac = ''] = trimmed.split('.');
  const micros = Number(whole) * MICROS_PER_USD + Number(frac.padEnd(6, '0'));
  if (micros > maxMicros)
    return { reason: 'too_large', error: `The amount may be at most ${formatUsd(maxMicros)}.` };
  return micros;
}
