/**
 * The dashboard's digest of one guild's ledger (dashboard.ts keeps one per guild and process):
 * what /quota report and /usage compute from the ledger and the member states, added up as the
 * entries come, so that a page reads only the entries written since the last one.
 *
 * It is folded from seq 1, not from 90 days back: the members' table lists everyone who ever had
 * an entry, a `total` period counts a member's lifetime spend (charges, refunds and resets since
 * the first entry), and the ledger has no index by day to start from anyway. So the first page
 * of a guild reads the whole ledger once per process (see bench/dashboard-bench.ts), and every
 * later page only the new entries. What is kept is bounded: the spend's days of the longest
 * report (90), and per member the days of the longest period but `total` and three figures.
 *
 * The folds are the ones of state.ts (applyToMember: the member's spend) and spend-report.ts
 * (buildSpendReport: charges and refunds by the day their money belongs to), so the figures are
 * theirs to the micro-dollar; the tests compare them on real stores.
 */
import type { Micros } from '../money.ts';
import type { LedgerEntry } from './ledger.ts';
import { type DayKey, dayKey } from './periods.ts';
import {
  MAX_REPORT_DAYS,
  reportDays,
  type SpendPoint,
  seriesOfCells,
  TOP_MEMBERS,
  TOP_MODELS,
  UNKNOWN_MODEL,
} from './spend-report.ts';
import type { ServerSpend } from './types.ts';

const DAY_MS = 86_400_000;
/**
 * A member's days kept: the longest period but `total` is a month (31 days), and a page's clock
 * is never before the entries' (a little margin for the clocks of other processes).
 */
const MEMBER_DAYS = 40;

/** The charges and refunds of one UTC day (by the day their money belongs to). */
interface DaySpend {
  chargedMicros: Micros;
  refundedMicros: Micros;
  /** Charges and refunds: the report's CSV rows of the day. */
  count: number;
  /** Net spend by user id; a member whose charge was refunded the same day keeps a 0. */
  byMember: Map<string, Micros>;
  /** Net spend by model (UNKNOWN_MODEL without one). */
  byModel: Map<string, Micros>;
}

/** What a member's line in the table is computed from (the rest comes from the guild's value). */
export interface MemberDigest {
  /** Charges less refunds plus resets per UTC day (MemberState.spend), the last MEMBER_DAYS. */
  spend: Map<DayKey, Micros>;
  /** MemberState.lifetimeMicros: for a `total` period. */
  lifetimeMicros: Micros;
  /** The latest charge. */
  last?: { generationId: string; model?: string; at: string };
}

export class GuildDigest {
  /** The last seq folded. */
  seq = 0;
  readonly members = new Map<string, MemberDigest>();
  private readonly days = new Map<DayKey, DaySpend>();
  /** The last spend answered per span, with what it was answered for (spend). */
  private readonly spendKept = new Map<number, { key: string; spend: ServerSpend }>();
  /** The oldest day whose spend is complete here: days before it are dropped, or were never read. */
  private floorDay: DayKey;
  private floorFor = { day: '', oldest: '' };

  /** `now`: when the digest starts; spend is kept for the MAX_REPORT_DAYS ending that day, and later ones. */
  constructor(now: number) {
    this.floorDay = oldestReportDay(now);
  }

  /** Whether a report ending on the day of `now` finds every day it covers here. */
  covers(now: number): boolean {
    return oldestReportDay(now) >= this.floorDay;
  }

  /** Adds entries seq+1, seq+2… in order (the caller reads them so). */
  fold(entries: readonly LedgerEntry[]): void {
    for (const e of entries) {
      if (e.seq !== this.seq + 1) throw new Error(`dashboard: ledger entry ${e.seq} after ${this.seq}`);
      this.foldMember(e);
      if ((e.kind === 'charge' || e.kind === 'refund') && e.day >= this.floorDay) this.foldSpend(e);
      this.seq = e.seq;
    }
  }

  /** Drops the days no report ending on the day of `now` covers. */
  prune(now: number): void {
    const floor = oldestReportDay(now);
    if (floor <= this.floorDay) return;
    this.floorDay = floor;
    for (const day of this.days.keys()) if (day < floor) this.days.delete(day);
  }

  /** /quota report's figures for the `days` days ending on the day of `now`, without its entries. */
  /**
   * The spend of `days` ending today, kept until an entry is folded or the day turns: a page asks
   * it each time, and adding up 90 days of cells and ranking thousands of members cost more than
   * the rest of the page.
   */
  spend(days: number, now: number): ServerSpend {
    const key = `${days}:${dayKey(now)}:${this.seq}`;
    const kept = this.spendKept.get(days);
    if (kept?.key === key) return kept.spend;
    const spend = this.spendOf(days, now);
    this.spendKept.set(days, { key, spend });
    return spend;
  }

  private spendOf(days: number, now: number): ServerSpend {
    const window = reportDays(days, now);
    let chargedMicros = 0;
    let refundedMicros = 0;
    let entryCount = 0;
    const memberCells: SpendPoint[] = [];
    const modelCells: SpendPoint[] = [];
    for (const day of window) {
      const d = this.days.get(day);
      if (!d) continue;
      chargedMicros += d.chargedMicros;
      refundedMicros += d.refundedMicros;
      entryCount += d.count;
      for (const [key, micros] of d.byMember) memberCells.push({ day, key, micros });
      for (const [key, micros] of d.byModel) modelCells.push({ day, key, micros });
    }
    return {
      days: window,
      chargedMicros,
      refundedMicros,
      netMicros: chargedMicros - refundedMicros,
      byMember: seriesOfCells(memberCells, TOP_MEMBERS),
      byModel: seriesOfCells(modelCells, TOP_MODELS),
      entryCount,
    };
  }

  /** As state.ts applyToMember changes MemberState's spend and lifetime, and the latest charge. */
  private foldMember(e: LedgerEntry): void {
    const oldest = this.memberFloor(e.at);
    let m = this.members.get(e.userId);
    if (!m) {
      m = { spend: new Map(), lifetimeMicros: 0 };
      this.members.set(e.userId, m);
    }
    switch (e.kind) {
      // The allowance's part only: what a top-up paid is no period's spend (state.ts).
      case 'charge':
        addDay(m, e.day, e.amountMicros - (e.topupMicros ?? 0), oldest);
        m.lifetimeMicros += e.amountMicros - (e.topupMicros ?? 0);
        if (e.generationId) {
          m.last = {
            generationId: e.generationId,
            ...(e.model === undefined ? {} : { model: e.model }),
            at: e.at,
          };
        }
        break;
      case 'refund':
        addDay(m, e.day, -(e.amountMicros - (e.topupMicros ?? 0)), oldest);
        m.lifetimeMicros -= e.amountMicros - (e.topupMicros ?? 0);
        break;
      case 'adjust':
        for (const [day, micros] of Object.entries(e.days ?? {})) addDay(m, day, micros, oldest);
        m.lifetimeMicros += e.amountMicros;
        break;
      case 'reserve':
      case 'release':
        // Holds: the guild's value has them as they stand (dashboard.ts), with what `finish` changed
        // without an entry.
        break;
    }
  }

  /** The oldest day a member keeps, MEMBER_DAYS before the entry's: worked out once a day of entries. */
  private memberFloor(at: string): DayKey {
    const day = at.slice(0, 10);
    if (day !== this.floorFor.day) {
      this.floorFor = { day, oldest: dayKey(Date.parse(at) - MEMBER_DAYS * DAY_MS) };
    }
    return this.floorFor.oldest;
  }

  /** As buildSpendReport counts an entry: charged or refunded on its day, by member and by model. */
  private foldSpend(e: LedgerEntry): void {
    let d = this.days.get(e.day);
    if (!d) {
      d = { chargedMicros: 0, refundedMicros: 0, count: 0, byMember: new Map(), byModel: new Map() };
      this.days.set(e.day, d);
    }
    const micros = e.kind === 'charge' ? e.amountMicros : -e.amountMicros;
    if (e.kind === 'charge') d.chargedMicros += e.amountMicros;
    else d.refundedMicros += e.amountMicros;
    d.count += 1;
    d.byMember.set(e.userId, (d.byMember.get(e.userId) ?? 0) + micros);
    const model = e.model ?? UNKNOWN_MODEL;
    d.byModel.set(model, (d.byModel.get(model) ?? 0) + micros);
  }
}

/** The first day of the longest report ending on the day of `now`. */
function oldestReportDay(now: number): DayKey {
  return reportDays(MAX_REPORT_DAYS, now)[0] as DayKey;
}

/** A member's day; a new day drops the days older than `oldest`. */
function addDay(m: MemberDigest, day: DayKey, micros: Micros, oldest: DayKey): void {
  const before = m.spend.get(day);
  if (before === undefined) for (const d of m.spend.keys()) if (d < oldest) m.spend.delete(d);
  m.spend.set(day, (before ?? 0) + micros);
}
