/**
 * The quota's stored shapes (namespace `quota`) and the pure changes a ledger entry makes to them:
 * the same functions serve the normal path and the replay of the journal after a crash.
 *
 *   guild:{guildId}              GuildState: ledger head seq, open reservations, generations in
 *                                flight, all members' charges per UTC day
 *   member:{guildId}:{userId}    MemberState: spend per UTC day, lifetime spend, last generations,
 *                                last ledger seqs
 *   gen:{generationId}           GenerationRecord: where a generation belongs, its charge, refund
 */
import type { Micros } from '../money.ts';
import type { LedgerEntry } from './ledger.ts';
import { type DayKey, dayInPeriod, dayKey, type Period, periodEnd } from './periods.ts';
import { defaultAllowance, type GuildSettings, type QuotaDefaults } from './settings.ts';
import type { BudgetFigures } from './types.ts';

/** Day buckets older than this are dropped: more than any period but `total` (kept as a sum) needs. */
const RETAIN_DAYS = 70;
const RECENT_GENERATIONS = 10;
const RECENT_SEQS = 50;

// ---- stored state -----------------------------------------------------------------------------

export interface OpenReservation {
  userId: string;
  micros: Micros;
  day: DayKey;
  model?: string;
  at: string;
}

export interface GuildState {
  /** The last ledger seq applied: the commit point. */
  seq: number;
  /** Charges minus refunds of all members per UTC day (admin adjustments do not count here). */
  spend: Record<DayKey, Micros>;
  lifetimeMicros: Micros;
  open: Record<string, OpenReservation>;
  inFlight: Record<string, { userId: string; at: string }>;
}

export interface MemberState {
  appliedSeq: number;
  /** Charges minus refunds plus adjustments per UTC day. */
  spend: Record<DayKey, Micros>;
  lifetimeMicros: Micros;
  /** Generation ids, newest first. */
  recentGenerations: string[];
  /** Ledger seqs, newest first. */
  recentSeqs: number[];
}

export interface GenerationRecord {
  generationId: string;
  guildId: string;
  userId: string;
  reservationId?: string;
  model?: string;
  chargedMicros: Micros;
  /** The day the charge belongs to. */
  day: DayKey;
  at: string;
  /** Seq of the charge entry; the generation is charged only if that entry is its charge. */
  chargeSeq: number;
  appliedSeq: number;
  refundedMicros?: Micros;
  refundedAt?: string;
}

export type EntryDraft = Omit<LedgerEntry, 'seq' | 'guildId'>;

// ---- pure state changes (the same for the normal path and for replay) ----------------------------

export function addDay(spend: Record<DayKey, Micros>, day: DayKey, micros: Micros): void {
  const next = (spend[day] ?? 0) + micros;
  if (next === 0) delete spend[day];
  else spend[day] = next;
}

export function pruneDays(spend: Record<DayKey, Micros>, at: string): void {
  const oldest = dayKey(Date.parse(at) - RETAIN_DAYS * 86_400_000);
  for (const day of Object.keys(spend)) if (day < oldest) delete spend[day];
}

export function applyToGuild(state: GuildState, e: LedgerEntry): void {
  switch (e.kind) {
    case 'reserve':
      if (e.reservationId) {
        state.open[e.reservationId] = {
          userId: e.userId,
          micros: e.amountMicros,
          day: e.day,
          at: e.at,
          ...(e.model === undefined ? {} : { model: e.model }),
        };
      }
      break;
    case 'release':
      if (e.reservationId) delete state.open[e.reservationId];
      break;
    case 'charge':
      if (e.reservationId) delete state.open[e.reservationId];
      addDay(state.spend, e.day, e.amountMicros);
      state.lifetimeMicros += e.amountMicros;
      if (e.generationId) state.inFlight[e.generationId] = { userId: e.userId, at: e.at };
      break;
    case 'refund':
      addDay(state.spend, e.day, -e.amountMicros);
      state.lifetimeMicros -= e.amountMicros;
      if (e.generationId) delete state.inFlight[e.generationId];
      break;
    case 'adjust':
      // The budget counts what the service charged: a member's reset gives the member room, not the server.
      break;
  }
  pruneDays(state.spend, e.at);
  state.seq = e.seq;
}

export function applyToMember(state: MemberState, e: LedgerEntry): void {
  switch (e.kind) {
    case 'charge':
      addDay(state.spend, e.day, e.amountMicros);
      state.lifetimeMicros += e.amountMicros;
      if (e.generationId) {
        const id = e.generationId;
        state.recentGenerations = [id, ...state.recentGenerations.filter((g) => g !== id)].slice(
          0,
          RECENT_GENERATIONS,
        );
      }
      break;
    case 'refund':
      addDay(state.spend, e.day, -e.amountMicros);
      state.lifetimeMicros -= e.amountMicros;
      break;
    case 'adjust':
      for (const [day, micros] of Object.entries(e.days ?? {})) addDay(state.spend, day, micros);
      state.lifetimeMicros += e.amountMicros;
      break;
    case 'reserve':
    case 'release':
      break;
  }
  pruneDays(state.spend, e.at);
  state.recentSeqs = [e.seq, ...state.recentSeqs].slice(0, RECENT_SEQS);
  state.appliedSeq = e.seq;
}

export function generationFromCharge(e: LedgerEntry): GenerationRecord {
  return {
    generationId: e.generationId ?? '',
    guildId: e.guildId,
    userId: e.userId,
    ...(e.reservationId === undefined ? {} : { reservationId: e.reservationId }),
    ...(e.model === undefined ? {} : { model: e.model }),
    chargedMicros: e.amountMicros,
    day: e.day,
    at: e.at,
    chargeSeq: e.seq,
    appliedSeq: e.seq,
  };
}

export function emptyGuild(): GuildState {
  return { seq: 0, spend: {}, lifetimeMicros: 0, open: {}, inFlight: {} };
}

export function emptyMember(): MemberState {
  return { appliedSeq: 0, spend: {}, lifetimeMicros: 0, recentGenerations: [], recentSeqs: [] };
}

/** Spend within the period containing `now`; never below 0 (a refund after a reset can push it there). */
export function spentIn(
  spend: Record<DayKey, Micros>,
  lifetime: Micros,
  period: Period,
  now: number,
): Micros {
  if (period === 'total') return Math.max(0, lifetime);
  let sum = 0;
  for (const [day, micros] of Object.entries(spend)) if (dayInPeriod(day, period, now)) sum += micros;
  return Math.max(0, sum);
}

/** Open reservations whose money belongs to the period containing `now`, of one member or all. */
export function reservedIn(
  state: GuildState,
  userId: string | undefined,
  period: Period,
  now: number,
): Micros {
  let sum = 0;
  for (const r of Object.values(state.open)) {
    if ((userId === undefined || r.userId === userId) && dayInPeriod(r.day, period, now)) sum += r.micros;
  }
  return sum;
}

export function inFlightOf(state: GuildState, userId: string): number {
  let n = 0;
  for (const r of Object.values(state.open)) if (r.userId === userId) n++;
  for (const g of Object.values(state.inFlight)) if (g.userId === userId) n++;
  return n;
}

// ---- validation -------------------------------------------------------------------------------

export function checkId(name: string, value: string, allowColon = false): void {
  // Guild and user ids go into reservation ids, separated by ':'; Discord snowflakes are digits.
  if (typeof value !== 'string' || value.length === 0 || (!allowColon && value.includes(':'))) {
    throw new TypeError(`${name} must be a non-empty string without ':' (got ${JSON.stringify(value)})`);
  }
}

export function checkMicros(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of micro-USD (got ${value})`);
  }
}

export function parseReservationId(reservationId: string): { guildId: string; userId: string } {
  const parts = typeof reservationId === 'string' ? reservationId.split(':') : [];
  const [guildId, userId, nonce] = parts;
  if (parts.length !== 3 || !guildId || !userId || !nonce) {
    throw new TypeError(`not a reservation id: ${JSON.stringify(reservationId)}`);
  }
  return { guildId, userId };
}

/** The server budget's figures for its period (the default allowance's period). */
export function budgetFiguresOf(
  guild: GuildState,
  settings: GuildSettings,
  defaults: QuotaDefaults,
  now: number,
): BudgetFigures {
  const { period } = defaultAllowance(settings, defaults);
  const spentMicros = spentIn(guild.spend, guild.lifetimeMicros, period, now);
  const reservedMicros = reservedIn(guild, undefined, period, now);
  return {
    budgetMicros: settings.budgetMicros,
    period,
    spentMicros,
    reservedMicros,
    remainingMicros: Math.max(0, settings.budgetMicros - spentMicros - reservedMicros),
    resetsAt: periodEnd(period, now),
  };
}
