/**
 * steady-light: the steady workload at 30 offered a minute, a server that never saturates the
 * token. What the poller does with the budget submissions leave: delivery lag, status requests
 * per generation, and the memory of a bot at rest.
 */
import type { RunFigures } from './metrics.ts';
import { LIGHT_PER_MINUTE, SETTINGS } from './scenarios.ts';
import { num, type Row, type Section } from './section.ts';

/** Status requests (lists, typed pages, single checks) per generation delivered, over the window. */
export function statusPerDelivered(f: RunFigures): number | null {
  const r = f.requestsPerMinute;
  return f.generationsPerMinute > 0 ? (r.listPolls + r.singlePolls) / f.generationsPerMinute : null;
}

export function lightSection(light: RunFigures | undefined): Section {
  const s = SETTINGS.steady;
  const title = `Steady-light: the steady workload at ${LIGHT_PER_MINUTE} submissions offered per simulated minute (the token never saturated); figures over minutes ${s.warmUpMinutes}–${s.minutes}`;
  if (!light) return { title, rows: [] };
  const row = (metric: string, target: string, bot: string, pass: boolean | null): Row => ({
    metric,
    target,
    bot,
    pass,
    naive: '',
    comparison: '',
  });
  const r = light.requestsPerMinute;
  const { image, video } = light.lagByTypeS;
  const status = statusPerDelivered(light);
  return {
    title,
    rows: [
      row(
        'Completion → delivery lag p50 / p95, images; videos (sim s)',
        'p95 ≤ 1.5 s each',
        // p95 to the hundredth: it sits near its target (1.51 ✗ rather than 1.5 ✗).
        `${num(image.p50)} / ${num(image.p95, 2)} s; ${num(video.p50)} / ${num(video.p95, 2)} s`,
        (image.p95 ?? Infinity) <= 1.5 && (video.p95 ?? Infinity) <= 1.5,
      ),
      row(
        '… split: waiting for a status answer that shows it; delivering after that answer: p50 / p95 (sim s)',
        '–',
        `${num(light.lagSplitS.detect.p50)} / ${num(light.lagSplitS.detect.p95)} s; ${num(light.lagSplitS.deliver.p50)} / ${num(light.lagSplitS.deliver.p95)} s`,
        null,
      ),
      row(
        'Status requests per delivered generation (lists, typed pages and single checks / deliveries, in the window)',
        '≤ 2',
        num(status, 2),
        status !== null && status <= 2,
      ),
      row(
        'API requests per minute: total (submissions / status requests); unused of the 120',
        '–',
        `${num(r.total)} (${num(r.submissions)} / ${num(r.listPolls + r.singlePolls)}); ${num(SETTINGS.rateLimitPerMinute - r.total)} unused`,
        null,
      ),
      row(
        'Gap between combined-list polls p50 / p95 / max (sim s)',
        '–',
        `${num(light.listPollGapS.p50)} / ${num(light.listPollGapS.p95)} / ${num(light.listPollGapS.max)} s`,
        null,
      ),
      row('429s received', '0', String(light.whole.rateLimited), light.whole.rateLimited === 0),
      row(
        'Generations delivered per simulated minute (in the window)',
        '–',
        `${num(light.generationsPerMinute)}/min`,
        null,
      ),
      row(
        "Peak RSS of the bot's process (V8 heap committed / used at the peak)",
        '≤ 120 MB',
        `${num(light.peakRssMb, 0)} MB${light.atPeakMb ? ` (${num(light.atPeakMb.heapTotal, 0)} / ${num(light.atPeakMb.heapUsed, 0)} MB)` : ''}`,
        light.peakRssMb <= 120,
      ),
      row(
        'Bot process CPU (cores busy) · event-loop delay p99 (real ms)',
        '–',
        `${num(light.cpuCores, 2)} cores · loop delay p99 ${num(light.eventLoopDelayP99Ms, 0)} ms`,
        null,
      ),
    ],
  };
}
