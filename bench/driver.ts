/**
 * Plays a Plan into the real bot through the fake Discord, on the stage's clock, and records
 * when each interaction was sent (real and clock ms). Everything else (callbacks, API requests,
 * done jobs) is read afterwards from what the fake Discord and the simulator record and what the
 * bots' processes report, so measuring adds no waiting on the hot path.
 */
import type { Clock } from '../src/clock.ts';
import type { Job } from '../src/jobs/job.ts';
import type { Simulator } from '../src/sim/server.ts';
import { autocompleteInteraction, chatInputInteraction, type FakeDiscord } from '../testkit/fake-discord.ts';
import { ART } from '../testkit/ids.ts';
import type { BenchBots } from './bot-process.ts';
import type { Arrival, AutocompleteArrival, Plan } from './workloads.ts';

/** A run's world: the simulator and the fake Discord in this process, on its clock, and the bots in theirs. */
export interface Stage {
  clock: Clock;
  sim: Simulator;
  discord: FakeDiscord;
  bots: BenchBots;
}

export interface SentGenerate {
  arrival: Arrival;
  interactionId: string;
  token: string;
  /** Date.now() just before the interaction went out on the gateway (the fake records calls in Date.now()). */
  sentReal: number;
  sentClock: number;
  /** Filled in by `collect` once the run is over. */
  job?: Job;
  /** Clock ms when the bot reported the job done (onJobDone). */
  doneClock?: number;
  /** How many times the job was reported done. */
  doneCount?: number;
  /** The generation, also for a job not done yet (from the job store). */
  generationId?: string;
}

export interface SentAutocomplete {
  arrival: AutocompleteArrival;
  interactionId: string;
  sentReal: number;
}

export interface Recording {
  generates: SentGenerate[];
  autocompletes: SentAutocomplete[];
  /** Clock ms the plan's offsets count from. */
  startClock: number;
}

/** Resolves at clock time `at` (at once when it has passed). */
async function sleepUntil(h: Stage, at: number): Promise<void> {
  const wait = at - h.clock.now();
  if (wait > 0) await h.clock.sleep(wait);
}

/**
 * Sends every interaction of the plan at its time. Does not wait for answers: a member's
 * interaction arrives whether or not the bot has answered the previous one.
 */
export async function play(
  h: Stage,
  plan: Plan,
  onTick?: (recording: Recording) => void,
  /** The channel a member asks in (several servers); default the harness's art channel. */
  channelOf: (member: string) => string = () => ART,
): Promise<Recording> {
  const recording: Recording = { generates: [], autocompletes: [], startClock: h.clock.now() };
  const events = [
    ...plan.arrivals.map((a) => ({
      at: a.at,
      send: () => sendGenerate(h, a, recording, channelOf(a.member)),
    })),
    ...plan.autocompletes.map((a) => ({ at: a.at, send: () => sendAutocomplete(h, a, recording) })),
  ].sort((x, y) => x.at - y.at);
  let lastTick = Date.now();
  for (const event of events) {
    await sleepUntil(h, recording.startClock + event.at);
    await event.send();
    if (onTick && Date.now() - lastTick >= 5_000) {
      lastTick = Date.now();
      onTick(recording);
    }
  }
  return recording;
}

async function sendGenerate(
  h: Stage,
  arrival: Arrival,
  recording: Recording,
  channelId: string,
): Promise<void> {
  const payload = chatInputInteraction(h.discord, {
    commandName: arrival.command,
    options: arrival.options,
    channelId,
    userId: arrival.member,
  });
  recording.generates.push({
    arrival,
    interactionId: payload.id,
    token: payload.token,
    sentReal: Date.now(),
    sentClock: h.clock.now(),
  });
  await h.discord.sendInteraction(payload);
}

async function sendAutocomplete(h: Stage, arrival: AutocompleteArrival, recording: Recording): Promise<void> {
  const payload = autocompleteInteraction(h.discord, {
    commandName: arrival.command,
    options: arrival.options,
    channelId: ART,
    userId: arrival.member,
  });
  recording.autocompletes.push({ arrival, interactionId: payload.id, sentReal: Date.now() });
  await h.discord.sendInteraction(payload);
}

interface Answered {
  scanned: number;
  /** Interaction ids the bot answered (a callback of any type). */
  any: Set<string>;
  /** Those answered with an immediate reply (type 4) instead of a defer: no job will follow. */
  replied: Set<string>;
}
const answeredBy = new WeakMap<Stage, Answered>();

/** The answers so far, scanning only the calls recorded since the last look. */
function answered(h: Stage): Answered {
  let a = answeredBy.get(h);
  if (!a) {
    a = { scanned: 0, any: new Set(), replied: new Set() };
    answeredBy.set(h, a);
  }
  const calls = h.discord.calls;
  for (; a.scanned < calls.length; a.scanned++) {
    const c = calls[a.scanned];
    if (c?.route !== 'interactionCallback') continue;
    const id = c.path.split('/')[2];
    if (!id) continue;
    a.any.add(id);
    if ((c.body as { type?: number } | undefined)?.type === 4) a.replied.add(id);
  }
  return a;
}

/** Waits (real time, polling) until the bot has answered every interaction sent, or `capMs` real ms passed. */
export async function waitForAcks(h: Stage, recording: Recording, capMs: number): Promise<number> {
  const deadline = Date.now() + capMs;
  for (;;) {
    const { any } = answered(h);
    const left = recording.generates.filter((s) => !any.has(s.interactionId)).length;
    if (left === 0 || Date.now() >= deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until every interaction is settled (its job done, or answered without a job), or until
 * `capMs` of clock time has passed. Returns how many were left unsettled.
 */
export async function drain(
  h: Stage,
  recording: Recording,
  capMs: number,
  onTick?: (left: number) => void,
): Promise<number> {
  const deadline = h.clock.now() + capMs;
  let lastTick = Date.now();
  for (;;) {
    const { replied } = answered(h);
    const left = recording.generates.filter(
      (s) => !h.bots.done.has(s.token) && !replied.has(s.interactionId),
    ).length;
    if (left === 0 || h.clock.now() >= deadline) return left;
    if (onTick && Date.now() - lastTick >= 5_000) {
      lastTick = Date.now();
      onTick(left);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Copies the bots' record of done jobs, and the generation of jobs still open, onto the sent interactions. */
export async function collect(h: Stage, recording: Recording): Promise<void> {
  const open = new Map((await h.bots.openJobs()).map((job) => [job.token, job]));
  for (const s of recording.generates) {
    const done = h.bots.done.get(s.token);
    s.generationId = done?.job.generationId ?? open.get(s.token)?.generationId ?? undefined;
    if (!done) continue;
    s.job = done.job;
    s.doneClock = done.at;
    s.doneCount = h.bots.doneCount.get(s.token) ?? 1;
  }
}
