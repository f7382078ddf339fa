import { describe, expect, it } from 'vitest';
import { formatMoney, formatUsd, parseUsdInput, usdToMicros } from '../src/money.ts';

describe('money', () => {
  it('converts service USD numbers to integer micro-USD without float noise', () => {
    expect(usdToMicros(0.1 + 0.2)).toBe(300_000);
    expect(usdToMicros(0.14512)).toBe(145_120);
  });
  it('writes cents when the amount is whole cents, more digits only when they matter', () => {
    expect(formatUsd(20_000_000)).toBe('$20.00');
    expect(formatUsd(20_000)).toBe('$0.02');
    expect(formatUsd(-20_000)).toBe('-$0.02');
    expect(formatUsd(3_500)).toBe('$0.0035');
    expect(formatUsd(105_600)).toBe('$0.1056');
    expect(formatUsd(16_000)).toBe('$0.016');
    expect(formatUsd(0)).toBe('$0.00');
  });
  it('rounds to the four decimals the service states, and shows a tiny amount rather than zero', () => {
    expect(formatUsd(1_234_567)).toBe('$1.2346');
    expect(formatUsd(1_419_990)).toBe('$1.42');
    expect(formatUsd(35)).toBe('$0.000035');
    expect(formatUsd(1_000_000_000)).toBe('$1,000.00');
  });
  it("follows the locale's symbol, separators and order", () => {
    expect(formatMoney(1_234_500_000, 'de')).toBe('1.234,50\u00a0$');
    expect(formatMoney(20_000, 'ja')).toBe('$0.02');
    expect(formatMoney(3_500, 'fr')).toBe('0,0035\u00a0$US');
    expect(formatMoney(20_000, 'pt-BR')).toBe('US$\u00a00,02');
  });
  it('writes a locale tag Intl refuses in American English instead of failing the message', () => {
    expect(formatMoney(20_000, 'not a locale!')).toBe('$0.02');
  });
  it('parses typed amounts and refuses negatives, extra decimals and huge values', () => {
    expect(parseUsdInput('2.5', 1_000_000_000)).toBe(2_500_000);
    expect(parseUsdInput('$0.0001', 1_000_000_000)).toBe(100);
    expect(parseUsdInput('-1', 1_000_000_000)).toHaveProperty('error');
    expect(parseUsdInput('0.00001', 1_000_000_000)).toHaveProperty('error');
    expect(parseUsdInput('5000', 1_000_000_000)).toEqual({
      reason: 'too_large',
      error: 'The amount may be at most $1,000.00.',
    });
  });
});
