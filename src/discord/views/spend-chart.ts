/**
 * The spend report's chart (/quota report): two panels of stacked bars, the server's spend per
 * UTC day by member (the top few, the rest together) and by model, drawn with Vega as SVG and
 * rendered to PNG by resvg (its binary comes inside its npm package; no system library is used).
 *
 * resvg draws text only with fonts it is given: it reads no system fonts here (the Docker image,
 * Debian slim, has none), only DejaVu Sans from assets/fonts/, so the picture is the same on every
 * machine. Glyphs DejaVu lacks (CJK, emoji) in a member's name are left out of the picture; the
 * CSV beside it keeps the name as it is.
 *
 * Its words and numbers are the admin's language (a Localizer): the titles, the money on the axis
 * by the bot's one rule for money, the days along it.
 */
import { fileURLToPath } from 'node:url';
import { renderAsync } from '@resvg/resvg-js';
import * as vega from 'vega';
import { english, type Language, type Localizer, languageOf } from '../../i18n/index.ts';
import { formatMoney, MICROS_PER_USD } from '../../money.ts';
import { OTHERS, type SpendReport, type SpendSeries } from '../../quota/spend-report.ts';

const FONT_FILE = fileURLToPath(new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url));
const FONT = 'DejaVu Sans';

const PANEL_WIDTH = 640;
const PANEL_HEIGHT = 200;
/** How wide a name may be in the legend: a long one is cut with an ellipsis. */
const MAX_LABEL = 28;
/** Distinct colours for the named series; "others" is grey. */
const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
];
const OTHERS_COLOR = '#8c8c8c';

/**
 * The axes' labels in the chart's language, as functions Vega's expressions call with the language
 * in the spec (registered once, for every chart: they hold no state).
 */
vega.expressionFunction('spendMoney', (usd: number, language: string) =>
  formatMoney(Math.round(usd * MICROS_PER_USD), languageOf(language)),
);
vega.expressionFunction('spendDay', (day: string, language: string) => dayLabel(day, languageOf(language)));

/**
 * The language the chart is drawn in: the admin's, unless the bundled font cannot write its script
 * (DejaVu Sans has no Japanese glyphs: a Japanese title would vanish from the picture), then
 * English. The message beside the chart is in the admin's language either way.
 */
export function chartLocalizer(l: Localizer): Localizer {
  return l.language === 'ja' ? english : l;
}

/**
 * A UTC day (`2026-11-26`) as the axis shows it: English keeps ISO's month-day (`11-26`), which
 * neither American nor British readers misread; the others read their own short date (`26.11.`).
 */
function dayLabel(day: string, language: Language): string {
  if (language === 'en') return day.slice(5);
  const at = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(language, { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(at);
}

export interface SpendChart {
  png: Buffer;
  width: number;
  height: number;
}

export interface ChartLabels {
  /** A member's name by user id (the id itself when unknown). */
  member: (userId: string) => string;
  /** A model's label by slug. */
  model: (slug: string) => string;
  /** The chart's title line (the server's name, the days). */
  title: string;
}

/** A name as the legend shows it: control characters out, at most MAX_LABEL characters. */
export function chartLabel(text: string): string {
  const clean = text.replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '').trim();
  const chars = [...clean];
  return chars.length > MAX_LABEL ? `${chars.slice(0, MAX_LABEL - 1).join('')}…` : clean || '?';
}

interface PanelData {
  values: { day: string; series: string; order: number; usd: number }[];
  domain: string[];
  range: string[];
}

function panelData(series: SpendSeries, labelOf: (key: string) => string, others: string): PanelData {
  // Two members may share a name: the legend keeps them apart.
  const used = new Map<string, number>();
  const labels = new Map<string, string>();
  for (const key of series.keys) {
    const base = key === OTHERS ? others : chartLabel(labelOf(key));
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    labels.set(key, n === 1 ? base : `${base} (${n})`);
  }
  const order = new Map(series.keys.map((k, i) => [k, i]));
  return {
    values: series.points.map((p) => ({
      day: p.day,
      series: labels.get(p.key) ?? p.key,
      order: order.get(p.key) ?? 0,
      usd: p.micros / MICROS_PER_USD,
    })),
    domain: series.keys.map((k) => labels.get(k) ?? k),
    range: series.keys.map((k, i) =>
      k === OTHERS ? OTHERS_COLOR : (PALETTE[i % PALETTE.length] ?? OTHERS_COLOR),
    ),
  };
}

function panel(
  name: string,
  title: string,
  days: readonly string[],
  data: PanelData,
  language: Language,
): vega.GroupMark {
  // The language is a constant of the spec (one of LANGUAGES), quoted for Vega's expressions.
  const lang = JSON.stringify(language);
  // About eight labels along the axis, whatever the number of days.
  const every = Math.max(1, Math.ceil(days.length / 8));
  const ticks = days.filter((_, i) => (days.length - 1 - i) % every === 0);
  return {
    type: 'group',
    name,
    title: { text: title, anchor: 'start', fontSize: 13, fontWeight: 'normal' },
    encode: { enter: { width: { value: PANEL_WIDTH }, height: { value: PANEL_HEIGHT } } },
    data: [
      {
        name: `${name}-points`,
        values: data.values,
        transform: [
          { type: 'stack', groupby: ['day'], sort: { field: 'order' }, field: 'usd', as: ['y0', 'y1'] },
        ],
      },
    ],
    scales: [
      // Numbers, not 'width' and 'height': those name the top level's size, not this panel's.
      { name: 'x', type: 'band', domain: [...days], range: [0, PANEL_WIDTH], padding: 0.15 },
      {
        name: 'y',
        type: 'linear',
        domain: { data: `${name}-points`, field: 'y1' },
        range: [PANEL_HEIGHT, 0],
        nice: true,
        zero: true,
      },
      { name: 'color', type: 'ordinal', domain: data.domain, range: data.range },
    ],
    axes: [
      {
        orient: 'bottom',
        scale: 'x',
        values: ticks,
        encode: { labels: { update: { text: { signal: `spendDay(datum.value, ${lang})` } } } },
      },
      {
        orient: 'left',
        scale: 'y',
        grid: true,
        tickCount: 5,
        encode: { labels: { update: { text: { signal: `spendMoney(datum.value, ${lang})` } } } },
      },
    ],
    legends: [{ fill: 'color', orient: 'right', symbolType: 'square', labelLimit: 220 }],
    marks: [
      {
        type: 'rect',
        from: { data: `${name}-points` },
        encode: {
          enter: {
            x: { scale: 'x', field: 'day' },
            width: { scale: 'x', band: 1 },
            y: { scale: 'y', field: 'y1' },
            y2: { scale: 'y', field: 'y0' },
            fill: { scale: 'color', field: 'series' },
          },
        },
      },
    ],
  };
}

/** The chart's Vega description (for the SVG; exported so a test can look at what is drawn). */
export function spendChartSpec(report: SpendReport, labels: ChartLabels, reader: Localizer): vega.Spec {
  const l = chartLocalizer(reader);
  const others = l.t('quota:chart.others');
  return {
    padding: 12,
    background: 'white',
    autosize: 'pad',
    config: {
      text: { font: FONT },
      title: { font: FONT, subtitleFont: FONT },
      axis: { labelFont: FONT, titleFont: FONT },
      legend: { labelFont: FONT, titleFont: FONT },
    },
    title: {
      text:
        chartLabel(labels.title).length > 0 ? labels.title.slice(0, 120) : l.t('quota:chart.fallbackTitle'),
      subtitle: l.t('quota:chart.subtitle', {
        charged: report.chargedMicros,
        refunded: report.refundedMicros,
        net: report.netMicros,
      }),
      anchor: 'start',
      offset: 14,
      fontSize: 15,
      fontWeight: 'normal',
    },
    layout: { columns: 1, padding: 24, bounds: 'full', align: 'each' },
    marks: [
      panel(
        'members',
        l.t('quota:chart.byMember'),
        report.days,
        panelData(report.byMember, labels.member, others),
        l.language,
      ),
      panel(
        'models',
        l.t('quota:chart.byModel'),
        report.days,
        panelData(report.byModel, labels.model, others),
        l.language,
      ),
    ],
  };
}

/** The chart as PNG (twice the SVG's size, for sharp text on Discord). */
export async function renderSpendChart(
  report: SpendReport,
  labels: ChartLabels,
  l: Localizer,
): Promise<SpendChart> {
  const view = new vega.View(vega.parse(spendChartSpec(report, labels, l)), { renderer: 'none' });
  let svg: string;
  try {
    svg = await view.toSVG();
  } finally {
    view.finalize();
  }
  return svgToPng(svg, 2);
}

/**
 * SVG to PNG with the bundled font only. resvg given no font draws no text at all, silently (the
 * case on Debian slim, which has no fonts): the font is what makes the labels appear.
 */
export async function svgToPng(svg: string, zoom = 1): Promise<SpendChart> {
  // On libuv's thread pool: a big chart does not hold the bot's event loop.
  const image = await renderAsync(svg, {
    background: 'white',
    fitTo: { mode: 'zoom', value: zoom },
    font: {
      loadSystemFonts: false,
      fontFiles: [FONT_FILE],
      defaultFontFamily: FONT,
      sansSerifFamily: FONT,
    },
    logLevel: 'off',
  });
  return { png: image.asPng(), width: image.width, height: image.height };
}
