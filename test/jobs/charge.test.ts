import { describe, expect, it } from 'vitest';
import { chargeFor } from '../../src/jobs/charge.ts';

describe('what a 201 is charged', () => {
  it('is the stated price when it is plausible, up to ten times the quote', () => {
    expect(chargeFor(20_000, 18_000)).toEqual({ chargedMicros: 18_000 });
    expect(chargeFor(20_000, 200_000)).toEqual({ chargedMicros: 200_000 });
    expect(chargeFor(20_000, 0)).toEqual({ chargedMicros: 0 });
  });

  it('is the quote, flagged, when the price is missing, negative, fractional or far above the quote', () => {
    expect(chargeFor(20_000, undefined)).toEqual({
      chargedMicros: 20_000,
      note: 'flagged: the service stated no price; charged at the quote',
    });
    for (const odd of [-1, 0.5, 200_001, Number.NaN]) {
      const charge = chargeFor(20_000, odd);
      expect(charge.chargedMicros).toBe(20_000);
      expect(charge.note).toMatch(/^flagged: the service stated a price of/);
    }
  });
});
