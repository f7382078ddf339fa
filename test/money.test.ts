import { describe, expect, it } from 'vitest';
import { formatUsd, formatUsdShort, parseUsdInput, usdToMicros } from '../src/money.ts';

describe('money', () => {
  it('converts service USD numbers to integer micro-USD without float noise', () => {
    expect(usdToMicros(0.1 + 0.2)).toBe(300_000);
    expect(usdToMicros(0.14512)).toBe(145_120);
  });
  it('formats micro-USD with 4 decimals and a sign', () => {
    expect(formatUsd(1_234_567)).toBe('$1.2346');
    expect(formatUsd(-20_000)).toBe('-$0.0200');
    expect(formatUsd(500_000, 2)).toBe('$0.50');
  });
  it('formats short prices with only the decimals that carry a digit', () => {
    expect(formatUsdShort(100_000)).toBe('$0.10');
    expect(formatUsdShort(16_000)).toBe('$0.016');
    expect(formatUsdShort(105_600)).toBe('$0.1056');
    expect(formatUsdShort(2_000_000)).toBe('$2.00');
  });
  it('parses typed amounts and refuses negatives, extra decimals and huge values', () => {
    expect(parseUsdInput('2.5', 1_000_000_000)).toBe(2_500_000);
    expect(parseUsdInput('$0.0001', 1_000_000_000)).toBe(100);
    expect(parseUsdInput('-1', 1_000_000_000)).toHaveProperty('error');
    expect(parseUsdInput('0.00001', 1_000_000_000)).toHaveProperty('error');
    expect(parseUsdInput('5000', 1_000_000_000)).toEqual({ error: 'The amount may be at most $1000.00.' });
  });
});
