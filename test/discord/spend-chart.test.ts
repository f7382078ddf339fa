/**
 * The spend chart as a picture: resvg draws it with the bundled font only (no system font), it
 * decodes to a PNG of the expected size with a chart on it, and a period whose charges were all
 * refunded still draws (empty bars) rather than failing.
 */
import * as vega from 'vega';
import { describe, expect, it } from 'vitest';
import {
  chartLabel,
  renderSpendChart,
  spendChartSpec,
  svgToPng,
} from '../../src/discord/views/spend-chart.ts';
import { english, type Localizer, localizerOf } from '../../src/i18n/index.ts';
import type { LedgerEntry } from '../../src/quota/ledger.ts';
import { buildSpendReport, reportDays } from '../../src/quota/spend-report.ts';
import { colourStats, decodePng } from '../support/png.ts';

const days = reportDays(14, Date.parse('2024-05-14T12:00:00Z'));
const labels = { title: 'Test server', member: (id: string) => `member ${id}`, model: (s: string) => s };

function entry(
  seq: number,
  kind: 'charge' | 'refund',
  userId: string,
  day: string,
  micros: number,
): LedgerEntry {
  return {
    seq,
    guildId: 'g',
    userId,
    kind,
    model: seq % 2 ? 'img' : 'vid',
    generationId: `gen-${userId}-${day}`,
    amountMicros: micros,
    at: `${day}T10:00:00.000Z`,
    day,
  };
}

describe('the spend chart', () => {
  it('is a PNG twice the SVG size with bars and text on it', async () => {
    const ledger = days.flatMap((day, i) => [
      entry(i * 3 + 1, 'charge', 'u1', day, 100_000 * (i + 1)),
      entry(i * 3 + 2, 'charge', 'u2', day, 50_000 * (14 - i)),
    ]);
    const chart = await renderSpendChart(buildSpendReport(ledger, days), labels, english);
    const image = decodePng(chart.png);
    expect([image.width, image.height]).toEqual([chart.width, chart.height]);
    expect(chart.width).toBeGreaterThan(1000);
    const { colours, inked } = colourStats(image);
    expect(colours).toBeGreaterThan(20);
    expect(inked).toBeGreaterThan(0.05);
  });

  it('draws a period whose every charge was refunded', async () => {
    const day = days[3] ?? '';
    const ledger = [entry(1, 'charge', 'u1', day, 500_000), entry(2, 'refund', 'u1', day, 500_000)];
    const chart = await renderSpendChart(buildSpendReport(ledger, days), labels, english);
    expect(decodePng(chart.png).height).toBeGreaterThan(500);
  });

  it('draws text with the bundled font, whatever fonts the machine has', async () => {
    const text = (t: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="5" y="28" font-family="sans-serif" font-size="20">${t}</text></svg>`;
    const inkOf = async (t: string) => colourStats(decodePng((await svgToPng(text(t))).png)).inked;
    expect(await inkOf('')).toBe(0);
    expect(await inkOf('Spend $1.00')).toBeGreaterThan(0.02);
  });

  it('keeps a name short and without control or direction characters', () => {
    expect(chartLabel('a\u202eb\u0007c')).toBe('abc');
    expect(chartLabel('x'.repeat(40))).toBe(`${'x'.repeat(27)}…`);
    expect(chartLabel('\u200f')).toBe('?');
  });

  /** The texts the chart draws (its SVG's), for a reader of `l`. */
  async function drawnTexts(l: Localizer): Promise<string[]> {
    const ledger = [entry(1, 'charge', 'u1', days[13] ?? '', 1_500_000)];
    const view = new vega.View(vega.parse(spendChartSpec(buildSpendReport(ledger, days), labels, l)), {
      renderer: 'none',
    });
    try {
      const svg = await view.toSVG();
      return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
    } finally {
      view.finalize();
    }
  }

  it("writes its words, money and days in the admin's language", async () => {
    const en = await drawnTexts(english);
    expect(en).toEqual(expect.arrayContaining(['By member', '$1.50', '05-14']));
    const de = await drawnTexts(localizerOf('de'));
    expect(de).toEqual(expect.arrayContaining(['Nach Mitglied', 'Nach Modell', '1,50\u00a0$', '14.5.']));
    expect(de.join('\n')).toContain('Berechnet 1,50\u00a0$, erstattet 0,00\u00a0$, netto 1,50\u00a0$');
  });

  it('stays in English for Japanese, which its font cannot draw', async () => {
    const ja = await drawnTexts(localizerOf('ja'));
    expect(ja).toEqual(expect.arrayContaining(['By member', '$1.50']));
    expect(ja.join('')).not.toMatch(/\p{Script=Han}|\p{Script=Katakana}/u);
  });
});
