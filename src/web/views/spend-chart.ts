/**
 * The spend chart, drawn in the page as SVG from the figures of /quota report (its PNG's twin, not
 * a picture of it): one bar per UTC day, stacked by series (members or models, the biggest first,
 * everyone else last), a title on each piece that says whose and how much, and a legend with each
 * series' total. No script: the CSP runs none inline, and the chart needs none.
 */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { Micros } from '../../money.ts';
import type { DayKey } from '../../quota/periods.ts';
import { OTHERS, type SpendSeries } from '../../quota/spend-report.ts';
import type { Html } from './layout.ts';

/** Nine colours that stay apart on light and dark: the top eight series and everyone else (grey). */
const PALETTE = ['#5865f2', '#eb459e', '#57f287', '#fee75c', '#ed4245', '#3ba5a0', '#f47b67', '#9b59b6'];
const OTHERS_COLOUR = '#8e9297';

const WIDTH = 760;
const HEIGHT = 220;
const LEFT = 64;
const BOTTOM = 24;
const TOP = 8;

export function colourOf(series: SpendSeries, key: string): string {
  if (key === OTHERS) return OTHERS_COLOUR;
  return PALETTE[series.keys.indexOf(key) % PALETTE.length] ?? OTHERS_COLOUR;
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, in micro-USD, at least a cent. */
function axisTop(max: Micros): Micros {
  const floor = 10_000;
  if (max <= floor) return floor;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export function spendChart(
  l: Localizer,
  o: { title: string; days: readonly DayKey[]; series: SpendSeries; label: (key: string) => string },
): Html {
  const { days, series } = o;
  const perDay = new Map<DayKey, { key: string; micros: Micros }[]>();
  for (const p of series.points) {
    if (p.micros <= 0) continue;
    const list = perDay.get(p.day) ?? [];
    list.push({ key: p.key, micros: p.micros });
    perDay.set(p.day, list);
  }
  let max = 0;
  for (const list of perDay.values())
    max = Math.max(
      max,
      list.reduce((a, b) => a + b.micros, 0),
    );
  const top = axisTop(max);
  const plotW = WIDTH - LEFT - 8;
  const plotH = HEIGHT - TOP - BOTTOM;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, slot * 0.78);
  const y = (micros: Micros) => TOP + plotH - (micros / top) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(top * f));
  // About eight day labels whatever the span: every day of a week, every fifth of a month.
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  // One translation for every piece's title, filled in below: a 90-day chart has hundreds of pieces.
  const pattern = l.t('web:admin.spend.bar', { day: '\u0001', name: '\u0002', amount: '\u0003' });
  const names = new Map(series.keys.map((key) => [key, o.label(key)]));
  const titleOf = (day: DayKey, key: string, micros: Micros) =>
    pattern
      // Replaced by functions: a name's `$&` or `$'` is text, not a replacement pattern.
      .replace('\u0001', () => day)
      .replace('\u0002', () => names.get(key) ?? o.label(key))
      .replace('\u0003', () => l.money(micros));
  const bars = days.map((day, i) => {
    const x = LEFT + i * slot + (slot - barW) / 2;
    let base = 0;
    const total = (perDay.get(day) ?? []).reduce((a, b) => a + b.micros, 0);
    const pieces = (perDay.get(day) ?? []).map((p) => {
      const y0 = y(base + p.micros);
      const h = y(base) - y0;
      base += p.micros;
      return html`<rect x="${x.toFixed(1)}" y="${y0.toFixed(1)}" width="${barW.toFixed(1)}" height="${Math.max(0.5, h).toFixed(1)}" fill="${colourOf(series, p.key)}"><title>${titleOf(day, p.key, p.micros)}</title></rect>`;
    });
    const label =
      i % labelEvery === 0
        ? html`<text x="${(x + barW / 2).toFixed(1)}" y="${HEIGHT - 6}" text-anchor="middle">${day.slice(5)}</text>`
        : '';
    return html`<g class="day" data-day="${day}" data-total="${total}">${pieces}${label}</g>`;
  });
  const grid = ticks.map(
    (t) =>
      html`<line x1="${LEFT}" x2="${WIDTH - 8}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}"></line><text x="${LEFT - 6}" y="${(y(t) + 4).toFixed(1)}" text-anchor="end">${l.money(t)}</text>`,
  );
  return html`<figure class="chart">
<figcaption>${o.title}</figcaption>
<svg viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${o.title}: ${l.t('web:admin.spend.axis')}">
<g class="grid">${grid}</g>
${bars}
</svg>
<ul class="legend">${series.keys.map(
    (key) =>
      html`<li><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill="${colourOf(series, key)}"></rect></svg> ${o.label(key)} <span class="amount">${l.money(series.totals[key] ?? 0)}</span></li>`,
  )}</ul>
</figure>`;
}
