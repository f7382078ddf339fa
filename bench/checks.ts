/**
 * What a run must get right whatever its speed, from the recorded data: every job's result
 * delivered exactly once, and the members' jobs submitted in fair turns.
 */
import { MessageFlags } from 'discord.js';
import type { RecordedRequest } from '../src/sim/server.ts';
import type { RecordedCall } from '../testkit/fake-discord.ts';
import type { SentGenerate } from './driver.ts';
import { kindOf } from './request-kinds.ts';
import { type Spread, spread } from './statistics.ts';

/** Result deliveries per job, see exactlyOnce. */
export interface ExactlyOnce {
  jobs: number;
  deliveredOnce: number;
  duplicated: number;
  missing: number;
  doneReportedTwice: number;
}

/** Fair turns in a burst, see fairness. */
export interface Fairness {
  batchSize: number;
  /** Members whose first job had to wait for others' jobs (the rest went out on arrival). */
  queuedMembers: number;
  /**
   * Over all members: the most jobs of ONE other member submitted after the member arrived and
   * before its first job was submitted. First come first served shows the whole batch here (the
   * batch size); strict turns show 1, plus whatever was already handed to the rate limiter.
   */
  maxJobsOfOneOtherMemberAhead: number;
  /** Members who waited behind another member's whole batch (every job of it went first). */
  membersBehindAWholeBatch: number;
  /** Clock seconds from a member's first interaction to its first submission. */
  firstSubmissionWaitS: Spread;
}

/**
 * Result deliveries per job, counted at the fake Discord: every call that put a finished result
 * in front of the member (an edit or message carrying the result card, a Components V2 message), matched to its
 * job by the interaction token (webhook edits) or the reply message id (bot-token edits, channel
 * posts). Also counts jobs the bot reported done more than once.
 */
export function exactlyOnce(generates: SentGenerate[], calls: RecordedCall[]): ExactlyOnce {
  const byToken = new Map<string, SentGenerate>();
  const byMessage = new Map<string, SentGenerate>();
  for (const s of generates) {
    byToken.set(s.token, s);
    const messageId = s.job?.reply.messageId;
    if (messageId) byMessage.set(messageId, s);
  }
  const count = new Map<SentGenerate, number>();
  for (const c of calls) {
    if (!['webhookEdit', 'messageEdit', 'channelMessage', 'webhookFollowup'].includes(c.route)) continue;
    const body = c.body as { flags?: number; message_reference?: { message_id?: string } };
    // Only the result card is a Components V2 message; progress and failure are embeds.
    if (((body?.flags ?? 0) & MessageFlags.IsComponentsV2) === 0) continue;
    const segments = c.path.split('/');
    const owner =
      (c.route.startsWith('webhook') ? byToken.get(segments[3] ?? '') : undefined) ??
      byMessage.get(segments[4] ?? '') ??
      byMessage.get(body.message_reference?.message_id ?? '');
    if (owner) count.set(owner, (count.get(owner) ?? 0) + 1);
  }
  // Every interaction should have become a completed job (the simulator injects no failures here).
  let deliveredOnce = 0;
  let duplicated = 0;
  let missing = 0;
  for (const s of generates) {
    const n = count.get(s) ?? 0;
    if (n === 1) deliveredOnce++;
    else if (n > 1) duplicated++;
    else missing++;
  }
  const doneReportedTwice = generates.filter((s) => (s.doneCount ?? 0) > 1).length;
  return { jobs: generates.length, deliveredOnce, duplicated, missing, doneReportedTwice };
}

/**
 * Fairness of the submission order in a burst. The order is the simulator's: POST /generations
 * answered 201, each mapped to its interaction by its unique prompt.
 */
export function fairness(generates: SentGenerate[], requests: RecordedRequest[]): Fairness {
  const byPrompt = new Map(generates.map((s) => [s.arrival.prompt, s]));
  const order: { s: SentGenerate; at: number }[] = [];
  for (const r of requests) {
    if (kindOf(r) !== 'submissions' || r.status !== 201) continue;
    const prompt = (r.body as { prompt?: string } | undefined)?.prompt;
    const s = prompt ? byPrompt.get(prompt) : undefined;
    if (s) order.push({ s, at: r.at });
  }
  const members = new Map<string, { arrived: number; batch: number }>();
  for (const s of generates) {
    const m = members.get(s.arrival.member);
    if (!m) members.set(s.arrival.member, { arrived: s.sentClock, batch: 1 });
    else {
      m.arrived = Math.min(m.arrived, s.sentClock);
      m.batch++;
    }
  }
  let queuedMembers = 0;
  let maxAhead = 0;
  let behindWholeBatch = 0;
  const waits: number[] = [];
  for (const [member, { arrived }] of members) {
    const firstIndex = order.findIndex((o) => o.s.arrival.member === member);
    const first = order[firstIndex];
    if (!first) continue;
    waits.push((first.at - arrived) / 1000);
    // Jobs of other members that went out after this member arrived and before its first job.
    const ahead = new Map<string, number>();
    for (const o of order.slice(0, firstIndex)) {
      if (o.at < arrived) continue;
      ahead.set(o.s.arrival.member, (ahead.get(o.s.arrival.member) ?? 0) + 1);
    }
    if (ahead.size === 0) continue;
    queuedMembers++;
    maxAhead = Math.max(maxAhead, ...ahead.values());
    if ([...ahead].some(([other, n]) => n >= (members.get(other)?.batch ?? Infinity))) behindWholeBatch++;
  }
  return {
    batchSize: Math.max(...[...members.values()].map((m) => m.batch)),
    queuedMembers,
    maxJobsOfOneOtherMemberAhead: maxAhead,
    membersBehindAWholeBatch: behindWholeBatch,
    firstSubmissionWaitS: spread(waits),
  };
}
