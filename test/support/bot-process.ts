/**
 * Runs the bot as its own process, as `npm start` and the image do: `node src/main.ts`, with Node
 * stripping the types itself (no wrapper process in between, so a signal reaches the bot).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { botEnv } from '../../testkit/bot-env.ts';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from '../../testkit/ids.ts';

export { botEnv } from '../../testkit/bot-env.ts';

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
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('exit', (code) => resolve(code));
    // A process that never started emits no 'exit': say why instead of leaving a test to time out
    // (e.g. EACCES when the bot runs as `nobody` and the checkout sits in a folder only root may enter).
    child.on('error', (err) =>
      reject(new Error(`the bot process did not start (as uid ${as?.uid ?? 'self'}): ${err.message}`)),
    );
  });
  // Awaited by whoever cares; not an unhandled rejection for a test that never waits for the exit.
  exited.catch(() => undefined);
  return { child, exited, output: () => ({ stdout, stderr }) };
}

/** A JSON log line of a spawned bot (LOG_LEVEL at or below the line's level). */
/** Kills each bot still running (SIGKILL) and waits for it to be gone. */
export async function killBots(bots: readonly BotProcess[]): Promise<void> {
  for (const bot of bots) {
    if (bot.child.exitCode === null && bot.child.signalCode === null) bot.child.kill('SIGKILL');
    await bot.exited;
  }
}

export type LogEntry = { level: number; msg: string } & Record<string, unknown>;

/** The whole JSON lines the process wrote so far (a line still being written is left for later). */
export function logEntries(bot: BotProcess): LogEntry[] {
  const lines = bot.output().stdout.split('\n');
  lines.pop();
  return lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogEntry);
}

/**
 * Resolves with the first log line saying `msg`, as the process writes it (what a process started
 * with port 0 tells of its ports: `ops endpoint listening`, `the web side is listening`); rejects
 * when the process exits first, with what it wrote to stderr.
 */
export function loggedLine(bot: BotProcess, msg: string): Promise<LogEntry> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const found = logEntries(bot).find((entry) => entry.msg === msg);
      if (!found) return;
      bot.child.stdout?.off('data', look);
      resolve(found);
    };
    bot.child.stdout?.on('data', look);
    void bot.exited.then(
      (code) => reject(new Error(`the bot exited (${code}) before "${msg}": ${bot.output().stderr}`)),
      reject,
    );
    look();
  });
}

/** What a file of real-process tests shares (see useSpawnedBot). */
export interface SpawnedBots {
  readonly sim: Simulator;
  readonly discord: FakeDiscord;
  /** The file's temporary folder, for store files. */
  readonly dir: string;
  /** Spawns the bot on the fake Discord and the simulator, with `store.sqlite` of the folder; killed after. */
  spawn(options?: {
    store?: string;
    logLevel?: string;
    env?: Record<string, string>;
    nodeArgs?: string[];
  }): BotProcess;
}

/**
 * The spawned-bot counterpart of useHarness (which runs the bot inside the test's process): a
 * simulator, a fake Discord with the default server and a temporary folder for the file's tests,
 * and the bot processes they spawn, killed (SIGKILL) after each test or, with `killAfter: 'all'`,
 * after the file (tests that restart a process across tests).
 */
export function useSpawnedBot(prefix: string, options: { killAfter?: 'each' | 'all' } = {}): SpawnedBots {
  let sim: Simulator | undefined;
  let discord: FakeDiscord | undefined;
  let dir: string | undefined;
  const children: BotProcess[] = [];
  const killAll = () => killBots(children.splice(0));
  beforeAll(async () => {
    sim = await startSimulator({ clock: systemClock });
    discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
    dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  });
  if (options.killAfter !== 'all') afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await discord?.close();
    await sim?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useSpawnedBot: use it inside a test');
    return value;
  };
  return {
    get sim() {
      return started(sim);
    },
    get discord() {
      return started(discord);
    },
    get dir() {
      return started(dir);
    },
    spawn({ store = 'bot', logLevel = 'warn', env = {}, nodeArgs = [] } = {}) {
      const bot = spawnBot(
        {
          ...botEnv(started(discord), started(sim), join(started(dir), `${store}.sqlite`), logLevel),
          ...env,
        },
        undefined,
        nodeArgs,
      );
      children.push(bot);
      return bot;
    },
  };
}
