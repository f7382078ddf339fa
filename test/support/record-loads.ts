/**
 * Loaded with `node --import` into a child process: records the URL of every module it loads
 * (imported or required, ours and node_modules'), and writes them as a JSON array to the file
 * RECORD_LOADS_TO names when the process exits. test/runtime-modules.test.ts reads it to tell what
 * a start loads.
 */
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const loaded: string[] = [];
registerHooks({
  load(url, context, nextLoad) {
    loaded.push(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  const to = process.env.RECORD_LOADS_TO;
  if (to) writeFileSync(to, JSON.stringify(loaded));
});
