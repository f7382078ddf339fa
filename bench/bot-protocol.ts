/**
 * The messages between the benchmark and a bot it runs in a process of its own (bench/bot-child.ts
 * and bench/bot-process.ts), over Node's IPC channel.
 */
import type { Job } from '../src/jobs/job.ts';
import type { ClockState } from './clock.ts';

export interface StartMessage {
  type: 'start';
  /** The bot's environment, as an operator would set it. */
  env: Record<string, string>;
  clock: ClockState;
  poller: 'list' | 'naive';
  /** discord.js's own REST limit per real second at x1; the bot multiplies it by the clock's scale. */
  discordGlobalPerSecond: number;
  /** Raised through the bot's own quota service before it reports ready (none for a second process). */
  quota?: { guilds: string[]; allowanceMicros: number; inFlightCap: number; admin: string };
}

export type ToBot =
  | StartMessage
  | { type: 'clock'; state: ClockState }
  | { type: 'measure' }
  | { type: 'stats'; id: number }
  | { type: 'open-jobs'; id: number }
  | { type: 'stop'; id: number };

/** How busy the bot's process was since `measure`. */
export interface ProcessStats {
  cpuCores: number;
  peakRssBytes: number;
  /** process.memoryUsage() when the RSS peaked: where the peak went (V8's heap, buffers, the rest). */
  atPeak?: NodeJS.MemoryUsage;
  eventLoopDelayP99Ms: number;
}

export type FromBot =
  | { type: 'ready' }
  | { type: 'failed'; error: string }
  /** onJobDone: `at` in clock ms. */
  | { type: 'done'; at: number; job: Job }
  | { type: 'log'; line: string }
  | { type: 'stats'; id: number; stats: ProcessStats }
  | { type: 'open-jobs'; id: number; jobs: { token: string; generationId: string | null }[] }
  | { type: 'stopped'; id: number };
