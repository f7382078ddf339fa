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

/** Formats micro-USD for people: `$0.1320`, 4 decimals as the service states amounts. */
export function formatUsd(micros: Micros, decimals = 4): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const scale = 10 ** (6 - decimals);
  const rounded = Math.round(abs / scale);
  const whole = Math.floor(rounded / 10 ** decimals);
  const frac = String(rounded % 10 ** decimals).padStart(decimals, '0');
  return decimals > 0 ? `${sign}$${whole}.${frac}` : `${sign}$${whole}`;
}

/** Short price for menus: `$0.10`, or more decimals only when they carry a digit (`$0.016`, `$0.1056`). */
export function formatUsdShort(micros: Micros): string {
  const s = formatUsd(micros, 6).replace(/0+$/, '');
  const [whole, frac = ''] = s.split('.');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

/**
 * Parses a USD amount typed by a person (`1`, `0.5`, `2.2500`) into micro-USD.
 * Returns an error message instead when it is not a non-negative amount with at most 4 decimals.
 */
export function parseUsdInput(text: string, maxMicros: Micros): Micros | { error: string } {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,4})?$/.test(trimmed)) {
    return { error: `"${text}" is not an amount in USD with at most 4 decimals (for example 2.50).` };
  }
  const [whole = '0', frac = ''] = trimmed.split('.');
  const micros = Number(whole) * MICROS_PER_USD + Number(frac.padEnd(6, '0'));
  if (micros > maxMicros) return { error: `The amount may be at most ${formatUsd(maxMicros, 2)}.` };
  return micros;
}
