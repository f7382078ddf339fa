/**
 * The quota's stored shapes (namespace `quota`) and the pure changes a ledger entry makes to them:
 * the same functions serve the normal path and the replay of the journal after a crash.
 *
 *   guild:{guildId}              GuildState: ledger head seq, all members' charges per UTC day, and
 *                                a line per member holding open reservations or generations in
 *                                flight (counts, money reserved per day, oldest open reservation)
 *   member:{guildId}:{userId}    MemberState: spend per UTC day, lifetime spend, last generations,
 *                                last ledger seqs, its open reservations and generations in flight
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

/** An open reservation, in its member's state. */
export interface OpenReservation {
  micros: Micros;
  /** The part held from the member's top-up (the rest from the period's allowance). */
  topupMicros?: Micros;
  day: DayKey;
  model?: string;
  at: string;
}

/**
 * The guild's line for a member holding open reservations or generations in flight, derived from
 * the member's state (holderOf) whenever that changes. It keeps the guild's value as large as the
 * number of such members, not of reservations: every operation reads and writes the guild's
 * value, and a queue of hundreds of reservations made that O(queue) (the benchmark's profile).
 */
export interface Holder {
  open: number;
  inFlight: number;
  /** The open reservations' money per UTC day (the server budget's reserved figure). */
  reserved: Record<DayKey, Micros>;
  /** When the oldest open reservation was made: the first to expire. */
  oldestOpenAt?: string;
}

export interface GuildState {
  /** The last ledger seq applied: the commit point. */
  seq: number;
  /** Charges minus refunds of all members per UTC day (admin adjustments do not count here). */
  spend: Record<DayKey, Micros>;
  lifetimeMicros: Micros;
  /** By user id; a member holding nothing has no line. */
  holders: Record<string, Holder>;
}

/** The guild's value as it was stored before the holders (the open reservations and generations in flight in it). */
export interface LegacyGuildState extends Omit<GuildState, 'holders'> {
  open: Record<string, OpenReservation & { userId: string }>;
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
  /** Open reservations by reservation id. */
  open: Record<string, OpenReservation>;
  /** Generations charged and neither finished nor refunded: generation id → when charged. */
  inFlight: Record<string, string>;
  /** Top-ups credited, net of what refunds took back (never resets); absent: none. */
  topupMicros?: Micros;
  /** What charges drew from the top-up, net of refunds. */
  topupUsedMicros?: Micros;
  /** What refunded purchases had already spent: owed by the member. */
  topupOwedMicros?: Micros;
}

/** A purchase credited to a member's top-up (`topup:{entitlementId}`): credited once, taken back once. */
export interface TopupRecord {
  entitlementId: string;
  guildId: string;
  userId: string;
  micros: Micros;
  /** Seq of the credit entry; it counts only if that entry is its credit. */
  creditSeq: number;
  appliedSeq: number;
  takenBackMicros?: Micros;
  owedMicros?: Micros;
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
  /** The part of the charge drawn from the member's top-up. */
  topupMicros?: Micros;
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

/** Money charged (or, negative, refunded) on `day`: the day's spend and the lifetime sum. */
function addSpend(
  state: { spend: Record<DayKey, Micros>; lifetimeMicros: Micros },
  day: DayKey,
  micros: Micros,
): void {
  addDay(state.spend, day, micros);
  state.lifetimeMicros += micros;
}

export function pruneDays(spend: Record<DayKey, Micros>, at: string): void {
  const oldest = dayKey(Date.parse(at) - RETAIN_DAYS * 86_400_000);
  for (const day of Object.keys(spend)) if (day < oldest) delete spend[day];
}

/** The guild's money: the server's spend. Who holds what is the members' (applyHoldings, holderOf). */
export function applyToGuild(state: GuildState, e: LedgerEntry): void {
  switch (e.kind) {
    case 'charge':
      addSpend(state, e.day, e.amountMicros);
      break;
    case 'refund':
      addSpend(state, e.day, -e.amountMicros);
      break;
    case 'reserve':
    case 'release':
    case 'adjust':
    case 'topup':
      // A reservation is the member's (applyHoldings); the budget counts what the service charged,
      // so a member's reset gives the member room, not the server, and so does a top-up.
      break;
  }
  pruneDays(state.spend, e.at);
  state.seq = e.seq;
}

/**
 * What the member holds: its open reservations and generations in flight. Each change is a set
 * or a delete by id, so applying an entry again changes nothing; it is applied with the guild's
 * part (while the guild's head is before the entry), whether or not the member's money has seen it.
 */
export function applyHoldings(state: MemberState, e: LedgerEntry): void {
  switch (e.kind) {
    case 'reserve':
      if (e.reservationId) {
        state.open[e.reservationId] = {
          micros: e.amountMicros,
          day: e.day,
          at: e.at,
          ...(e.model === undefined ? {} : { model: e.model }),
          ...(e.topupMicros ? { topupMicros: e.topupMicros } : {}),
        };
      }
      break;
    case 'release':
      if (e.reservationId) delete state.open[e.reservationId];
      break;
    case 'charge':
      if (e.reservationId) delete state.open[e.reservationId];
      if (e.generationId) state.inFlight[e.generationId] = e.at;
      break;
    case 'refund':
      if (e.generationId) delete state.inFlight[e.generationId];
      break;
    case 'adjust':
    case 'topup':
      break;
  }
}

/** The guild's line for a member, from the member's state; undefined when it holds nothing. */
export function holderOf(member: MemberState): Holder | undefined {
  const open = Object.values(member.open);
  const inFlight = Object.keys(member.inFlight).length;
  if (open.length === 0 && inFlight === 0) return undefined;
  const reserved: Record<DayKey, Micros> = {};
  let oldestOpenAt: string | undefined;
  for (const r of open) {
    addDay(reserved, r.day, r.micros);
    if (oldestOpenAt === undefined || r.at < oldestOpenAt) oldestOpenAt = r.at;
  }
  return { open: open.length, inFlight, reserved, ...(oldestOpenAt === undefined ? {} : { oldestOpenAt }) };
}

/** Puts the member's line in the guild's state; true when it changed. */
export function setHolder(guild: GuildState, userId: string, member: MemberState): boolean {
  const next = holderOf(member);
  const before = guild.holders[userId];
  if (JSON.stringify(next) === JSON.stringify(before)) return false;
  if (next) guild.holders[userId] = next;
  else delete guild.holders[userId];
  return true;
}

export function applyToMember(state: MemberState, e: LedgerEntry): void {
  // What a charge drew from the top-up (or a refund gave back to it) is not the period's spend:
  // the period's figure resets, the top-up never does.
  const fromTopup = e.topupMicros ?? 0;
  switch (e.kind) {
    case 'charge':
      addSpend(state, e.day, e.amountMicros - fromTopup);
      if (fromTopup) state.topupUsedMicros = (state.topupUsedMicros ?? 0) + fromTopup;
      if (e.generationId) {
        const id = e.generationId;
        state.recentGenerations = [id, ...state.recentGenerations.filter((g) => g !== id)].slice(
          0,
          RECENT_GENERATIONS,
        );
      }
      break;
    case 'refund': {
      addSpend(state, e.day, -(e.amountMicros - fromTopup));
      // The top-up this refund gives back first pays what a refunded purchase left owed: that debt
      // was the spend now refunded.
      const paid = Math.min(state.topupOwedMicros ?? 0, fromTopup);
      if (fromTopup) state.topupUsedMicros = (state.topupUsedMicros ?? 0) - (fromTopup - paid);
      if (paid) state.topupOwedMicros = (state.topupOwedMicros ?? 0) - paid;
      break;
    }
    case 'topup':
      state.topupMicros = (state.topupMicros ?? 0) + e.amountMicros;
      if (e.owedMicros) state.topupOwedMicros = (state.topupOwedMicros ?? 0) + e.owedMicros;
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
    ...(e.topupMicros ? { topupMicros: e.topupMicros } : {}),
    at: e.at,
    chargeSeq: e.seq,
    appliedSeq: e.seq,
  };
}

export function emptyGuild(): GuildState {
  return { seq: 0, spend: {}, lifetimeMicros: 0, holders: {} };
}

export function emptyMember(): MemberState {
  return {
    appliedSeq: 0,
    spend: {},
    lifetimeMicros: 0,
    recentGenerations: [],
    recentSeqs: [],
    open: {},
    inFlight: {},
  };
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

/** The member's open reservations whose money belongs to the period containing `now`. */
export function memberReservedIn(member: MemberState, period: Period, now: number): Micros {
  let sum = 0;
  for (const r of Object.values(member.open)) if (dayInPeriod(r.day, period, now)) sum += r.micros;
  return sum;
}

/** All members' open reservations whose money belongs to the period containing `now`. */
export function guildReservedIn(guild: GuildState, period: Period, now: number): Micros {
  let sum = 0;
  for (const h of Object.values(guild.holders)) {
    for (const [day, micros] of Object.entries(h.reserved)) if (dayInPeriod(day, period, now)) sum += micros;
  }
  return sum;
}

/** What is left of the member's top-up: credited, less what charges drew (never below 0). */
export function topupLeft(member: MemberState): Micros {
  return Math.max(0, (member.topupMicros ?? 0) - (member.topupUsedMicros ?? 0));
}

/** The member's open reservations' parts held from the period's allowance and from the top-up, in the period. */
export function heldParts(
  member: MemberState,
  period: Period,
  now: number,
): { allowance: Micros; topup: Micros } {
  let allowance = 0;
  let topup = 0;
  for (const r of Object.values(member.open)) {
    const fromTopup = r.topupMicros ?? 0;
    // A hold from the top-up counts whatever its day: the top-up has no period.
    topup += fromTopup;
    if (dayInPeriod(r.day, period, now)) allowance += r.micros - fromTopup;
  }
  return { allowance, topup };
}

/** What the in-flight cap counts: open reservations and generations in flight. */
export function inFlightOf(member: MemberState): number {
  return Object.keys(member.open).length + Object.keys(member.inFlight).length;
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
  const reservedMicros = guildReservedIn(guild, period, now);
  return {
    budgetMicros: settings.budgetMicros,
    period,
    spentMicros,
    reservedMicros,
    remainingMicros: Math.max(0, settings.budgetMicros - spentMicros - reservedMicros),
    resetsAt: periodEnd(period, now),
  };
}
