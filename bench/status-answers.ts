/**
 * When the bot could first have known that a generation had finished: the first status answer
 * that included it, worked out from the simulator's request log. It splits the delivery lag into
 * the poller's share and delivery's.
 */
import type { RecordedRequest } from '../src/sim/server.ts';
import type { SentGenerate } from './driver.ts';
import { kindOf } from './request-kinds.ts';

/**
 * When a status request first answered with a finished generation: the first request received at
 * or after `completedAt` that covered it. A single check covers its own id; the combined list
 * (`per_page` most recent of all) covers it while fewer than `per_page` generations were created
 * after it; a typed page `p` while the newer ones of its type number in [(p-1)·per_page, p·per_page).
 * Creation order comes from the simulator's log of accepted POSTs, matched by the unique prompts.
 */
export function statusAnswers(
  requests: RecordedRequest[],
  generates: SentGenerate[],
): (s: SentGenerate, completedAt: number) => number | undefined {
  const typeOf = new Map(
    generates.map((s) => [s.arrival.prompt, s.arrival.command === 'imagine' ? 'image' : 'video']),
  );
  const created = { all: [] as number[], image: [] as number[], video: [] as number[] };
  const createdAt = new Map<string, number>();
  const reads: RecordedRequest[] = [];
  for (const r of requests) {
    const kind = kindOf(r);
    if (kind === 'submissions' && r.status === 201) {
      const prompt = (r.body as { prompt?: string } | undefined)?.prompt ?? '';
      const type = typeOf.get(prompt);
      createdAt.set(prompt, r.at);
      created.all.push(r.at);
      if (type === 'image' || type === 'video') created[type].push(r.at);
    } else if ((kind === 'listPolls' || kind === 'singlePolls') && r.status === 200) reads.push(r);
  }
  /** How many of `times` (sorted) fall in (after, upTo]. */
  const between = (times: number[], after: number, upTo: number) =>
    upperBound(times, upTo) - upperBound(times, after);
  return (s, completedAt) => {
    const own = createdAt.get(s.arrival.prompt);
    if (own === undefined || !s.generationId) return undefined;
    const type = s.arrival.command === 'imagine' ? 'image' : 'video';
    for (let i = lowerBound(reads, completedAt); i < reads.length; i++) {
      const r = reads[i] as RecordedRequest;
      if (kindOf(r) === 'singlePolls') {
        if (r.path.endsWith(`/${s.generationId}`)) return r.at;
        continue;
      }
      const perPage = Number(r.query.per_page ?? 20);
      if (!r.query.type) {
        if (between(created.all, own, r.at) < perPage) return r.at;
      } else if (r.query.type === type) {
        const page = Number(r.query.page ?? 1);
        const newer = between(created[type], own, r.at);
        if (newer >= (page - 1) * perPage && newer < page * perPage) return r.at;
      }
    }
    return undefined;
  };
}

/** Index of the first value greater than `x` in sorted `values`. */
function upperBound(values: number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first request received at or after `at` (requests are in arrival order). */
function lowerBound(requests: RecordedRequest[], at: number): number {
  let lo = 0;
  let hi = requests.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((requests[mid] as RecordedRequest).at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
