/**
 * Runs the bot as its own process, as `npm start` does (tsx src/main.ts), but with tsx loaded
 * into node itself: the `tsx` command is a wrapper that forwards signals to a child, so a
 * SIGKILL sent to it would kill the wrapper and leave the bot running.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface BotProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/**
 * Starts `src/main.ts` with exactly this environment (plus PATH). `as` runs it as another user
 * (when the tests run as root, file permissions bind only an unprivileged process).
 */
export function spawnBot(env: Record<string, string>, as?: { uid: number; gid: number }): BotProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...as,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}
