/**
 * The bot of the gallery's benchmark (gallery.ts, gallery-dashboard.ts): started as `npm start`
 * starts it, in a process of its own, its JSON log lines awaited by message; its RSS read from
 * /proc; stopped with SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface WebBot {
  child: ChildProcess;
  /** The first log line with this message from now on (120 s at most). */
  line: (msg: string) => Promise<Record<string, unknown>>;
}

/**
 * Options added to the bot's node, for a profile of it: e.g.
 * `GALLERY_BOT_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` (written when the bot stops).
 */
const EXTRA_ARGS = (process.env.GALLERY_BOT_NODE_ARGS ?? '').split(' ').filter(Boolean);

export function startBot(env: Record<string, string>): WebBot {
  const child = spawn(
    process.execPath,
    ['--optimize-for-size', ...EXTRA_ARGS, '--import=./src/compile-cache.js', 'src/main.ts'],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_TRIM_THRESHOLD_: '131072',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const waiting: { msg: string; resolve: (v: Record<string, unknown>) => void }[] = [];
  child.stdout?.on('data', (d) => {
    out += d;
    for (const raw of out.split('\n')) {
      if (!raw.startsWith('{')) continue;
      try {
        const entry = JSON.parse(raw) as Record<string, unknown>;
        for (const w of waiting.filter((x) => x.msg === entry.msg)) w.resolve(entry);
      } catch {
        // a line still being written
      }
    }
    // Only the tail is kept: the lines awaited come soon after they are asked for.
    if (out.length > 200_000) out = out.slice(-100_000);
  });
  child.stderr?.on('data', (d) => process.stderr.write(d));
  return {
    child,
    line: (msg) =>
      new Promise((resolve, reject) => {
        waiting.push({ msg, resolve });
        setTimeout(
          () => reject(new Error(`no "${msg}" from the bot within 120 s; it wrote:\n${out.slice(-3000)}`)),
          120_000,
        ).unref();
      }),
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
