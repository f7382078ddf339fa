/**
 * The benchmark's workloads as plain data: who sends which interaction when (clock ms after the
 * start of the run). Generated from a seeded RNG so that two runs (list-first poller and naive
 * poller) face exactly the same traffic, and a rerun faces the same traffic as the last one.
 */
import type { APIApplicationCommandInteractionDataOption } from 'discord.js';
import { opt } from '../testkit/options.ts';
import { seededRandom } from '../testkit/seeded-random.ts';

export type Command = 'imagine' | 'video';
type Option = APIApplicationCommandInteractionDataOption;

/** One /imagine or /video a member sends. */
export interface Arrival {
  /** Clock ms after the start of the run. */
  at: number;
  member: string;
  command: Command;
  model: string;
  /** Unique per run: it maps the POST the simulator saw back to this arrival. */
  prompt: string;
  options: Option[];
}

/** One autocomplete request (type 4 interaction, answered with a type 8 callback). */
export interface AutocompleteArrival {
  at: number;
  member: string;
  command: Command;
  options: Option[];
}

export interface Plan {
  arrivals: Arrival[];
  autocompletes: AutocompleteArrival[];
}

/** `count` distinct Discord-like user ids (18-digit snowflakes); the fake Discord accepts unknown users. */
export function memberIds(count: number, random: () => number): string[] {
  const ids = new Set<string>();
  while (ids.size < count) {
    const digits = Array.from({ length: 17 }, () => Math.floor(random() * 10)).join('');
    ids.add(`1${digits}`);
  }
  return [...ids];
}

/** The mix the issue asks for: 70 % images, 30 % videos, several models of each. */
export const IMAGE_MODELS = ['lang-4o-image', 'nano-fruit-2', 'dream-4.5'] as const;
export const VIDEO_MODELS = ['quick-video-1', 'motion-2.0-fast'] as const;
export const IMAGE_SHARE = 0.7;

const SUBJECTS = ['a lighthouse at dusk', 'a fox in the snow', 'a city of glass', 'a koi pond', 'a red kite'];

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** One generation request of the mix; `tag` makes the prompt unique. */
function request(
  random: () => number,
  tag: string,
): Pick<Arrival, 'command' | 'model' | 'prompt' | 'options'> {
  const prompt = `${pick(SUBJECTS, random)} (${tag})`;
  if (random() < IMAGE_SHARE) {
    const model = pick(IMAGE_MODELS, random);
    return {
      command: 'imagine',
      model,
      prompt,
      options: [opt.string('prompt', prompt), opt.string('model', model)],
    };
  }
  const model = pick(VIDEO_MODELS, random);
  // Durations as members would pick them; the generation time does not depend on them in the simulator.
  const duration = model === 'quick-video-1' ? pick([6, 10], random) : pick([4, 5], random);
  return {
    command: 'video',
    model,
    prompt,
    options: [opt.string('prompt', prompt), opt.string('model', model), opt.integer('duration', duration)],
  };
}

/** Autocomplete requests as the client sends them while a member types (model menu, duration menu). */
function autocompleteRequest(random: () => number): Pick<AutocompleteArrival, 'command' | 'options'> {
  if (random() < 0.5) {
    return {
      command: 'imagine',
      options: [
        opt.string('prompt', 'a koi pond'),
        opt.string('model', pick(['', 'na', 'dream', 'l'], random), true),
      ],
    };
  }
  return {
    command: 'video',
    options: [
      opt.string('prompt', 'a koi pond'),
      opt.string('model', pick(VIDEO_MODELS, random)),
      opt.string('duration', pick(['', '1', '5'], random), true),
    ],
  };
}

export interface SteadyOptions {
  minutes: number;
  /** Offered submissions per simulated minute (Poisson arrivals). */
  perMinute: number;
  members: string[];
  /** Autocomplete requests spread evenly over the window. */
  autocompletes: number;
  seed: number;
}

/** Steady load: Poisson arrivals at `perMinute`, random members, the 70/30 mix. */
export function steadyPlan(o: SteadyOptions): Plan {
  const random = seededRandom(o.seed);
  const windowMs = o.minutes * 60_000;
  const meanGapMs = 60_000 / o.perMinute;
  const arrivals: Arrival[] = [];
  for (let at = 0, n = 0; ; n++) {
    // Exponential gaps: a Poisson process, so the load has the bunching real traffic has.
    at += -Math.log(1 - random()) * meanGapMs;
    if (at >= windowMs) break;
    const member = pick(o.members, random);
    arrivals.push({ at: Math.round(at), member, ...request(random, `s${n}`) });
  }
  const autocompletes: AutocompleteArrival[] = [];
  for (let i = 0; i < o.autocompletes; i++) {
    const at = Math.round(((i + 0.5) * windowMs) / o.autocompletes);
    autocompletes.push({ at, member: pick(o.members, random), ...autocompleteRequest(random) });
  }
  return { arrivals, autocompletes };
}

export interface BurstOptions {
  members: string[];
  perMember: number;
  /** Every interaction arrives within this window (clock ms). */
  windowMs: number;
  seed: number;
}

/**
 * Burst: every member sends its whole batch in a quick volley, members one after the other
 * across the window. Batches arriving back to back are what tells first-come-first-served
 * (a member waits behind every earlier member's whole batch) from fair turns.
 */
export function burstPlan(o: BurstOptions): Plan {
  const random = seededRandom(o.seed);
  const slot = o.windowMs / o.members.length;
  const arrivals: Arrival[] = [];
  o.members.forEach((member, m) => {
    const start = m * slot + random() * slot * 0.2;
    // The volley takes at most half the member's slot, so batches do not overlap.
    const gap = (slot * 0.5) / o.perMember;
    for (let k = 0; k < o.perMember; k++) {
      arrivals.push({ at: Math.round(start + k * gap), member, ...request(random, `b${m}-${k}`) });
    }
  });
  arrivals.sort((a, b) => a.at - b.at);
  return { arrivals, autocompletes: [] };
}
