/**
 * The benchmark's side of bench/bot-child.ts: starts each bot of a run in a process of its own,
 * keeps the record of its jobs done (as the test harness does in-process), and asks it for its
 * open jobs and its figures at the end.
 */
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Job } from '../src/jobs/job.ts';
import { readStartScript, type StartScript } from '../testkit/start-script.ts';
import type { FromBot, ProcessStats, StartMessage, ToBot } from './bot-protocol.ts';
import type { ClockState } from './clock.ts';

const CHILD = fileURLToPath(new URL('./bot-child.ts', import.meta.url));

/**
 * Loads a bot's modules once with npm start's options and exits, so that Node's compile cache
 * (src/compile-cache.js) holds them before the first run: every run's bots then start as a
 * production bot does from its second start on, without loading the type stripper (16 MB), and
 * the first run is not the only one measured with it.
 */
export function warmCompileCache(): void {
  const start = readStartScript();
  execFileSync(process.execPath, [...start.options, '-e', `await import(${JSON.stringify(CHILD)})`], {
    stdio: 'inherit',
    env: botEnv(start),
  });
}

/**
 * The bots run with npm start's environment (glibc's allocator settings) and options, as
 * production does. A variable set in the benchmark's own environment wins, so that another
 * allocator setting can be measured without editing package.json.
 */
function botEnv(start: StartScript): NodeJS.ProcessEnv {
  return { ...start.env, ...process.env };
}

/** Real ms a bot gets to log in, resume and raise the quota. */
const START_TIMEOUT_MS = 60_000;

export interface BenchBots {
  /** Jobs done in any of the processes, by interaction token, with the clock time first reported done. */
  done: Map<string, { job: Job; at: number }>;
  /** How many times each interaction's job was reported done (more than once is a duplicate). */
  doneCount: Map<string, number>;
  /** The bots' log lines. */
  logs: string[];
  /** Every bot runs on `state` from now on (the bench's clock changed its scale). */
  setClock(state: ClockState): void;
  /** Starts counting CPU, peak RSS and event-loop delay in every process. */
  measure(): void;
  /** Each process's figures since `measure`. */
  stats(): Promise<ProcessStats[]>;
  /** Why the run's figures cannot be trusted: a bot process that ended before it was stopped. */
  failure(): string | undefined;
  /** The jobs still open in the store (read through the first process). */
  openJobs(): Promise<{ token: string; generationId: string | null }[]>;
  stop(): Promise<void>;
}

type Reply = Extract<FromBot, { id: number }>;
type Asked = Extract<ToBot, { id: number }>['type'];
/** The reply each request is answered with. */
interface AnswerTo {
  stats: 'stats';
  'open-jobs': 'open-jobs';
  stop: 'stopped';
}

class BotChild {
  private readonly pending = new Map<number, (reply: Reply | Error) => void>();
  /** Settles start(): the bot answered ready or failed, or its process ended first. */
  private starting: ((error?: Error) => void) | undefined;
  /** How the process ended (exit code or signal), once it has. */
  exit: string | undefined;
  private nextId = 1;
  readonly exited: Promise<number | null>;

  readonly child: ChildProcess;

  constructor(child: ChildProcess, onMessage: (m: FromBot) => void) {
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => {
        this.exit = signal ?? String(code);
        // A request the process will never answer fails instead of hanging the run.
        const gone = new Error(`the bot process exited (${this.exit})`);
        for (const settle of this.pending.values()) settle(gone);
        this.pending.clear();
        this.starting?.(gone);
        resolve(code);
      }),
    );
    child.on('message', (raw) => {
      const m = raw as FromBot;
      if ('id' in m) {
        this.pending.get(m.id)?.(m);
        this.pending.delete(m.id);
      } else if (m.type === 'ready') this.starting?.();
      else if (m.type === 'failed') this.starting?.(new Error(`a bot process failed to start: ${m.error}`));
      else onMessage(m);
    });
  }

  /** Starts the bot; resolves once it is ready (logged in, quota raised). */
  start(message: StartMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.starting?.(new Error('a bot process did not start in time')),
        START_TIMEOUT_MS,
      );
      this.starting = (error) => {
        clearTimeout(timer);
        this.starting = undefined;
        if (error) reject(error);
        else resolve();
      };
      this.send(message);
    });
  }

  send(message: ToBot): void {
    if (this.child.connected) this.child.send(message);
  }

  ask<T extends Asked>(type: T): Promise<Extract<Reply, { type: AnswerTo[T] }>> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (!this.child.connected) return reject(new Error(`the bot process is gone (asked for ${type})`));
      this.pending.set(id, (reply) =>
        reply instanceof Error ? reject(reply) : resolve(reply as Extract<Reply, { type: AnswerTo[T] }>),
      );
      this.child.send({ type, id } satisfies ToBot);
    });
  }
}

/** Starts one bot process per entry of `each` (its own env on top of `common.env`), one after the other. */
export async function startBotProcesses(
  common: Omit<StartMessage, 'type' | 'quota'>,
  each: { env?: Record<string, string>; quota?: StartMessage['quota'] }[],
): Promise<BenchBots> {
  const done = new Map<string, { job: Job; at: number }>();
  const doneCount = new Map<string, number>();
  const logs: string[] = [];
  const children: BotChild[] = [];
  const onMessage = (m: FromBot) => {
    if (m.type === 'log') logs.push(m.line);
    if (m.type === 'done') {
      const token = m.job.reply.interactionToken;
      doneCount.set(token, (doneCount.get(token) ?? 0) + 1);
      if (!done.has(token)) done.set(token, { job: m.job, at: m.at });
    }
  };
  const stop = async () => {
    await Promise.all(
      children.map(async (c) => {
        if (c.exit !== undefined) return;
        const timeout = setTimeout(() => c.child.kill('SIGKILL'), 10_000);
        await c.ask('stop').catch(() => c.child.kill('SIGKILL'));
        await c.exited;
        clearTimeout(timeout);
      }),
    );
  };
  const start = readStartScript();
  try {
    for (const spec of each) {
      // Node strips the child's types itself, as it does this process's.
      // BENCH_BOT_NODE_ARGS: Node options for the bots alone (--heap-prof, --trace-gc), to see where their time and memory go.
      const execArgv = [
        ...process.execArgv,
        ...start.options,
        ...(process.env.BENCH_BOT_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ];
      const child = fork(CHILD, [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv,
        env: botEnv(start),
      });
      const bot = new BotChild(child, onMessage);
      children.push(bot);
      await bot.start({
        type: 'start',
        ...common,
        env: { ...common.env, ...spec.env },
        ...(spec.quota ? { quota: spec.quota } : {}),
      });
    }
  } catch (err) {
    for (const c of children) c.child.kill('SIGKILL');
    throw err;
  }
  return {
    done,
    doneCount,
    logs,
    setClock: (state) => {
      for (const c of children) c.send({ type: 'clock', state });
    },
    measure: () => {
      for (const c of children) c.send({ type: 'measure' });
    },
    stats: () => Promise.all(children.map(async (c) => (await c.ask('stats')).stats)),
    failure: () => {
      const ended = children.find((c) => c.exit !== undefined);
      return ended ? `a bot process ended during the run (${ended.exit})` : undefined;
    },
    openJobs: async () => {
      const [first] = children;
      return first ? (await first.ask('open-jobs')).jobs : [];
    },
    stop,
  };
}
