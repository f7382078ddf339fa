/**
 * The benchmark's side of bench/bot-child.ts: starts each bot of a run in a process of its own,
 * keeps the record of its jobs done (as the test harness does in-process), and asks it for its
 * open jobs and its figures at the end.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Job } from '../src/jobs/job.ts';
import type { FromBot, ProcessStats, StartMessage, ToBot } from './bot-protocol.ts';
import type { ClockState } from './clock.ts';

const CHILD = fileURLToPath(new URL('./bot-child.ts', import.meta.url));
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
  /** How the process ended (exit code or signal), once it has. */
  exit: string | undefined;
  private nextId = 1;
  readonly exited: Promise<number | null>;

  constructor(
    readonly child: ChildProcess,
    onMessage: (m: FromBot) => void,
  ) {
    this.exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => {
        // A request the process will never answer fails instead of hanging the run.
        for (const settle of this.pending.values())
          settle(new Error(`the bot process exited (${signal ?? code})`));
        this.pending.clear();
        this.exit = signal ?? String(code);
        resolve(code);
      }),
    );
    child.on('message', (raw) => {
      const m = raw as FromBot;
      if ('id' in m) {
        this.pending.get(m.id)?.(m);
        this.pending.delete(m.id);
      } else onMessage(m);
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
        if (c.child.exitCode !== null || c.child.signalCode !== null) return;
        const timeout = setTimeout(() => c.child.kill('SIGKILL'), 10_000);
        await c.ask('stop').catch(() => c.child.kill('SIGKILL'));
        await c.exited;
        clearTimeout(timeout);
      }),
    );
  };
  try {
    for (const spec of each) {
      // fork() keeps this process's execArgv, so the child loads TypeScript through tsx as this one does.
      const child = fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const bot = new BotChild(child, onMessage);
      children.push(bot);
      let onExit: ((code: number | null) => void) | undefined;
      let onReady: ((raw: unknown) => void) | undefined;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve, reject) => {
        timer = setTimeout(() => reject(new Error('a bot process did not start in time')), START_TIMEOUT_MS);
        onReady = (raw) => {
          const m = raw as FromBot;
          if (m.type === 'ready') resolve();
          if (m.type === 'failed') reject(new Error(`a bot process failed to start: ${m.error}`));
        };
        onExit = (code) => reject(new Error(`a bot process exited at start (code ${code})`));
        child.on('message', onReady);
        child.on('exit', onExit);
        bot.send({
          type: 'start',
          ...common,
          env: { ...common.env, ...spec.env },
          ...(spec.quota ? { quota: spec.quota } : {}),
        });
      }).finally(() => {
        clearTimeout(timer);
        if (onReady) child.off('message', onReady);
        if (onExit) child.off('exit', onExit);
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
