/**
 * The report: the targets of the issue beside the figures of the four runs, as one markdown
 * table (printed, and written to bench/results/latest.md for README's Performance section) and
 * as JSON (bench/results/<timestamp>.json and latest.json). Targets are reported, never asserted.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { cadencePoints, cadenceSection } from './cadence.ts';
import { lightSection } from './light.ts';
import type { RunFigures } from './metrics.ts';
import { processesSection } from './processes.ts';
import { type RunName, SETTINGS, storeParent } from './scenarios.ts';
import { num, type Row, type Section } from './section.ts';
import type { Spread } from './statistics.ts';

const ms = (s: Spread, keys: ('p50' | 'p95' | 'p99' | 'max')[]) =>
  `${keys.map((k) => num(s[k], 0)).join(' / ')} ms`;
const secs = (s: Spread, keys: ('p50' | 'p95' | 'p99' | 'max')[]) =>
  `${keys.map((k) => num(s[k], 1)).join(' / ')} s`;
const times = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? `×${(a / b).toFixed(1)}` : a && !b ? 'naive 0' : '–';
const mark = (pass: boolean | null) => (pass === null ? '' : pass ? ' ✓' : ' ✗');

function limited(f: RunFigures): string {
  const early = f.rateLimitedEarlyMs;
  return f.whole.rateLimited === 0
    ? '0'
    : `${f.whole.rateLimited} (${num(early.p50, 0)} / ${num(early.max, 0)} ms early)`;
}

function lagLine(f: RunFigures): string {
  const never = f.lagS.undelivered ? ` (${f.lagS.undelivered} never delivered)` : '';
  return `${secs(f.lagS, ['p50', 'p95', 'max'])}${never}`;
}

function lagByType(f: RunFigures): string {
  return `${secs(f.lagByTypeS.image, ['p50', 'p95'])}; ${secs(f.lagByTypeS.video, ['p50', 'p95'])}`;
}

const autocompletes = (f: RunFigures | undefined) =>
  f?.autocompleteMs ? ms(f.autocompleteMs, ['p50', 'p99']) : '–';
/** p99 ≤ 10 ms with margin: ≤ 7 ms. */
const autocompletePass = (f: RunFigures | undefined) =>
  f?.autocompleteMs ? (f.autocompleteMs.p99 ?? Infinity) <= 7 : null;

/** steady-realtime: the answers to interactions with the bot as busy as one token makes it in real time. */
function realtimeRow(realtime: RunFigures | undefined): Row {
  return {
    metric: `… the same workload in real time (×1, steady-realtime: ${SETTINGS.realtime.minutes} minutes, figures after the first; ${realtime?.autocompleteMs?.n ?? 0} autocompletes): autocomplete p50 / p99; defer ack p50 / p99 (real ms)`,
    target: 'p99 ≤ 10 ms (with margin: ≤ 7 ms)',
    bot: `${autocompletes(realtime)}; ${realtime ? ms(realtime.ackMs, ['p50', 'p99']) : '–'}`,
    pass: autocompletePass(realtime),
    naive: '–',
    comparison: '',
  };
}

function requestsLine(f: RunFigures): string {
  const r = f.requestsPerMinute;
  const typed = f.window.typedPages > 0 ? ` incl. ${num(f.window.typedPages / f.minutes)} typed pages` : '';
  return `${num(r.total)} (${num(r.submissions)} / ${num(r.listPolls)}${typed} / ${num(r.singlePolls)} / ${num(r.other)})`;
}

function steadySection(bot: RunFigures, naive: RunFigures, realtime: RunFigures | undefined): Section {
  const s = SETTINGS.steady;
  return {
    title: `Steady: ${s.perMinute} submissions offered per simulated minute for ${s.minutes} minutes, ${s.members} members, 70 % images / 30 % videos; figures over minutes ${s.warmUpMinutes}–${s.minutes} (the first ${s.warmUpMinutes} are warm-up)`,
    rows: [
      {
        metric: 'Generations completed per simulated minute (delivered in the window)',
        target: '≥ 100/min',
        bot: `${num(bot.generationsPerMinute)}/min`,
        pass: bot.generationsPerMinute >= 100,
        naive: `${num(naive.generationsPerMinute)}/min`,
        comparison: times(bot.generationsPerMinute, naive.generationsPerMinute),
      },
      {
        metric: 'API requests per minute: total (submissions / list polls / single polls / other)',
        target: '≤ 120/min',
        bot: requestsLine(bot),
        pass: bot.requestsPerMinute.total <= 120,
        naive: requestsLine(naive),
        comparison: '',
      },
      {
        metric: 'Requests per delivered generation (window requests / window deliveries)',
        target: '≤ 1.17',
        // Three decimals: 1.173 must not read as "1.17 ✗".
        bot: num(bot.requestsPerDelivered, 3),
        pass: bot.requestsPerDelivered !== null && bot.requestsPerDelivered <= 1.17,
        naive: num(naive.requestsPerDelivered, 3),
        comparison: '',
      },
      {
        metric: '429s received (window + drain; how early each was, p50 / max sim ms)',
        target: '0',
        bot: limited(bot),
        pass: bot.whole.rateLimited === 0,
        naive: limited(naive),
        comparison: '',
      },
      {
        metric: 'Completion → delivery lag p50 / p95 / max (sim s; generations completed in the window)',
        target: '–',
        bot: lagLine(bot),
        pass: null,
        naive: lagLine(naive),
        comparison: '',
      },
      {
        metric:
          '… split: waiting for a status answer that shows it; delivering after that answer: p50 / p95 (sim s)',
        target: '–',
        bot: `${secs(bot.lagSplitS.detect, ['p50', 'p95'])}; ${secs(bot.lagSplitS.deliver, ['p50', 'p95'])}`,
        pass: null,
        naive: `${secs(naive.lagSplitS.detect, ['p50', 'p95'])}; ${secs(naive.lagSplitS.deliver, ['p50', 'p95'])}`,
        comparison: '',
      },
      {
        metric: '… of which images; videos: p50 / p95 (sim s)',
        target: 'images p95 ≤ 6 s',
        bot: lagByType(bot),
        pass: (bot.lagByTypeS.image.p95 ?? Infinity) <= 6,
        naive: lagByType(naive),
        comparison: '',
      },
      {
        metric: 'Gap between combined-list polls p50 / p95 / max (sim s)',
        target: '–',
        bot: secs(bot.listPollGapS, ['p50', 'p95', 'max']),
        pass: null,
        naive: '–',
        comparison: '',
      },
      {
        metric: `Interaction → defer ack p50 / p99 (real ms; ${((s.perMinute * SETTINGS.timeScale.steady) / 60).toFixed(0)} interactions/s real at ×${SETTINGS.timeScale.steady})`,
        target: '– (burst: p99 ≤ 50 ms)',
        bot: ms(bot.ackMs, ['p50', 'p99']),
        pass: null,
        naive: ms(naive.ackMs, ['p50', 'p99']),
        comparison: '',
      },
      {
        metric: `Autocomplete answer p50 / p99 (real ms; ${bot.autocompleteMs?.n ?? 0} in the window, at ×${SETTINGS.timeScale.steady}: the bot does ${SETTINGS.timeScale.steady} times per real second what one token allows)`,
        target: 'p99 ≤ 10 ms (with margin: ≤ 7 ms)',
        bot: autocompletes(bot),
        pass: autocompletePass(bot),
        naive: autocompletes(naive),
        comparison: '',
      },
      realtimeRow(realtime),
      {
        metric: 'Offered / submitted in the window / delivered in the window',
        target: '–',
        bot: `${bot.interactions} / ${bot.window.submissions - bot.window.rateLimited} / ${bot.deliveredInWindow}`,
        pass: null,
        naive: `${naive.interactions} / ${naive.window.submissions - naive.window.rateLimited} / ${naive.deliveredInWindow}`,
        comparison: '',
      },
      ...processRows(bot, naive),
    ],
  };
}

function burstSection(bot: RunFigures, naive: RunFigures, disk: RunFigures): Section {
  const b = SETTINGS.burst;
  const n = bot.interactions;
  const once = (f: RunFigures) =>
    f.exactlyOnce
      ? `${f.exactlyOnce.deliveredOnce}/${f.exactlyOnce.jobs} (${f.exactlyOnce.duplicated} twice, ${f.exactlyOnce.missing} missing)`
      : '–';
  const fair = (f: RunFigures) =>
    f.fairness ? `${f.fairness.maxJobsOfOneOtherMemberAhead}; ${f.fairness.membersBehindAWholeBatch}` : '–';
  const lowerBound = Math.ceil((n / SETTINGS.rateLimitPerMinute) * 60);
  return {
    title: `Burst: ${n} /imagine and /video from ${b.members} members (${b.perMember} each, batches back to back) within ${b.windowMs / 1000} s, played in real time`,
    rows: [
      {
        metric: 'Interactions acknowledged within 3 s',
        target: `${n}/${n}`,
        bot: `${bot.ackMs.within3s}/${n}`,
        pass: bot.ackMs.within3s === n,
        naive: `${naive.ackMs.within3s}/${naive.interactions}`,
        comparison: '',
      },
      {
        metric: 'Interaction → defer ack p50 / p99 / max (real ms)',
        target: 'p99 ≤ 50 ms',
        bot: ms(bot.ackMs, ['p50', 'p99', 'max']),
        pass: bot.ackMs.p99 !== null && bot.ackMs.p99 <= 50,
        naive: ms(naive.ackMs, ['p50', 'p99', 'max']),
        comparison: '',
      },
      {
        metric:
          "The same with the SQLite file on this machine's disk: acknowledged within 3 s; ack p50 / p99 / max (real ms)",
        target: `${n}/${n}; p99 ≤ 50 ms`,
        bot: `${disk.ackMs.within3s}/${disk.interactions}; ${ms(disk.ackMs, ['p50', 'p99', 'max'])}`,
        pass: disk.ackMs.within3s === disk.interactions && disk.ackMs.p99 !== null && disk.ackMs.p99 <= 50,
        naive: '–',
        comparison: '',
      },
      {
        metric: 'Jobs delivered exactly once',
        target: `${n}/${n}`,
        bot: once(bot),
        pass: bot.exactlyOnce?.deliveredOnce === n && bot.exactlyOnce.doneReportedTwice === 0,
        naive: once(naive),
        comparison: '',
      },
      {
        metric: `Fair turns: most jobs of one other member sent ahead of a member's first job; members who waited behind a whole batch`,
        target: `< ${bot.fairness?.batchSize ?? b.perMember} (FCFS: ${bot.fairness?.batchSize ?? b.perMember}); 0`,
        bot: fair(bot),
        pass:
          bot.fairness !== undefined &&
          bot.fairness.maxJobsOfOneOtherMemberAhead < bot.fairness.batchSize &&
          bot.fairness.membersBehindAWholeBatch === 0,
        naive: fair(naive),
        comparison: '',
      },
      {
        metric: `A member's wait for its first submission p50 / max (sim s)`,
        target: '–',
        bot: bot.fairness ? secs(bot.fairness.firstSubmissionWaitS, ['p50', 'max']) : '–',
        pass: null,
        naive: naive.fairness ? secs(naive.fairness.firstSubmissionWaitS, ['p50', 'max']) : '–',
        comparison: '',
      },
      {
        metric: 'Time until every burst job is delivered (sim s)',
        target: `– (≥ ${lowerBound} s: ${n} submissions at ${SETTINGS.rateLimitPerMinute}/min)`,
        bot: bot.allDeliveredS ? `${num(bot.allDeliveredS, 0)} s` : 'not all delivered',
        pass: null,
        naive: naive.allDeliveredS ? `${num(naive.allDeliveredS, 0)} s` : 'not all delivered',
        comparison:
          bot.allDeliveredS && naive.allDeliveredS
            ? `naive ×${(naive.allDeliveredS / bot.allDeliveredS).toFixed(1)} longer`
            : '',
      },
      {
        metric: 'Generations per simulated minute (all delivered / time until the last)',
        target: '–',
        bot: `${num(bot.generationsPerMinute)}/min`,
        pass: null,
        naive: `${num(naive.generationsPerMinute)}/min`,
        comparison: times(bot.generationsPerMinute, naive.generationsPerMinute),
      },
      {
        metric: 'API requests per minute: total (submissions / list polls / single polls / other)',
        target: '≤ 120/min',
        bot: requestsLine(bot),
        pass: bot.requestsPerMinute.total <= 120,
        naive: requestsLine(naive),
        comparison: '',
      },
      {
        metric: 'Requests per delivered generation (whole run)',
        target: '– (steady: ≤ 1.2)',
        bot: num(bot.requestsPerDelivered, 2),
        pass: null,
        naive: num(naive.requestsPerDelivered, 2),
        comparison: '',
      },
      {
        metric: '429s received (how early each was, p50 / max sim ms)',
        target: '0',
        bot: limited(bot),
        pass: bot.whole.rateLimited === 0,
        naive: limited(naive),
        comparison: '',
      },
      {
        metric: 'Completion → delivery lag p50 / p95 / max (sim s)',
        target: '–',
        bot: secs(bot.lagS, ['p50', 'p95', 'max']),
        pass: null,
        naive: secs(naive.lagS, ['p50', 'p95', 'max']),
        comparison: '',
      },
      {
        metric: "Peak RSS of the bot's process during the burst (V8 heap committed / used at the peak)",
        target: '≤ 160 MB',
        bot: `${num(bot.peakRssMb, 0)} MB${bot.atPeakMb ? ` (${num(bot.atPeakMb.heapTotal, 0)} / ${num(bot.atPeakMb.heapUsed, 0)} MB)` : ''}`,
        pass: bot.peakRssMb <= 160,
        naive: `${num(naive.peakRssMb, 0)} MB`,
        comparison: '',
      },
      ...processRows(bot, naive).slice(0, 1),
    ],
  };
}

/** How busy the process was: the figures above are only as good as its keeping up. */
function processRows(bot: RunFigures, naive: RunFigures): Row[] {
  const busy = (f: RunFigures) =>
    `${num(f.cpuCores, 2)} cores · loop delay p99 ${num(f.eventLoopDelayP99Ms, 0)} ms`;
  return [
    {
      metric: 'Bot process CPU (cores busy, 1 = one core) · event-loop delay p99 (real ms)',
      target: '–',
      bot: busy(bot),
      pass: null,
      naive: busy(naive),
      comparison: '',
    },
    {
      metric: "The benchmark's own process (simulator, fake Discord): CPU · event-loop delay p99",
      target: '–',
      bot: busy({ ...bot, ...bot.stage }),
      pass: null,
      naive: busy({ ...naive, ...naive.stage }),
      comparison: '',
    },
    {
      metric: "Peak RSS of the bot's process",
      target: '–',
      bot: `${num(bot.peakRssMb, 0)} MB`,
      pass: null,
      naive: `${num(naive.peakRssMb, 0)} MB`,
      comparison: '',
    },
  ];
}

function comparisonSection(runs: Record<RunName, RunFigures>): Section {
  const bot = runs['steady-list'].generationsPerMinute;
  const naive = runs['steady-naive'].generationsPerMinute;
  return {
    title: 'Against the naive poller',
    rows: [
      {
        metric: 'Steady generations per minute, bot ÷ naive',
        target: '≥ ×4',
        bot: naive > 0 ? `×${(bot / naive).toFixed(2)}` : bot > 0 ? 'naive delivered none' : '–',
        pass: naive > 0 ? bot / naive >= 4 : bot > 0,
        naive: '',
        comparison: '',
      },
    ],
  };
}

export function sections(runs: Record<RunName, RunFigures>): Section[] {
  return [
    steadySection(runs['steady-list'], runs['steady-naive'], runs['steady-realtime']),
    lightSection(runs['steady-light']),
    burstSection(runs['burst-list'], runs['burst-naive'], runs['burst-disk']),
    comparisonSection(runs),
    cadenceSection(cadencePoints(runs)),
    processesSection(runs['steady-list'], runs['steady-redis2']),
  ];
}

const cell = (text: string) => text.replaceAll('|', '\\|');

/** The markdown of the whole report: header lines, one table per section, the missed targets. */
export function markdown(all: Section[], meta: Meta): string {
  const lines: string[] = [
    `Measured ${meta.generatedAt} at commit ${meta.commit}${meta.uncommitted.length > 0 ? ` (plus uncommitted: ${meta.uncommitted.join(', ')})` : ''} with \`${meta.command}\` on ${meta.environment.cpus}× ${meta.environment.cpuModel}, Node ${meta.environment.node}; ${meta.realSeconds.toFixed(0)} s in all.`,
    `Every timer of the bot and the simulator on one clock: ×${SETTINGS.timeScale.steady} for the steady runs; the burst in real time (×1) until every interaction is answered, then ×${SETTINGS.timeScale.burst}. One token at ${SETTINGS.rateLimitPerMinute} requests/min. Real SQLite store, its file on ${meta.storeDir} (tmpfs; burst-disk: on disk). Before each run the members' allowance was raised to $${SETTINGS.quota.allowanceUsdPerDay.toLocaleString('en-US')}/day and the in-flight cap to ${SETTINGS.quota.inFlightCap} through the bot's admin API, so that the quota never refuses the workload. Bot = the list-first Poller; naive = one GET /generations/{id} per generation every 3 s (images) / 7.5 s (videos).`,
    '',
  ];
  for (const section of all) {
    lines.push(`**${section.title}**`, '');
    lines.push('| Metric | Target | Bot | Naive poller | Bot vs naive |', '|---|---|---|---|---|');
    for (const r of section.rows) {
      lines.push(
        `| ${cell(r.metric)} | ${cell(r.target)} | ${cell(r.bot)}${mark(r.pass)} | ${cell(r.naive)} | ${cell(r.comparison)} |`,
      );
    }
    lines.push('');
  }
  const missed = all.flatMap((s) =>
    s.rows
      .filter((r) => r.pass === false && !r.alternative)
      .map((r) => `${r.metric} (${r.target}): ${r.bot}`),
  );
  lines.push(missed.length === 0 ? 'Every target met.' : `Targets missed (${missed.length}):`);
  for (const m of missed) lines.push(`- ${m}`);
  return `${lines.join('\n')}\n`;
}

export interface Meta {
  generatedAt: string;
  command: string;
  /** The commit measured, and the files of the bot that differed from it (the tree is shared). */
  commit: string;
  uncommitted: string[];
  realSeconds: number;
  storeDir: string;
  environment: {
    node: string;
    platform: string;
    cpus: number;
    cpuModel: string;
    totalMemoryGb: number;
    /** 1-minute load average when taken: other processes on the machine skew real-time figures. */
    loadAverage1m: number;
  };
}

export function meta(realSeconds: number): Meta {
  const cpuList = cpus();
  // Read-only git commands; untrimmed, since a porcelain line starts with a space.
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return '';
    }
  };
  return {
    generatedAt: new Date().toISOString(),
    command: 'npm run bench',
    commit: git('rev-parse', '--short', 'HEAD').trim() || 'unknown',
    uncommitted: git('status', '--porcelain', '--', 'src', 'commands', 'package.json')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3)),
    realSeconds,
    storeDir: storeParent(),
    environment: {
      node: process.versions.node,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model.trim() ?? 'unknown CPU',
      totalMemoryGb: Math.round(totalmem() / 2 ** 30),
      loadAverage1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    },
  };
}

/**
 * Writes <timestamp>.json, latest.json and latest.md under `dir`, and the cadence chart beside
 * them (<timestamp>-cadence.svg, latest-cadence.svg); returns the paths written.
 */
export function write(
  dir: string,
  m: Meta,
  runs: Record<RunName, RunFigures>,
  all: Section[],
  md: string,
  cadenceSvg: string,
): string[] {
  mkdirSync(dir, { recursive: true });
  const json = `${JSON.stringify({ ...m, settings: SETTINGS, runs, sections: all, markdown: md }, null, 2)}\n`;
  const stamp = m.generatedAt.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z');
  const files: [string, string][] = [
    [`${stamp}.json`, json],
    ['latest.json', json],
    ['latest.md', md],
    [`${stamp}-cadence.svg`, cadenceSvg],
    ['latest-cadence.svg', cadenceSvg],
  ];
  for (const [name, text] of files) writeFileSync(join(dir, name), text);
  return files.map(([name]) => join(dir, name));
}
