/** Helpers for the simulator tests: a hand-driven clock and a small JSON client. */

import { afterEach } from 'vitest';
import type { z } from 'zod';
import { type Simulator, type SimulatorOptions, startSimulator } from '../../src/sim/server.ts';
import { ManualClock } from '../support/manual-clock.ts';

export { ManualClock } from '../support/manual-clock.ts';

/** The simulator tests' clock (test/support/manual-clock.ts), at noon on 1 January 2026 unless told. */
export function manualClock(start = Date.UTC(2026, 0, 1, 12, 0, 0)): ManualClock {
  return new ManualClock(start);
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** A JSON client for one simulator; `token: null` sends no Authorization header. */
export function client(sim: Simulator, token: string | null = sim.token) {
  const call = async (method: string, path: string, body?: unknown): Promise<JsonAnswer> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${sim.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    call,
  };
}

/** Fetches a file served by the simulator (no auth). */
export async function fetchBytes(url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Asserts the status and parses the body with the client's zod schema (so the shape is checked too). */
export function expectBody<S extends z.ZodType>(answer: JsonAnswer, status: number, schema: S): z.infer<S> {
  if (answer.status !== status) {
    throw new Error(`expected status ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return schema.parse(answer.body);
}

/** Starts simulators for a test file and closes them after each test. */
export function useSimulators(): (options?: SimulatorOptions) => Promise<Simulator> {
  const running: Simulator[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((sim) => sim.close()));
  });
  return async (options) => {
    const sim = await startSimulator(options);
    running.push(sim);
    return sim;
  };
}
