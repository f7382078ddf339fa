/**
 * `npm run bench`: the four runs (steady and burst, each with the bot's list-first poller and
 * with the naive poller), burst-disk (the burst's acknowledgements with the store on disk),
 * steady-realtime (the answers to interactions in real time), the cadence sweep (steady again at
 * three other poll cadences) and two processes on Redis, one child process each and one
 * after the other, then the table of figures beside the targets and the cadence chart,
 * printed and written under bench/results/.
 * `npm run bench -- burst-list` runs only the named runs (the table needs all of them, so then
 * only their figures are printed, as JSON). `npm run bench -- --render` rebuilds the table from
 * bench/results/latest.json without running anything.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { warmCompileCache } from './bot-process.ts';
import { cadenceChart, cadencePoints } from './cadence.ts';
import type { RunFigures } from './metrics.ts';
import { type Meta, markdown, meta, sections, write } from './report.ts';
import { RUNS, type RunName, SETTINGS } from './scenarios.ts';

const CHILD = fileURLToPath(new URL('./run-one.ts', import.meta.url));
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

/** Runs one scenario in a fresh process (so its RSS and its heap are its own) and returns its figures. */
function runChild(name: RunName): Promise<RunFigures> {
  return new Promise((resolve, reject) => {
    // Node strips the child's types itself, as it does this process's.
    const child = fork(CHILD, [name], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: RunFigures | undefined;
    child.on('message', (message) => {
      result = message as RunFigures;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`${name} exited with code ${code} without figures`));
    });
  });
}

/** `--render`: the table again from bench/results/latest.json (after a change to report.ts or one of its sections), without running. */
async function render(): Promise<void> {
  const latest = JSON.parse(readFileSync(join(RESULTS, 'latest.json'), 'utf8')) as Meta & {
    runs: Record<RunName, RunFigures>;
  };
  const { generatedAt, command, commit, uncommitted, realSeconds, storeDir, environment } = latest;
  const m: Meta = { generatedAt, command, commit, uncommitted, realSeconds, storeDir, environment };
  const list = sections(latest.runs);
  const md = markdown(list, m);
  console.log(md);
  const svg = await cadenceChart(cadencePoints(latest.runs));
  console.log(`Written: ${write(RESULTS, m, latest.runs, list, md, svg).join(', ')}`);
}

if (process.argv.includes('--render')) {
  await render();
  process.exit(0);
}

const started = performance.now();
// Taken before the runs: the commit (and uncommitted files) whose code the runs load.
const before = meta(0);
const asked = process.argv.slice(2).filter((a): a is RunName => (RUNS as string[]).includes(a));
const names = asked.length > 0 ? asked : RUNS;
const { steady, burst } = SETTINGS.timeScale;
console.log(
  `Benchmark: ${names.join(', ')}, each in its own process. Steady at ×${steady} (${SETTINGS.steady.minutes} simulated minutes take ${((SETTINGS.steady.minutes * 60) / steady).toFixed(0)} s); burst in real time until answered, then ×${burst}.`,
);
warmCompileCache();
const runs: Partial<Record<RunName, RunFigures>> = {};
for (const name of names) {
  console.log(`▶ ${name}`);
  runs[name] = await runChild(name);
}
const realSeconds = (performance.now() - started) / 1000;

if (names.length < RUNS.length) {
  console.log(JSON.stringify(runs, null, 2));
} else {
  const all = runs as Record<RunName, RunFigures>;
  const after = meta(realSeconds);
  const m = { ...before, realSeconds };
  if (after.commit !== before.commit || after.uncommitted.join() !== before.uncommitted.join()) {
    console.log(
      `Note: the tree changed during the runs (now ${after.commit}); the figures may mix two versions.`,
    );
  }
  const list = sections(all);
  const md = markdown(list, m);
  console.log(`\n${md}`);
  const paths = write(RESULTS, m, all, list, md, await cadenceChart(cadencePoints(all)));
  console.log(`Written: ${paths.join(', ')}`);
}
