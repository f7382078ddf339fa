/**
 * npm start's script (package.json), read as the shell runs it: the `NAME=value` words before
 * the command are its environment, the command's words that start with `--` are Node's options.
 * The benchmark starts its bots with both and the tests compare the image's CMD and ENV with
 * them, so that production's settings are written in one place.
 */
import { readFileSync } from 'node:fs';

export interface StartScript {
  /** Variables the script sets for the bot's process (glibc's allocator reads them at its start). */
  env: Record<string, string>;
  /** Node's options on the command line (`--optimize-for-size`, the compile cache's preload). */
  options: string[];
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;

export function parseStartScript(script: string): StartScript {
  const words = script.trim().split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  let at = 0;
  for (; at < words.length; at++) {
    const assignment = ASSIGNMENT.exec(words[at] ?? '');
    if (!assignment) break;
    env[assignment[1] ?? ''] = assignment[2] ?? '';
  }
  // words[at] is the command (node); its options follow it.
  return { env, options: words.slice(at + 1).filter((word) => word.startsWith('--')) };
}

export function readStartScript(): StartScript {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts?: { start?: string };
  };
  return parseStartScript(pkg.scripts?.start ?? '');
}
