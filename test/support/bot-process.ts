/**
 * Runs the bot as its own process, as `npm start` and the image do: `node src/main.ts`, with Node
 * stripping the types itself (no wrapper process in between, so a signal reaches the bot).
 */
import { type ChildProcess, spawn } from 'node:child_process';

export interface BotProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
}

/**
 * Starts `src/main.ts` with exactly this environment (plus PATH). `as` runs it as another user
 * (when the tests run as root, file permissions bind only an unprivileged process). `nodeArgs`
 * go before the script (`--import` of a test's own module).
 */
export function spawnBot(
  env: Record<string, string>,
  as?: { uid: number; gid: number },
  nodeArgs: readonly string[] = [],
): BotProcess {
  const child = spawn(process.execPath, [...nodeArgs, 'src/main.ts'], {
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

/** The environment of a bot process on the fake Discord and the simulator, with its store file. */
export function botEnv(
  discord: { botToken: string; apiUrl: string },
  sim: { baseUrl: string; token: string },
  storeFile: string,
  logLevel = 'warn',
): Record<string, string> {
  return {
    DISCORD_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    MEDIA_API_BASE_URL: sim.baseUrl,
    MEDIA_API_TOKEN: sim.token,
    STORE_URL: `sqlite://${storeFile}`,
    LOG_LEVEL: logLevel,
  };
}
