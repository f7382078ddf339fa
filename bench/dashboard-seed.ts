/**
 * A server with a long ledger for the dashboard's benchmark (dashboard-bench.ts): `entries` ledger
 * entries of `members` members over `days` UTC days ending at `now`, seeded. Written straight into
 * the quota's values, not through the service: the real journal takes a transaction per operation
 * (minutes for 100,000 entries on SQLite), and the dashboard only reads. The values are the
 * journal's all the same: each entry is applied with state.ts's functions, the ones the journal
 * applies (member states, the guild's value and its holders, the generation records), so the
 * service reads the seeded server as its own.
 *
 * The mix: reservations (a few dozen open at once), nine in ten charged (on the reservation's day,
 * also when settled after midnight) and the rest released, 3 % refunds, an admin's reset now and
 * then; at the end a few reservations still open and the last hour's generations in flight.
 */

import type { QuotaTx } from '../src/quota/backend.ts';
import { Ledger, type LedgerEntry } from '../src/quota/ledger.ts';
import { dayKey } from '../src/quota/periods.ts';
import {
  applyHoldings,
  applyToGuild,
  applyToMember,
  type EntryDraft,
  emptyGuild,
  emptyMember,
  type GenerationRecord,
  generationFromCharge,
  type MemberState,
  setHolder,
} from '../src/quota/state.ts';
import { seededRandom } from '../testkit/seeded-random.ts';

export interface DashboardSeed {
  guildId: string;
  /** Ledger entries written (the head seq). */
  entries: number;
  members: string[];
}

const MODELS = [
  'lang-4o-image',
  'nano-fruit-2',
  'dream-4.5',
  'quick-video-1',
  'motion-2.0-fast',
  'upscale-2',
];
/** Values written at once: sqlite3 queues them on one connection anyway. */
const WRITE_CHUNK = 500;

/** Seeds the guild's ledger and state values in `tx` (the quota's values outside transactions). */
export async function seedDashboardLedger(
  tx: QuotaTx,
  options: {
    guildId?: string;
    members?: number;
    entries?: number;
    days?: number;
    now: number;
    seed?: number;
  },
): Promise<DashboardSeed> {
  const guildId = options.guildId ?? '700000000000000001';
  const total = options.entries ?? 100_000;
  const days = options.days ?? 120;
  const random = seededRandom(options.seed ?? 33);
  const members = Array.from({ length: options.members ?? 5_000 }, (_, i) =>
    String(800_000_000_000_000_000n + BigInt(i)),
  );
  const guild = emptyGuild();
  const states = new Map<string, MemberState>();
  const gens = new Map<string, GenerationRecord>();
  const ledger = new Ledger(tx.ledger);
  const pending: Promise<void>[] = [];
  const flush = async (force = false) => {
    if (force || pending.length >= WRITE_CHUNK) await Promise.all(pending.splice(0));
  };
  const start = options.now - days * 86_400_000;
  let gen = 0;
  let nonce = 0;
  let reserves = 0;
  const open: { userId: string; reservationId: string; model: string; day: string; micros: number }[] = [];
  const charged: string[] = [];

  const append = async (draft: EntryDraft) => {
    const e: LedgerEntry = { ...draft, seq: guild.seq + 1, guildId };
    const m = states.get(e.userId) ?? emptyMember();
    states.set(e.userId, m);
    applyToMember(m, e);
    applyHoldings(m, e);
    setHolder(guild, e.userId, m);
    applyToGuild(guild, e);
    if (e.kind === 'charge' && e.generationId) gens.set(e.generationId, generationFromCharge(e));
    if (e.kind === 'refund' && e.generationId) {
      const g = gens.get(e.generationId);
      if (g) Object.assign(g, { refundedMicros: e.amountMicros, refundedAt: e.at, appliedSeq: e.seq });
    }
    pending.push(ledger.append(e));
    await flush();
  };

  while (guild.seq < total) {
    // Entries spread evenly over the days, in time order (as the journal writes them).
    const at = start + Math.floor(((guild.seq + 1) / total) * days * 86_400_000);
    const iso = new Date(at).toISOString();
    // Every member once, then a few spend most.
    const userId = members[
      reserves < members.length ? reserves : Math.floor(random() ** 2 * members.length)
    ] as string;
    const r = random();
    // Reservations opened as often as closed, a few dozen open at once.
    const opening = open.length < 20 || (open.length < 60 && random() < 0.5);
    if (r >= 0.035 && opening) {
      reserves += 1;
      const model = MODELS[Math.floor(random() * MODELS.length)] as string;
      const micros = 10_000 + Math.floor(random() * 490_000);
      const reservationId = `${guildId}:${userId}:${++nonce}`;
      open.push({ userId, reservationId, model, day: dayKey(at), micros });
      await append({
        kind: 'reserve',
        userId,
        reservationId,
        model,
        amountMicros: micros,
        day: dayKey(at),
        at: iso,
      });
    } else if (r >= 0.035 && random() < 0.9) {
      // The oldest open reservation charged (its day, even when settled after midnight).
      const o = open.shift() as (typeof open)[number];
      const generationId = `gen-${++gen}`;
      charged.push(generationId);
      await append({
        kind: 'charge',
        userId: o.userId,
        generationId,
        reservationId: o.reservationId,
        model: o.model,
        amountMicros: o.micros - Math.floor(random() * 5_000),
        reservedMicros: o.micros,
        day: o.day,
        at: iso,
      });
    } else if (r >= 0.035) {
      const o = open.shift() as (typeof open)[number];
      await append({
        kind: 'release',
        userId: o.userId,
        reservationId: o.reservationId,
        model: o.model,
        amountMicros: o.micros,
        day: o.day,
        at: iso,
      });
    } else if (r < 0.03 && charged.length > 0) {
      const g = gens.get(
        charged.splice(Math.floor(random() * charged.length), 1)[0] as string,
      ) as GenerationRecord;
      await append({
        kind: 'refund',
        userId: g.userId,
        generationId: g.generationId,
        ...(g.model === undefined ? {} : { model: g.model }),
        amountMicros: g.chargedMicros,
        day: g.day,
        at: iso,
      });
    } else {
      // An admin's reset of the member's day: its spend of today back to 0.
      const m = states.get(userId);
      const today = dayKey(at);
      const spent = m?.spend[today] ?? 0;
      await append({
        kind: 'adjust',
        userId,
        amountMicros: -spent,
        days: spent ? { [today]: -spent } : {},
        day: today,
        at: iso,
        by: 'admin',
      });
    }
  }
  // Generations charged in the last hour are still in flight; older ones finished.
  for (const [userId, m] of states) {
    for (const [id, at] of Object.entries(m.inFlight))
      if (Date.parse(at) < options.now - 3_600_000) delete m.inFlight[id];
    setHolder(guild, userId, m);
  }
  for (const g of gens.values()) {
    pending.push(tx.state.set(`gen:${g.generationId}`, g));
    await flush();
  }
  for (const [userId, m] of states) {
    pending.push(tx.state.set(`member:${guildId}:${userId}`, m));
    await flush();
  }
  await flush(true);
  // The commit point last, as the journal writes it.
  await tx.state.set(`guild:${guildId}`, guild);
  return { guildId, entries: guild.seq, members };
}
