/**
 * README's picture of /quota report is what the bot draws: the sample chart drawn now, by the real
 * figures and renderer over the scripted ledger, matches docs/images/quota-report.png. After a
 * change to the chart, `npm run docs:chart` draws it again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CHART_FILE, sampleReport, sampleSpendChart } from '../../scripts/sample-spend-chart.ts';
import { decodePng } from '../support/png.ts';

/** Pixels whose colour differs by more than this in a channel count as different. */
const CHANNEL_TOLERANCE = 8;

describe('the sample spend chart in README', () => {
  it('is linked from README', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('](docs/images/quota-report.png)');
  });

  it('has charges, refunds and more members than are drawn on their own', () => {
    const report = sampleReport();
    expect(report.refundedMicros).toBeGreaterThan(0);
    expect(report.byMember.keys.at(-1)).toBe('*others*');
    expect(report.days).toHaveLength(14);
  });

  it('is what the renderer draws now (run `npm run docs:chart` after changing the chart)', async () => {
    const committed = decodePng(readFileSync(SAMPLE_CHART_FILE));
    const drawn = decodePng((await sampleSpendChart()).png);
    expect([committed.width, committed.height]).toEqual([drawn.width, drawn.height]);
    // Anti-aliasing may differ by a shade between resvg's builds; a changed chart moves far more.
    let different = 0;
    for (let i = 0; i < drawn.rgba.length; i += 4) {
      for (let c = 0; c < 4; c++) {
        if (Math.abs((drawn.rgba[i + c] ?? 0) - (committed.rgba[i + c] ?? 0)) > CHANNEL_TOLERANCE) {
          different++;
          break;
        }
      }
    }
    expect(different / (drawn.width * drawn.height)).toBeLessThan(0.001);
  });
});
