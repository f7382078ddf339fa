/**
 * Child process of bench/run.ts: runs one scenario (named by the first argument) and sends its
 * figures to the parent over IPC (or prints them as JSON when started on its own).
 */
import { runScenario } from './run-scenario.ts';
import { RUNS, type RunName } from './scenarios.ts';

const name = process.argv[2] as RunName;
if (!RUNS.includes(name)) {
  console.error(`usage: node bench/run-one.ts <${RUNS.join('|')}>`);
  process.exit(2);
}
// A run whose drain was capped leaves work that fails once the store and servers are closed;
// such a late failure must not take the process down before the figures are out.
let lateFailures = 0;
process.on('unhandledRejection', () => {
  lateFailures++;
});
const result = await runScenario(name);
if (lateFailures > 0)
  console.error(`  [${name}] ${lateFailures} unhandled rejections (work left when the run closed)`);
if (process.send) {
  // Exit once the message is out: lingering sockets or timers of the closed bot must not hold the run.
  process.send(result, () => process.exit(0));
} else {
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
