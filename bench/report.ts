/**
 * The report: the targets of the issue beside the figures of the four runs, as one markdown
 * table (printed, and written to bench/results/latest.md for README's Performance section) and
 * as JSON (bench/results/<timestamp>.json and latest.json). Targets are reported, never asserted.
 *
 * The sections themselves are in steady.ts, burst.ts, light.ts, cadence.ts and processes.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { burstSection } from './burst.ts';
import { cadencePoints, cadenceSection } from './cadence.ts';
import { lightSection } from './light.ts';
import type { RunFigures } from './metrics.ts';
import { processesSection } from './processes.ts';
import { type RunName, SETTINGS, storeParent } from './scenarios.ts';
import type { Section } from './section.ts';
import { steadySection } from './steady.ts';

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

const mark = (pass: boolean | null) => (pass === null ? '' : pass ? ' ✓' : ' ✗');
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
