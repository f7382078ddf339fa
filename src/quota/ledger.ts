/**
 * The append-only quota ledger: every change of a member's money, one value per entry, under
 * `{guildId}:{seq}` (seq zero-padded to 12 digits, so keys sort in order): the `quota-ledger` keyv
 * namespace, or Redis keys (redis/quota-backend.ts). Sequence numbers are per guild, consecutive from 1,
 * and handed out by the journal (journal.ts) inside the guild's transaction (transactions.ts); the guild's state
 * value remembers the last one applied (the head).
 *
 * The ledger is also the quota's write-ahead journal: an entry is written before the state values
 * it changes and carries everything needed to apply it again (see journal.ts), so an entry is never
 * changed or deleted once written.
 */
import type { Micros } from '../money.ts';
import type { Values } from './backend.ts';
import { type DayKey, dayInPeriod, dayStart, type Period, periodStart } from './periods.ts';

export type LedgerKind = 'reserve' | 'charge' | 'release' | 'refund' | 'adjust' | 'topup';

/** One change of a member's money. */
export interface LedgerEntry {
  /** Position in the guild's ledger, 1, 2, 3… */
  seq: number;
  guildId: string;
  userId: string;
  generationId?: string;
  reservationId?: string;
  model?: string;
  /**
   * reserve: the quote held; release: the hold given back; charge: the price the service charged;
   * refund: the charge returned; adjust: the change of the member's spend (negative for a reset);
   * topup: a purchase credited to the member's top-up, or (negative) the part of a refunded one
   * taken back.
   */
  amountMicros: Micros;
  kind: LedgerKind;
  /** When the entry was written (ISO 8601). */
  at: string;
  /**
   * The UTC day the money belongs to: the reservation's day for reserve, release and charge (a
   * rollover between reserving and settling does not move money to the next period), the charge's
   * day for a refund, today for an adjust.
   */
  day: DayKey;
  /** The admin who made the change (adjust). */
  by?: string;
  note?: string;
  /** charge: the reservation it replaces (0 when the reservation was already released or expired). */
  reservedMicros?: Micros;
  /** adjust: the change of the member's spend per UTC day (for a reset: minus each day of the period). */
  days?: Record<DayKey, Micros>;
  /** adjust: the admin change's own id, by which a reset that landed after its answer said it failed is found. */
  changeId?: string;
  /**
   * reserve, charge, refund: the part of the amount held from, drawn from or given back to the
   * member's top-up rather than the period's allowance (absent: none).
   */
  topupMicros?: Micros;
  /** topup: the Discord entitlement it credits or takes back, and its SKU. */
  entitlementId?: string;
  skuId?: string;
  /** topup (a take-back): the part of the refunded purchase already spent, recorded as owed. */
  owedMicros?: Micros;
}

const SEQ_DIGITS = 12;
const BATCH = 100;

/** Reads and appends ledger entries. */
export class Ledger {
  private readonly values: Values;

  constructor(values: Values) {
    this.values = values;
  }

  private key(guildId: string, seq: number): string {
    return `${guildId}:${String(seq).padStart(SEQ_DIGITS, '0')}`;
  }

  /** Writes one entry (its seq is assigned by the caller, under the guild's lock). */
  async append(entry: LedgerEntry): Promise<void> {
    await this.values.set(this.key(entry.guildId, entry.seq), entry);
  }

  /** The entry at `seq`, if it was written. */
  async get(guildId: string, seq: number): Promise<LedgerEntry | undefined> {
    return this.values.get<LedgerEntry>(this.key(guildId, seq));
  }

  /** The entries at `seqs` that exist, in the order asked. */
  async getMany(guildId: string, seqs: readonly number[]): Promise<LedgerEntry[]> {
    if (seqs.length === 0) return [];
    const found = await this.values.getMany<LedgerEntry>(seqs.map((seq) => this.key(guildId, seq)));
    return found.filter((e): e is LedgerEntry => e !== undefined);
  }

  /**
   * Walks the guild's ledger backwards from `headSeq`, newest first, in batches; stops when `visit`
   * returns false or after `maxScan` entries.
   */
  async scanBack(
    guildId: string,
    headSeq: number,
    visit: (entry: LedgerEntry) => boolean,
    maxScan = Number.POSITIVE_INFINITY,
  ): Promise<void> {
    let seq = headSeq;
    let scanned = 0;
    while (seq >= 1 && scanned < maxScan) {
      const count = Math.min(BATCH, seq, maxScan - scanned);
      const seqs = Array.from({ length: count }, (_, i) => seq - i);
      const entries = await this.getMany(guildId, seqs);
      for (const entry of entries) if (!visit(entry)) return;
      scanned += count;
      seq -= count;
    }
  }

  /** The guild's latest entries, newest first, optionally of one member (looking at most `maxScan` back). */
  async recent(
    guildId: string,
    headSeq: number,
    options: { limit: number; userId?: string; maxScan?: number },
  ): Promise<LedgerEntry[]> {
    const out: LedgerEntry[] = [];
    if (options.limit <= 0) return out;
    await this.scanBack(
      guildId,
      headSeq,
      (entry) => {
        if (options.userId === undefined || entry.userId === options.userId) out.push(entry);
        return out.length < options.limit;
      },
      options.maxScan,
    );
    return out;
  }

  /**
   * The entries whose money belongs to the period containing `at` (by their `day`), newest first.
   * Entries are written in time order and an entry's day is never after the day it was written, so
   * the walk stops at the first entry written before the period started.
   */
  async forPeriod(
    guildId: string,
    headSeq: number,
    period: Period,
    at: Date | number,
  ): Promise<LedgerEntry[]> {
    const start = periodStart(period, at).getTime();
    const out: LedgerEntry[] = [];
    await this.scanBack(guildId, headSeq, (entry) => {
      if (Date.parse(entry.at) < start) return false;
      if (dayInPeriod(entry.day, period, at)) out.push(entry);
      return true;
    });
    return out;
  }

  /**
   * The entries whose money belongs to `fromDay` or a later day, newest first: the walk stops at
   * the first entry written before that day began (an entry's day is never after its writing).
   * A refund written in the window for a charge of an earlier day is left out, with its charge.
   */
  async since(guildId: string, headSeq: number, fromDay: DayKey): Promise<LedgerEntry[]> {
    const start = dayStart(fromDay).getTime();
    const out: LedgerEntry[] = [];
    await this.scanBack(guildId, headSeq, (entry) => {
      if (Date.parse(entry.at) < start) return false;
      if (entry.day >= fromDay) out.push(entry);
      return true;
    });
    return out;
  }
}
