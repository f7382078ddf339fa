/**
 * One process on SQLite against two on one Redis, in the same steady workload: what sharing the
 * token's budget, the poller's lease and delivery claims through Redis costs. In the two-process
 * run the members are split over two servers, one on each process's shard.
 */
import type { RunFigures } from './metrics.ts';
import { num, type Row, type Section } from './section.ts';

export function processesSection(single: RunFigures, two: RunFigures | undefined): Section {
  const both = (f: (r: RunFigures) => string) => `${f(single)} · ${two ? f(two) : '–'}`;
  const row = (metric: string, target: string, bot: string, pass: boolean | null): Row => ({
    metric: `${metric}: one process on SQLite · two processes on Redis`,
    target,
    bot,
    pass,
    naive: '',
    comparison: '',
  });
  return {
    title:
      'One process or two: the steady run again with two bot processes on one Redis, each running one of two shards (members split over two servers, one per shard)',
    rows: [
      row(
        'Generations completed per simulated minute',
        '≥ 100/min',
        both((r) => `${num(r.generationsPerMinute)}/min`),
        two ? two.generationsPerMinute >= 100 : null,
      ),
      row(
        'Requests per delivered generation',
        '≤ 1.17',
        both((r) => num(r.requestsPerDelivered, 3)),
        two ? (two.requestsPerDelivered ?? Infinity) <= 1.17 : null,
      ),
      row(
        '429s received',
        '0',
        both((r) => String(r.whole.rateLimited)),
        two ? two.whole.rateLimited === 0 : null,
      ),
      row(
        'API requests per minute (submissions / list polls)',
        '≤ 120/min',
        both(
          (r) =>
            `${num(r.requestsPerMinute.total)} (${num(r.requestsPerMinute.submissions)} / ${num(r.requestsPerMinute.listPolls)})`,
        ),
        two ? two.requestsPerMinute.total <= 120 : null,
      ),
      row(
        'Completion → delivery lag p95, images / videos (sim s)',
        '–',
        both((r) => `${num(r.lagByTypeS.image.p95)} / ${num(r.lagByTypeS.video.p95)} s`),
        null,
      ),
      row(
        'Interaction → defer ack p99 (real ms)',
        '–',
        both((r) => `${num(r.ackMs.p99, 0)} ms`),
        null,
      ),
      row(
        'Jobs delivered twice',
        '0',
        both((r) => String(r.exactlyOnce?.duplicated ?? '–')),
        two?.exactlyOnce ? two.exactlyOnce.duplicated === 0 : null,
      ),
    ],
  };
}
