/**
 * A refused reservation in the member's words: the figures by the bot's one rule for money, in the
 * member's language, and a batch's refusal naming how many takes would fit.
 */
import { describe, expect, it } from 'vitest';
import { describeRefusal } from '../../src/discord/views/quota-refusal.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import { decide } from '../../src/quota/decision.ts';
import type { ReserveRefusal } from '../../src/quota/service.ts';

type Refusal = ReserveRefusal;

const RESETS = new Date('2026-12-01T00:00:00Z');

/** The decision's refusal of `count` takes at `eachMicros` with `remainingMicros` of $1.00 left. */
const allowance = (remainingMicros: number, eachMicros = 200_000, count = 4): Refusal => {
  const refused = decide({
    figures: {
      allowanceMicros: 1_000_000,
      spentMicros: 1_000_000 - remainingMicros,
      reservedMicros: 0,
      remainingMicros,
      resetsAt: RESETS,
    },
    budget: undefined,
    inFlight: 0,
    cap: 3,
    ahead: { count: 0, micros: 0, guildMicros: 0 },
    eachMicros,
    count,
  });
  if (!refused) throw new Error('expected a refusal');
  return refused;
};

describe('a refused reservation', () => {
  it('says what it costs, what is left and when it resets', () => {
    expect(describeRefusal(allowance(10_000, 20_000, 1), 20_000, 1, english)).toBe(
      `This costs about $0.02, but you have $0.01 left of your $1.00 allowance. It resets <t:${RESETS.getTime() / 1000}:R>.`,
    );
  });

  it('says the figure left is the allowance’s and the top-up’s together, for a member with a top-up', () => {
    const refused = { ...allowance(10_000, 20_000, 1), topupLeftMicros: 0 };
    expect(describeRefusal(refused, 20_000, 1, english)).toBe(
      `This costs about $0.02, but you have $0.01 left of your $1.00 allowance and your top-up together. It resets <t:${RESETS.getTime() / 1000}:R>.`,
    );
  });

  it('tells a batch how many takes would fit, and how to ask for them', () => {
    expect(describeRefusal(allowance(500_000), 200_000, 4, english)).toBe(
      '4 takes cost about $0.80 in all ($0.20 each), but your allowance has $0.50 left: enough for 2 of the 4 takes (ask again with `count:2`). Nothing was sent or charged.',
    );
    expect(describeRefusal(allowance(100_000, 200_000, 2), 200_000, 2, english)).toContain(
      'not enough for one take',
    );
  });

  it('speaks German with German money and the German name of the count option', () => {
    const de = localizerOf('de');
    expect(describeRefusal(allowance(10_000, 20_000, 1), 20_000, 1, de)).toBe(
      `Das kostet etwa 0,02\u00a0$, aber von deinem Kontingent über 1,00\u00a0$ sind nur noch 0,01\u00a0$ übrig. Es wird <t:${RESETS.getTime() / 1000}:R> zurückgesetzt.`,
    );
    expect(describeRefusal(allowance(500_000), 200_000, 4, de)).toBe(
      '4 Varianten kosten insgesamt etwa 0,80\u00a0$ (0,20\u00a0$ pro Stück), aber dein Kontingent hat nur noch 0,50\u00a0$: genug für 2 von 4 Varianten (frag noch mal mit `anzahl:2`). Es wurde nichts gesendet oder berechnet.',
    );
  });

  it('speaks Japanese, with the generations in progress counted', () => {
    const ja = localizerOf('ja');
    expect(describeRefusal(allowance(500_000), 200_000, 4, ja)).toContain(
      '4テイクで合計約$0.80（1つあたり$0.20）かかりますが、利用枠の残りは$0.50です。',
    );
    const busy: Refusal = { ...allowance(500_000), reason: 'in_flight', inFlight: 3, cap: 3 };
    expect(describeRefusal(busy, 200_000, 1, ja)).toBe(
      'すでに3件の生成が進行中です（上限は3件）。どれかが終わるまでお待ちください。',
    );
    expect(describeRefusal(busy, 200_000, 1, english)).toBe(
      'You already have 3 generations in progress (the limit is 3). Wait for one to finish.',
    );
  });
});
