/**
 * The poll cadence's trade-off: the steady run at several cadences of the list-first poller, as a
 * table and as a chart of delivery lag p95 against generations per minute (images and videos
 * apart), with the token's ceiling drawn. The chart is an SVG rendered by Vega from the figures.
 */
import * as vega from 'vega';
import { SHORT_BUDGET_STRETCH, videoPollFor } from '../src/jobs/poller.ts';
import type { RunFigures } from './metrics.ts';
import { imagePollOf, LIGHT_PER_MINUTE, type RunName, SETTINGS } from './scenarios.ts';
import { num, type Row, type Section } from './section.ts';

/**
 * The runs of the sweep, the default cadence (steady-list) among them, and steady-light: the
 * default cadence at 30 offered a minute, where the budget left over brings the lists sooner.
 */
export const CADENCE_RUNS = [
  'steady-light',
  'steady-poll-2s',
  'steady-list',
  'steady-poll-3.6s',
  'steady-poll-4.5s',
] as const;

export interface CadencePoint {
  run: RunName;
  /** Image and video cadence (clock s). */
  imageS: number;
  videoS: number;
  /** The combined list's interval while the budget is short, as in these saturated runs (clock s). */
  saturatedListS: number;
  /** steady-light: the token never saturated, so the list's interval is what the spare budget gave. */
  light: boolean;
  /** The measured interval between combined lists, p50 (clock s), when known. */
  listGapP50S: number | null;
  generationsPerMinute: number;
  requestsPerDelivered: number | null;
  pollsPerMinute: number;
  lagP95S: { image: number | null; video: number | null };
}

export function cadencePoints(runs: Partial<Record<RunName, RunFigures>>): CadencePoint[] {
  const points: CadencePoint[] = [];
  for (const run of CADENCE_RUNS) {
    const f = runs[run];
    if (!f) continue;
    const image = imagePollOf(run);
    points.push({
      run,
      imageS: image / 1000,
      videoS: videoPollFor(image) / 1000,
      saturatedListS: (image * SHORT_BUDGET_STRETCH) / 1000,
      light: run === 'steady-light',
      listGapP50S: f.listPollGapS?.p50 ?? null,
      generationsPerMinute: f.generationsPerMinute,
      requestsPerDelivered: f.requestsPerDelivered,
      pollsPerMinute: f.requestsPerMinute.listPolls + f.requestsPerMinute.singlePolls,
      lagP95S: { image: f.lagByTypeS.image.p95, video: f.lagByTypeS.video.p95 },
    });
  }
  return points;
}

export function cadenceSection(points: CadencePoint[]): Section {
  const rows: Row[] = points.map((p) => {
    // Steady-light's lags sit near their 1.5 s target: a hundredth shows which side (1.51 ✗, not 1.5 ✗).
    const lagDigits = p.light ? 2 : 1;
    const bot = `${p.generationsPerMinute.toFixed(1)} · ${p.requestsPerDelivered?.toFixed(3) ?? '–'} · ${p.pollsPerMinute.toFixed(1)} · ${num(p.lagP95S.image, lagDigits)} / ${num(p.lagP95S.video, lagDigits)} s`;
    if (p.light) {
      return {
        metric: `${LIGHT_PER_MINUTE} offered a minute (steady-light), the default cadence with the spare budget spent: a list every ${num(p.listGapP50S)} s (p50): generations/min · requests per generation · polls/min · lag p95 images / videos`,
        target: '– · – · – · ≤ 1.5 / ≤ 1.5 s',
        bot,
        pass: (p.lagP95S.image ?? Infinity) <= 1.5 && (p.lagP95S.video ?? Infinity) <= 1.5,
        naive: '',
        comparison: '',
      };
    }
    return {
      metric: `Poll every ${p.imageS} s (images) / ${p.videoS.toFixed(1)} s (videos)${p.run === 'steady-list' ? ' (the default)' : ''}, so a list every ${num(p.saturatedListS)} s when saturated: generations/min · requests per generation · polls/min · lag p95 images / videos`,
      target: '≥ 100 · ≤ 1.17 · – · images ≤ 6 s',
      bot,
      pass:
        p.generationsPerMinute >= 100 &&
        (p.requestsPerDelivered ?? Infinity) <= 1.17 &&
        (p.lagP95S.image ?? Infinity) <= 6,
      ...(p.run === 'steady-list' ? {} : { alternative: true as const }),
      naive: '',
      comparison: '',
    };
  });
  return {
    title:
      'Poll cadence: the steady run again at other cadences of the list-first poller, and at 30 offered a minute (chart: bench/results/latest-cadence.svg)',
    rows,
  };
}

/** The chart as SVG: lag p95 (y) against generations per minute (x), one line per media type. */
export async function cadenceChart(points: CadencePoint[]): Promise<string> {
  const values = points.flatMap((p) =>
    (['image', 'video'] as const)
      .filter((type) => p.lagP95S[type] !== null)
      .map((type) => ({
        type: type === 'image' ? 'images' : 'videos',
        x: p.generationsPerMinute,
        y: p.lagP95S[type],
        label: p.light ? `light: ${num(p.listGapP50S)} s` : `${num(p.saturatedListS)} s`,
      })),
  );
  const ceiling = SETTINGS.rateLimitPerMinute;
  const spec: vega.Spec = {
    width: 560,
    height: 320,
    padding: 8,
    background: 'white',
    title: {
      text: 'Delivery lag p95 against throughput, by poll cadence (steady run, one token)',
      subtitle:
        'Each point is a run; its label is the list interval while saturated (videos: typed pages as they fall off it), or as measured at 30 offered a minute (light).',
    },
    data: [
      { name: 'points', values },
      {
        name: 'target',
        values: [
          { x0: 100, x1: ceiling, y0: 0, y1: 6, text: 'saturated: ≥ 100/min, images p95 ≤ 6 s' },
          { x0: 20, x1: 40, y0: 0, y1: 1.5, text: 'light: p95 ≤ 1.5 s' },
        ],
      },
    ],
    scales: [
      { name: 'x', type: 'linear', domain: [20, ceiling + 5], range: 'width', zero: false },
      {
        name: 'y',
        type: 'linear',
        domain: { data: 'points', field: 'y' },
        domainMin: 0,
        range: 'height',
        nice: true,
      },
      { name: 'color', type: 'ordinal', domain: ['images', 'videos'], range: ['#1f77b4', '#d62728'] },
    ],
    axes: [
      { orient: 'bottom', scale: 'x', title: 'Generations delivered per simulated minute' },
      { orient: 'left', scale: 'y', title: 'Completion → delivery lag p95 (simulated s)' },
    ],
    legends: [{ fill: 'color', title: 'Lag of' }],
    marks: [
      {
        // Where the targets are met: saturated, ≥ 100 generations a minute and images within 6 s (p95); light, both within 1.5 s.
        type: 'rect',
        from: { data: 'target' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x0' },
            x2: { scale: 'x', field: 'x1' },
            y: { scale: 'y', field: 'y0' },
            y2: { scale: 'y', field: 'y1' },
            fill: { value: '#2ca02c' },
            fillOpacity: { value: 0.12 },
          },
        },
      },
      {
        type: 'text',
        from: { data: 'target' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x0' },
            y: { scale: 'y', field: 'y1' },
            text: { field: 'text' },
            dx: { value: 3 },
            dy: { value: -3 },
            fontSize: { value: 10 },
            fill: { value: '#2ca02c' },
          },
        },
      },
      {
        type: 'rule',
        encode: {
          enter: {
            x: { scale: 'x', value: ceiling },
            y: { value: 0 },
            y2: { field: { group: 'height' } },
            stroke: { value: '#444' },
            strokeDash: { value: [4, 3] },
          },
        },
      },
      {
        type: 'text',
        encode: {
          enter: {
            x: { scale: 'x', value: ceiling },
            y: { value: 4 },
            text: { value: `${ceiling} requests/min: the token's ceiling` },
            align: { value: 'right' },
            dx: { value: -4 },
            baseline: { value: 'top' },
            fontSize: { value: 10 },
          },
        },
      },
      {
        type: 'group',
        from: { facet: { name: 'series', data: 'points', groupby: 'type' } },
        marks: [
          {
            type: 'line',
            from: { data: 'series' },
            sort: { field: 'datum.x' },
            encode: {
              enter: {
                x: { scale: 'x', field: 'x' },
                y: { scale: 'y', field: 'y' },
                stroke: { scale: 'color', field: 'type' },
              },
            },
          },
        ],
      },
      {
        type: 'symbol',
        from: { data: 'points' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x' },
            y: { scale: 'y', field: 'y' },
            fill: { scale: 'color', field: 'type' },
            size: { value: 40 },
          },
        },
      },
      {
        type: 'text',
        from: { data: 'points' },
        encode: {
          enter: {
            x: { scale: 'x', field: 'x' },
            y: { scale: 'y', field: 'y' },
            text: { field: 'label' },
            dx: { value: 6 },
            dy: { value: -6 },
            fontSize: { value: 10 },
            fill: { scale: 'color', field: 'type' },
          },
        },
      },
    ],
  };
  const view = new vega.View(vega.parse(spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
