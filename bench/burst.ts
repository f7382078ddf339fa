/**
 * The burst's section: every member's batch within seconds (SETTINGS.burst), with the list-first
 * poller beside the naive one, and its acknowledgements with the SQLite file on disk (burst-disk).
 */
import type { RunFigures } from './metrics.ts';
import { SETTINGS } from './scenarios.ts';
import { limited, ms, num, processRows, requestsRow, type Section, secs, times } from './section.ts';

export function burstSection(bot: RunFigures, naive: RunFigures, disk: RunFigures): Section {
  const b = SETTINGS.burst;
  const n = bot.interactions;
  const once = (f: RunFigures) =>
    f.exactlyOnce
      ? `${f.exactlyOnce.deliveredOnce}/${f.exactlyOnce.jobs} (${f.exactlyOnce.duplicated} twice, ${f.exactlyOnce.missing} missing)`
      : '–';
  const fair = (f: RunFigures) =>
    f.fairness ? `${f.fairness.maxJobsOfOneOtherMemberAhead}; ${f.fairness.membersBehindAWholeBatch}` : '–';
  const lowerBound = Math.ceil((n / SETTINGS.rateLimitPerMinute) * 60);
  return {
    title: `Burst: ${n} /imagine and /video from ${b.members} members (${b.perMember} each, batches back to back) within ${b.windowMs / 1000} s, played in real time`,
    rows: [
      {
        metric: 'Interactions acknowledged within 3 s',
        target: `${n}/${n}`,
        bot: `${bot.ackMs.within3s}/${n}`,
        pass: bot.ackMs.within3s === n,
        naive: `${naive.ackMs.within3s}/${naive.interactions}`,
        comparison: '',
      },
      {
        metric: 'Interaction → defer ack p50 / p99 / max (real ms)',
        target: 'p99 ≤ 50 ms',
        bot: ms(bot.ackMs, ['p50', 'p99', 'max']),
        pass: bot.ackMs.p99 !== null && bot.ackMs.p99 <= 50,
        naive: ms(naive.ackMs, ['p50', 'p99', 'max']),
        comparison: '',
      },
      {
        metric:
          "The same with the SQLite file on this machine's disk: acknowledged within 3 s; ack p50 / p99 / max (real ms)",
        target: `${n}/${n}; p99 ≤ 50 ms`,
        bot: `${disk.ackMs.within3s}/${disk.interactions}; ${ms(disk.ackMs, ['p50', 'p99', 'max'])}`,
        pass: disk.ackMs.within3s === disk.interactions && disk.ackMs.p99 !== null && disk.ackMs.p99 <= 50,
        naive: '–',
        comparison: '',
      },
      {
        metric: 'Jobs delivered exactly once',
        target: `${n}/${n}`,
        bot: once(bot),
        pass: bot.exactlyOnce?.deliveredOnce === n && bot.exactlyOnce.doneReportedTwice === 0,
        naive: once(naive),
        comparison: '',
      },
      {
        metric: `Fair turns: most jobs of one other member sent ahead of a member's first job; members who waited behind a whole batch`,
        target: `< ${bot.fairness?.batchSize ?? b.perMember} (FCFS: ${bot.fairness?.batchSize ?? b.perMember}); 0`,
        bot: fair(bot),
        pass:
          bot.fairness !== undefined &&
          bot.fairness.maxJobsOfOneOtherMemberAhead < bot.fairness.batchSize &&
          bot.fairness.membersBehindAWholeBatch === 0,
        naive: fair(naive),
        comparison: '',
      },
      {
        metric: `A member's wait for its first submission p50 / max (sim s)`,
        target: '–',
        bot: bot.fairness ? secs(bot.fairness.firstSubmissionWaitS, ['p50', 'max']) : '–',
        pass: null,
        naive: naive.fairness ? secs(naive.fairness.firstSubmissionWaitS, ['p50', 'max']) : '–',
        comparison: '',
      },
      {
        metric: 'Time until every burst job is delivered (sim s)',
        target: `– (≥ ${lowerBound} s: ${n} submissions at ${SETTINGS.rateLimitPerMinute}/min)`,
        bot: bot.allDeliveredS ? `${num(bot.allDeliveredS, 0)} s` : 'not all delivered',
        pass: null,
        naive: naive.allDeliveredS ? `${num(naive.allDeliveredS, 0)} s` : 'not all delivered',
        comparison:
          bot.allDeliveredS && naive.allDeliveredS
            ? `naive ×${(naive.allDeliveredS / bot.allDeliveredS).toFixed(1)} longer`
            : '',
      },
      {
        metric: 'Generations per simulated minute (all delivered / time until the last)',
        target: '–',
        bot: `${num(bot.generationsPerMinute)}/min`,
        pass: null,
        naive: `${num(naive.generationsPerMinute)}/min`,
        comparison: times(bot.generationsPerMinute, naive.generationsPerMinute),
      },
      requestsRow(bot, naive),
      {
        metric: 'Requests per delivered generation (whole run)',
        target: '– (steady: ≤ 1.2)',
        bot: num(bot.requestsPerDelivered, 2),
        pass: null,
        naive: num(naive.requestsPerDelivered, 2),
        comparison: '',
      },
      {
        metric: '429s received (how early each was, p50 / max sim ms)',
        target: '0',
        bot: limited(bot),
        pass: bot.whole.rateLimited === 0,
        naive: limited(naive),
        comparison: '',
      },
      {
        metric: 'Completion → delivery lag p50 / p95 / max (sim s)',
        target: '–',
        bot: secs(bot.lagS, ['p50', 'p95', 'max']),
        pass: null,
        naive: secs(naive.lagS, ['p50', 'p95', 'max']),
        comparison: '',
      },
      {
        metric: "Peak RSS of the bot's process during the burst (V8 heap committed / used at the peak)",
        target: '≤ 160 MB',
        bot: `${num(bot.peakRssMb, 0)} MB${bot.atPeakMb ? ` (${num(bot.atPeakMb.heapTotal, 0)} / ${num(bot.atPeakMb.heapUsed, 0)} MB)` : ''}`,
        pass: bot.peakRssMb <= 160,
        naive: `${num(naive.peakRssMb, 0)} MB`,
        comparison: '',
      },
      ...processRows(bot, naive).slice(0, 1),
    ],
  };
}
