/**
 * The quota: what protects the one prepaid balance that pays for every member's generations.
 * Submission flow: reserve(quote) before submitting, settle(charged) on the 201, release when the
 * submission failed, finish when the generation completed, refund when it failed.
 *
 * Storage (keyv, no transactions). Namespace `quota`:
 *   settings:{guildId}           settings + audit list of settings changes (settings.ts)
 *   guild:{guildId}              GuildState: ledger head seq, open reservations, generations in
 *                                flight, all members' charges per UTC day
 *   member:{guildId}:{userId}    MemberState: spend per UTC day, lifetime spend, last generations,
 *                                last ledger seqs
 *   gen:{generationId}           GenerationRecord: where a generation belongs, its charge, refund
 * Namespace `quota-ledger`: `{guildId}:{seq}` ledger entries (ledger.ts).
 *
 * Every operation on a guild runs under that guild's lock (so the server budget is exact too, not
 * only each member's allowance) and costs a handful of reads and writes.
 *
 * Crash safety. The ledger is a write-ahead journal; a money change is written in this order:
 *   1. (settle only) the new GenerationRecord: the index from generation id to guild, so that a
 *      refund or finish arriving after a crash can find the guild and replay its journal;
 *   2. the ledger entries, each carrying everything needed to apply it again;
 *   3. the changed GenerationRecords and MemberStates, each remembering the last seq applied to it;
 *   4. the GuildState with the new head seq: the commit point.
 * Before anything else, every locked operation looks for ledger entries after the head and
 * applies them to each value that has not seen them yet (by its applied seq), so a crash between
 * any two writes is finished by the next operation on that guild, and nothing is applied twice.
 * A GenerationRecord written in step 1 whose entry never made it to the ledger is an orphan: a
 * generation counts as charged only when the ledger entry at its chargeSeq is its charge.
 * Idempotence rests on the same values: settle is a no-op when the generation's charge is in the
 * ledger, refund when its record carries a refund, release when the reservation is no longer open.
 */
import { randomUUID } from 'node:crypto';
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';
import { createInProcessLock, type KeyedLock } from '../locks.ts';
import { type Logger, silentLogger } from '../log.ts';
import { formatUsd, type Micros } from '../money.ts';
import type { Store } from '../store.ts';
import { Ledger, type LedgerEntry } from './ledger.ts';
import { type DayKey, dayInPeriod, dayKey, type Period, periodEnd } from './periods.ts';
import {
  type AuditEntry,
  defaultAllowance,
  type EffectiveAllowance,
  effectiveAllowance,
  type GuildSettings,
  inFlightCap,
  memberPeriod,
  type QuotaDefaults,
  SettingsStore,
} from './settings.ts';

/** Day buckets older than this are dropped: more than any period but `total` (kept as a sum) needs. */
const RETAIN_DAYS = 70;
const RECENT_GENERATIONS = 10;
const RECENT_SEQS = 50;
const DEFAULT_RESERVATION_TTL_MS = 15 * 60_000;

export interface QuotaServiceOptions {
  store: Store;
  clock: Clock;
  /** Serializes each guild's operations; in-process by default, Redis-backed with several processes. */
  lock?: KeyedLock;
  /** The config's default allowance (e.g. { micros: 1_000_000, period: 'daily' }) and in-flight cap. */
  defaults: QuotaDefaults;
  /**
   * A reservation neither settled nor released after this long (the process died between reserving
   * and submitting) is released, so it stops holding the member's money and in-flight slot.
   * A settle that still comes later is charged all the same. 15 minutes by default; 0 = never.
   */
  reservationTtlMs?: number;
  log?: Logger;
}

export interface ReserveInput {
  guildId: string;
  userId: string;
  /** The member's role ids (for role allowances). */
  roleIds: readonly string[];
  model: string;
  /** The catalog's price estimate. */
  quoteMicros: Micros;
}

/** The member's figures for the current period, given with a refusal. */
export interface QuotaFigures {
  allowanceMicros: Micros;
  spentMicros: Micros;
  reservedMicros: Micros;
  remainingMicros: Micros;
  /** When the allowance resets; null for `total`. */
  resetsAt: Date | null;
}

/** The server budget's figures for its period (the default allowance's period). */
export interface BudgetFigures {
  budgetMicros: Micros;
  period: Period;
  spentMicros: Micros;
  reservedMicros: Micros;
  remainingMicros: Micros;
  resetsAt: Date | null;
}

export type ReserveResult =
  | { ok: true; reservationId: string }
  | (QuotaFigures & {
      ok: false;
      reason: 'allowance' | 'budget' | 'in_flight';
      inFlight?: number;
      cap?: number;
      /** With reason 'budget'. */
      budget?: BudgetFigures;
    });

export interface SettleResult {
  /** What the generation is charged (the first settle's amount when it was already settled). */
  chargedMicros: Micros;
  alreadySettled: boolean;
}

export type GenerationStatus = 'in_flight' | 'completed' | 'refunded';

export interface RecentGeneration {
  generationId: string;
  model?: string;
  chargedMicros: Micros;
  status: GenerationStatus;
  at: Date;
}

export interface MemberSummary extends QuotaFigures {
  guildId: string;
  userId: string;
  period: Period;
  /** Where the allowance comes from. */
  source: EffectiveAllowance['source'];
  roleId?: string;
  /** Open reservations plus charged generations not finished yet. */
  inFlight: number;
  inFlightCap: number;
  /** Last generations, newest first. */
  recent: RecentGeneration[];
}

export interface GuildOverview {
  guildId: string;
  /** The budget's period: the default allowance's. */
  period: Period;
  defaultAllowance: { micros: Micros; period: Period };
  /** 0 = no server budget. */
  budgetMicros: Micros;
  /** What the service charged this period, all members (refunds deducted; admin resets are not). */
  spentMicros: Micros;
  reservedMicros: Micros;
  /** null without a budget. */
  remainingMicros: Micros | null;
  resetsAt: Date | null;
  inFlight: number;
  inFlightCap: number;
  /** Members by charges this period, highest first. */
  topSpenders: { userId: string; spentMicros: Micros }[];
}

export interface QuotaService {
  /** Holds `quoteMicros` of the member's allowance before submitting, if it fits. */
  reserve(input: ReserveInput): Promise<ReserveResult>;
  /**
   * Turns a reservation into the charge the service's 201 stated; idempotent per generation id.
   * `note` flags the ledger entry (a price the bot did not trust, for example).
   */
  settle(
    reservationId: string,
    charge: { generationId: string; chargedMicros: Micros; note?: string },
  ): Promise<SettleResult>;
  /** Gives a reservation back (the submission failed or was not sent); idempotent. */
  release(reservationId: string, note?: string): Promise<{ releasedMicros: Micros; alreadyClosed: boolean }>;
  /** The generation completed: it stops counting in flight; idempotent. */
  finish(generationId: string): Promise<{ finished: boolean }>;
  /** The generation failed: returns its charge and stops counting it in flight; idempotent. */
  refund(generationId: string, note?: string): Promise<{ refundedMicros: Micros; alreadyRefunded: boolean }>;
  /** What /usage shows. */
  summary(member: { guildId: string; userId: string; roleIds: readonly string[] }): Promise<MemberSummary>;

  /** The guild's settings (defaults not filled in). */
  getSettings(guildId: string): Promise<GuildSettings>;
  /** The last settings changes, newest first. */
  auditLog(guildId: string): Promise<AuditEntry[]>;
  /** A member's own allowance; without a period it follows the default's. */
  setOverride(
    guildId: string,
    userId: string,
    micros: Micros,
    period: Period | undefined,
    by: string,
  ): Promise<GuildSettings>;
  clearOverride(guildId: string, userId: string, by: string): Promise<GuildSettings>;
  /** A role's allowance, per default period. */
  setRoleAllowance(guildId: string, roleId: string, micros: Micros, by: string): Promise<GuildSettings>;
  clearRoleAllowance(guildId: string, roleId: string, by: string): Promise<GuildSettings>;
  /** The guild's default allowance; its period is also the roles' and the budget's. */
  setDefault(guildId: string, micros: Micros, period: Period, by: string): Promise<GuildSettings>;
  /** The server budget per default period; 0 = none. */
  setBudget(guildId: string, micros: Micros, by: string): Promise<GuildSettings>;
  setInFlightCap(guildId: string, cap: number, by: string): Promise<GuildSettings>;
  /** Zeroes the member's spend of the current period with an `adjust` ledger entry. */
  resetSpend(guildId: string, userId: string, by: string, note?: string): Promise<{ adjustedMicros: Micros }>;
  /** Budget, spend and top spenders of the current budget period. */
  guildOverview(guildId: string, options?: { top?: number }): Promise<GuildOverview>;
  /** Adds a channel to the allow-list; returns the list. */
  allowChannel(guildId: string, channelId: string, by: string): Promise<string[]>;
  removeChannel(guildId: string, channelId: string, by: string): Promise<string[]>;
  listChannels(guildId: string): Promise<string[]>;
  /** True when the allow-list is empty or holds the channel. */
  isChannelAllowed(guildId: string, channelId: string): Promise<boolean>;

  /** The member's latest ledger entries, newest first (at most 50). */
  memberLedger(guildId: string, userId: string, limit?: number): Promise<LedgerEntry[]>;
  /** The guild's latest ledger entries, newest first. */
  guildLedger(guildId: string, limit?: number): Promise<LedgerEntry[]>;
  /** The guild's entries whose money belongs to the period containing `at` (now by default). */
  ledgerForPeriod(guildId: string, period: Period, at?: Date): Promise<LedgerEntry[]>;
}

// ---- stored state -----------------------------------------------------------------------------

interface OpenReservation {
  userId: string;
  micros: Micros;
  day: DayKey;
  model?: string;
  at: string;
}

interface GuildState {
  /** The last ledger seq applied: the commit point. */
  seq: number;
  /** Charges minus refunds of all members per UTC day (admin adjustments do not count here). */
  spend: Record<DayKey, Micros>;
  lifetimeMicros: Micros;
  open: Record<string, OpenReservation>;
  inFlight: Record<string, { userId: string; at: string }>;
}

interface MemberState {
  appliedSeq: number;
  /** Charges minus refunds plus adjustments per UTC day. */
  spend: Record<DayKey, Micros>;
  lifetimeMicros: Micros;
  /** Generation ids, newest first. */
  recentGenerations: string[];
  /** Ledger seqs, newest first. */
  recentSeqs: number[];
}

interface GenerationRecord {
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

type EntryDraft = Omit<LedgerEntry, 'seq' | 'guildId'>;

// ---- pure state changes (the same for the normal path and for replay) ----------------------------

function addDay(spend: Record<DayKey, Micros>, day: DayKey, micros: Micros): void {
  const next = (spend[day] ?? 0) + micros;
  if (next === 0) delete spend[day];
  else spend[day] = next;
}

function pruneDays(spend: Record<DayKey, Micros>, at: string): void {
  const oldest = dayKey(Date.parse(at) - RETAIN_DAYS * 86_400_000);
  for (const day of Object.keys(spend)) if (day < oldest) delete spend[day];
}

function applyToGuild(state: GuildState, e: LedgerEntry): void {
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

function applyToMember(state: MemberState, e: LedgerEntry): void {
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

function generationFromCharge(e: LedgerEntry): GenerationRecord {
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

function emptyGuild(): GuildState {
  return { seq: 0, spend: {}, lifetimeMicros: 0, open: {}, inFlight: {} };
}

function emptyMember(): MemberState {
  return { appliedSeq: 0, spend: {}, lifetimeMicros: 0, recentGenerations: [], recentSeqs: [] };
}

/** Spend within the period containing `now`; never below 0 (a refund after a reset can push it there). */
function spentIn(spend: Record<DayKey, Micros>, lifetime: Micros, period: Period, now: number): Micros {
  if (period === 'total') return Math.max(0, lifetime);
  let sum = 0;
  for (const [day, micros] of Object.entries(spend)) if (dayInPeriod(day, period, now)) sum += micros;
  return Math.max(0, sum);
}

/** Open reservations whose money belongs to the period containing `now`, of one member or all. */
function reservedIn(state: GuildState, userId: string | undefined, period: Period, now: number): Micros {
  let sum = 0;
  for (const r of Object.values(state.open)) {
    if ((userId === undefined || r.userId === userId) && dayInPeriod(r.day, period, now)) sum += r.micros;
  }
  return sum;
}

function inFlightOf(state: GuildState, userId: string): number {
  let n = 0;
  for (const r of Object.values(state.open)) if (r.userId === userId) n++;
  for (const g of Object.values(state.inFlight)) if (g.userId === userId) n++;
  return n;
}

// ---- validation -------------------------------------------------------------------------------

function checkId(name: string, value: string, allowColon = false): void {
  // Guild and user ids go into reservation ids, separated by ':'; Discord snowflakes are digits.
  if (typeof value !== 'string' || value.length === 0 || (!allowColon && value.includes(':'))) {
    throw new TypeError(`${name} must be a non-empty string without ':' (got ${JSON.stringify(value)})`);
  }
}

function checkMicros(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer number of micro-USD (got ${value})`);
  }
}

function parseReservationId(reservationId: string): { guildId: string; userId: string } {
  const parts = typeof reservationId === 'string' ? reservationId.split(':') : [];
  const [guildId, userId, nonce] = parts;
  if (parts.length !== 3 || !guildId || !userId || !nonce) {
    throw new TypeError(`not a reservation id: ${JSON.stringify(reservationId)}`);
  }
  return { guildId, userId };
}

// ---- the service --------------------------------------------------------------------------------

/** One locked operation on one guild: its state, and the values loaded so far. */
class Session {
  readonly members = new Map<string, MemberState>();
  readonly generations = new Map<string, GenerationRecord | undefined>();
  constructor(
    readonly guildId: string,
    public guild: GuildState,
  ) {}
}

class KeyvQuotaService implements QuotaService {
  private readonly state: Keyv;
  private readonly ledger: Ledger;
  private readonly settings: SettingsStore;
  private readonly lock: KeyedLock;
  private readonly clock: Clock;
  private readonly defaults: QuotaDefaults;
  private readonly reservationTtlMs: number;
  private readonly log: Logger;

  constructor(options: QuotaServiceOptions) {
    this.state = options.store.namespace('quota');
    this.ledger = new Ledger(options.store.namespace('quota-ledger'));
    this.settings = new SettingsStore(this.state);
    this.lock = options.lock ?? createInProcessLock();
    this.clock = options.clock;
    this.defaults = options.defaults;
    this.reservationTtlMs = options.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS;
    this.log = options.log ?? silentLogger;
    checkMicros('defaults.micros', this.defaults.micros);
  }

  // -- storage --

  private async read<T>(key: string): Promise<T | undefined> {
    const value = await this.state.get<T>(key);
    // Copies: an in-memory keyv hands out the stored object itself.
    return value === undefined || value === null ? undefined : structuredClone(value);
  }

  private async member(s: Session, userId: string): Promise<MemberState> {
    let m = s.members.get(userId);
    if (!m) {
      m = (await this.read<MemberState>(`member:${s.guildId}:${userId}`)) ?? emptyMember();
      s.members.set(userId, m);
    }
    return m;
  }

  private async generation(s: Session, generationId: string): Promise<GenerationRecord | undefined> {
    if (!s.generations.has(generationId)) {
      s.generations.set(generationId, await this.read<GenerationRecord>(`gen:${generationId}`));
    }
    return s.generations.get(generationId);
  }

  /** Runs `fn` under the guild's lock, after finishing any interrupted change and expiring reservations. */
  private withGuild<T>(guildId: string, fn: (s: Session) => Promise<T>): Promise<T> {
    return this.lock.withLock(`quota:${guildId}`, async () => {
      const s = new Session(guildId, (await this.read<GuildState>(`guild:${guildId}`)) ?? emptyGuild());
      await this.recover(s);
      await this.expireReservations(s);
      return fn(s);
    });
  }

  /** Applies ledger entries written after the head (a crash or failed write interrupted their change). */
  private async recover(s: Session): Promise<void> {
    for (;;) {
      const entry = await this.ledger.get(s.guildId, s.guild.seq + 1);
      if (!entry) return;
      this.log.warn(
        { guildId: s.guildId, seq: entry.seq, kind: entry.kind },
        'quota: replaying ledger entry',
      );
      await this.apply(s, [entry]);
    }
  }

  private async expireReservations(s: Session): Promise<void> {
    if (!(this.reservationTtlMs > 0)) return;
    const now = this.clock.now();
    const drafts: EntryDraft[] = [];
    for (const [reservationId, r] of Object.entries(s.guild.open)) {
      if (Date.parse(r.at) + this.reservationTtlMs <= now) {
        drafts.push({
          kind: 'release',
          userId: r.userId,
          reservationId,
          ...(r.model === undefined ? {} : { model: r.model }),
          amountMicros: r.micros,
          day: r.day,
          at: new Date(now).toISOString(),
          note: 'expired: neither settled nor released in time',
        });
      }
    }
    if (drafts.length > 0) await this.commit(s, drafts);
  }

  /** Journals `drafts` and applies them, in the crash-safe order described at the top of this file. */
  private async commit(s: Session, drafts: EntryDraft[]): Promise<LedgerEntry[]> {
    let seq = s.guild.seq;
    const entries = drafts.map((d): LedgerEntry => ({ ...d, seq: ++seq, guildId: s.guildId }));
    for (const e of entries) {
      if (e.kind !== 'charge') continue;
      const record = generationFromCharge(e);
      await this.state.set(`gen:${record.generationId}`, record);
      s.generations.set(record.generationId, record);
    }
    for (const e of entries) await this.ledger.append(e);
    await this.apply(s, entries);
    return entries;
  }

  /** Applies journaled entries to every value that has not seen them, then moves the head. */
  private async apply(s: Session, entries: LedgerEntry[]): Promise<void> {
    const changedGenerations = new Set<string>();
    const changedMembers = new Set<string>();
    for (const e of entries) {
      if (e.generationId && (e.kind === 'charge' || e.kind === 'refund')) {
        const id = e.generationId;
        const gen = await this.generation(s, id);
        if (e.kind === 'charge' && (!gen || gen.chargeSeq < e.seq)) {
          s.generations.set(id, generationFromCharge(e));
          changedGenerations.add(id);
        } else if (e.kind === 'refund' && gen && gen.appliedSeq < e.seq) {
          gen.refundedMicros = e.amountMicros;
          gen.refundedAt = e.at;
          gen.appliedSeq = e.seq;
          changedGenerations.add(id);
        }
      }
      const m = await this.member(s, e.userId);
      if (m.appliedSeq < e.seq) {
        applyToMember(m, e);
        changedMembers.add(e.userId);
      }
      if (s.guild.seq < e.seq) applyToGuild(s.guild, e);
    }
    for (const id of changedGenerations) await this.state.set(`gen:${id}`, s.generations.get(id));
    for (const userId of changedMembers) {
      await this.state.set(`member:${s.guildId}:${userId}`, s.members.get(userId));
    }
    await this.saveGuild(s);
  }

  private async saveGuild(s: Session): Promise<void> {
    await this.state.set(`guild:${s.guildId}`, s.guild);
  }

  /** The generation's record when its charge is in the ledger (not an orphan of an interrupted settle). */
  private async chargedGeneration(s: Session, generationId: string): Promise<GenerationRecord | undefined> {
    const gen = await this.generation(s, generationId);
    if (!gen || gen.guildId !== s.guildId || gen.chargeSeq > s.guild.seq) return undefined;
    if (gen.appliedSeq > gen.chargeSeq) return gen;
    const entry = await this.ledger.get(s.guildId, gen.chargeSeq);
    return entry?.kind === 'charge' && entry.generationId === generationId ? gen : undefined;
  }

  // -- figures --

  private async figures(
    s: Session,
    settings: GuildSettings,
    userId: string,
    roleIds: readonly string[],
    now: number,
  ): Promise<{ allowance: EffectiveAllowance; member: MemberState; figures: QuotaFigures }> {
    const allowance = effectiveAllowance(settings, this.defaults, userId, roleIds);
    const member = await this.member(s, userId);
    const spentMicros = spentIn(member.spend, member.lifetimeMicros, allowance.period, now);
    const reservedMicros = reservedIn(s.guild, userId, allowance.period, now);
    const figures: QuotaFigures = {
      allowanceMicros: allowance.micros,
      spentMicros,
      reservedMicros,
      remainingMicros: Math.max(0, allowance.micros - spentMicros - reservedMicros),
      resetsAt: periodEnd(allowance.period, now),
    };
    return { allowance, member, figures };
  }

  private budgetFigures(s: Session, settings: GuildSettings, now: number): BudgetFigures {
    const { period } = defaultAllowance(settings, this.defaults);
    const spentMicros = spentIn(s.guild.spend, s.guild.lifetimeMicros, period, now);
    const reservedMicros = reservedIn(s.guild, undefined, period, now);
    return {
      budgetMicros: settings.budgetMicros,
      period,
      spentMicros,
      reservedMicros,
      remainingMicros: Math.max(0, settings.budgetMicros - spentMicros - reservedMicros),
      resetsAt: periodEnd(period, now),
    };
  }

  // -- the submission flow --

  async reserve(input: ReserveInput): Promise<ReserveResult> {
    const { guildId, userId, roleIds, model, quoteMicros } = input;
    checkId('guildId', guildId);
    checkId('userId', userId);
    checkMicros('quoteMicros', quoteMicros);
    return this.withGuild(guildId, async (s) => {
      const settings = await this.settings.get(guildId);
      const now = this.clock.now();
      const { figures } = await this.figures(s, settings, userId, roleIds, now);
      const cap = inFlightCap(settings, this.defaults);
      const inFlight = inFlightOf(s.guild, userId);
      if (inFlight >= cap) return { ok: false, reason: 'in_flight', ...figures, inFlight, cap };
      if (figures.spentMicros + figures.reservedMicros + quoteMicros > figures.allowanceMicros) {
        return { ok: false, reason: 'allowance', ...figures };
      }
      if (settings.budgetMicros > 0) {
        const budget = this.budgetFigures(s, settings, now);
        if (budget.spentMicros + budget.reservedMicros + quoteMicros > budget.budgetMicros) {
          return { ok: false, reason: 'budget', ...figures, budget };
        }
      }
      const reservationId = `${guildId}:${userId}:${randomUUID()}`;
      await this.commit(s, [
        {
          kind: 'reserve',
          userId,
          reservationId,
          model,
          amountMicros: quoteMicros,
          day: dayKey(now),
          at: new Date(now).toISOString(),
        },
      ]);
      return { ok: true, reservationId };
    });
  }

  async settle(
    reservationId: string,
    charge: { generationId: string; chargedMicros: Micros; model?: string; note?: string },
  ): Promise<SettleResult> {
    const { guildId, userId } = parseReservationId(reservationId);
    const { generationId, chargedMicros } = charge;
    checkId('generationId', generationId, true);
    checkMicros('chargedMicros', chargedMicros);
    return this.withGuild(guildId, async (s) => {
      const settled = await this.chargedGeneration(s, generationId);
      if (settled) return { chargedMicros: settled.chargedMicros, alreadySettled: true };
      const now = this.clock.now();
      const open = s.guild.open[reservationId];
      let note = charge.note;
      const also = (text: string) => {
        note = note === undefined ? text : `${note}; ${text}`;
      };
      if (!open) {
        // Released or expired, yet the service took it: its price is what the balance paid.
        also('charged after the reservation was released or had expired');
      } else if (chargedMicros > open.micros) {
        also(`charged more than the quote of ${formatUsd(open.micros)}`);
      }
      const model = open?.model ?? charge.model;
      await this.commit(s, [
        {
          kind: 'charge',
          userId: open?.userId ?? userId,
          reservationId,
          generationId,
          ...(model === undefined ? {} : { model }),
          amountMicros: chargedMicros,
          reservedMicros: open?.micros ?? 0,
          // The reservation's day: a rollover between reserving and settling does not move money.
          day: open?.day ?? dayKey(now),
          at: new Date(now).toISOString(),
          ...(note === undefined ? {} : { note }),
        },
      ]);
      return { chargedMicros, alreadySettled: false };
    });
  }

  async release(
    reservationId: string,
    note?: string,
  ): Promise<{ releasedMicros: Micros; alreadyClosed: boolean }> {
    const { guildId } = parseReservationId(reservationId);
    return this.withGuild(guildId, async (s) => {
      const open = s.guild.open[reservationId];
      if (!open) return { releasedMicros: 0, alreadyClosed: true };
      await this.commit(s, [
        {
          kind: 'release',
          userId: open.userId,
          reservationId,
          ...(open.model === undefined ? {} : { model: open.model }),
          amountMicros: open.micros,
          day: open.day,
          at: new Date(this.clock.now()).toISOString(),
          ...(note === undefined ? {} : { note }),
        },
      ]);
      return { releasedMicros: open.micros, alreadyClosed: false };
    });
  }

  async finish(generationId: string): Promise<{ finished: boolean }> {
    const known = await this.read<GenerationRecord>(`gen:${generationId}`);
    if (!known) return { finished: false };
    return this.withGuild(known.guildId, async (s) => {
      if (!s.guild.inFlight[generationId]) return { finished: false };
      // In flight is bookkeeping, not money: one write, no ledger entry.
      delete s.guild.inFlight[generationId];
      await this.saveGuild(s);
      return { finished: true };
    });
  }

  async refund(
    generationId: string,
    note?: string,
  ): Promise<{ refundedMicros: Micros; alreadyRefunded: boolean }> {
    const known = await this.read<GenerationRecord>(`gen:${generationId}`);
    if (!known) return { refundedMicros: 0, alreadyRefunded: false };
    return this.withGuild(known.guildId, async (s) => {
      const gen = await this.chargedGeneration(s, generationId);
      if (!gen) return { refundedMicros: 0, alreadyRefunded: false };
      if (gen.refundedMicros !== undefined)
        return { refundedMicros: gen.refundedMicros, alreadyRefunded: true };
      await this.commit(s, [
        {
          kind: 'refund',
          userId: gen.userId,
          generationId,
          ...(gen.reservationId === undefined ? {} : { reservationId: gen.reservationId }),
          ...(gen.model === undefined ? {} : { model: gen.model }),
          amountMicros: gen.chargedMicros,
          // The charge's day: the refund gives back the period that paid.
          day: gen.day,
          at: new Date(this.clock.now()).toISOString(),
          ...(note === undefined ? {} : { note }),
        },
      ]);
      return { refundedMicros: gen.chargedMicros, alreadyRefunded: false };
    });
  }

  async summary(input: {
    guildId: string;
    userId: string;
    roleIds: readonly string[];
  }): Promise<MemberSummary> {
    const { guildId, userId, roleIds } = input;
    checkId('guildId', guildId);
    checkId('userId', userId);
    return this.withGuild(guildId, async (s) => {
      const settings = await this.settings.get(guildId);
      const now = this.clock.now();
      const { allowance, member, figures } = await this.figures(s, settings, userId, roleIds, now);
      const records = member.recentGenerations.length
        ? await this.state.getMany<GenerationRecord>(member.recentGenerations.map((id) => `gen:${id}`))
        : [];
      const recent: RecentGeneration[] = [];
      for (const gen of records) {
        if (!gen) continue;
        const status: GenerationStatus =
          gen.refundedMicros !== undefined
            ? 'refunded'
            : s.guild.inFlight[gen.generationId]
              ? 'in_flight'
              : 'completed';
        recent.push({
          generationId: gen.generationId,
          ...(gen.model === undefined ? {} : { model: gen.model }),
          chargedMicros: gen.chargedMicros,
          status,
          at: new Date(gen.at),
        });
      }
      return {
        guildId,
        userId,
        ...figures,
        period: allowance.period,
        source: allowance.source,
        ...(allowance.roleId === undefined ? {} : { roleId: allowance.roleId }),
        inFlight: inFlightOf(s.guild, userId),
        inFlightCap: inFlightCap(settings, this.defaults),
        recent,
      };
    });
  }

  // -- admin --

  private changeSettings(
    guildId: string,
    by: string,
    action: string,
    detail: Record<string, unknown>,
    change: (settings: GuildSettings) => void,
  ): Promise<GuildSettings> {
    checkId('guildId', guildId);
    return this.withGuild(guildId, () =>
      this.settings.update(guildId, { at: new Date(this.clock.now()), by, action, detail }, change),
    );
  }

  getSettings(guildId: string): Promise<GuildSettings> {
    return this.settings.get(guildId);
  }

  auditLog(guildId: string): Promise<AuditEntry[]> {
    return this.settings.audit(guildId);
  }

  setOverride(
    guildId: string,
    userId: string,
    micros: Micros,
    period: Period | undefined,
    by: string,
  ): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-override', { userId, micros, period }, (s) => {
      s.overrides[userId] = period === undefined ? { micros } : { micros, period };
    });
  }

  clearOverride(guildId: string, userId: string, by: string): Promise<GuildSettings> {
    return this.changeSettings(guildId, by, 'clear-override', { userId }, (s) => {
      delete s.overrides[userId];
    });
  }

  setRoleAllowance(guildId: string, roleId: string, micros: Micros, by: string): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-role', { roleId, micros }, (s) => {
      s.roles[roleId] = micros;
    });
  }

  clearRoleAllowance(guildId: string, roleId: string, by: string): Promise<GuildSettings> {
    return this.changeSettings(guildId, by, 'clear-role', { roleId }, (s) => {
      delete s.roles[roleId];
    });
  }

  setDefault(guildId: string, micros: Micros, period: Period, by: string): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-default', { micros, period }, (s) => {
      s.default = { micros, period };
    });
  }

  setBudget(guildId: string, micros: Micros, by: string): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-budget', { micros }, (s) => {
      s.budgetMicros = micros;
    });
  }

  setInFlightCap(guildId: string, cap: number, by: string): Promise<GuildSettings> {
    if (!Number.isSafeInteger(cap) || cap < 1)
      throw new RangeError(`cap must be a positive integer (got ${cap})`);
    return this.changeSettings(guildId, by, 'set-in-flight-cap', { cap }, (s) => {
      s.inFlightCap = cap;
    });
  }

  async resetSpend(
    guildId: string,
    userId: string,
    by: string,
    note?: string,
  ): Promise<{ adjustedMicros: Micros }> {
    checkId('guildId', guildId);
    checkId('userId', userId);
    return this.withGuild(guildId, async (s) => {
      const settings = await this.settings.get(guildId);
      const period = memberPeriod(settings, this.defaults, userId);
      const now = this.clock.now();
      const member = await this.member(s, userId);
      const spent = spentIn(member.spend, member.lifetimeMicros, period, now);
      // Zero every day of the period (not just today's total), so the reset holds whatever period
      // an admin picks afterwards.
      const days: Record<DayKey, Micros> = {};
      for (const [day, micros] of Object.entries(member.spend)) {
        if (dayInPeriod(day, period, now) && micros !== 0) days[day] = -micros;
      }
      const adjustedMicros =
        period === 'total' ? 0 - member.lifetimeMicros : Object.values(days).reduce((a, b) => a + b, 0);
      await this.commit(s, [
        {
          kind: 'adjust',
          userId,
          amountMicros: adjustedMicros,
          days,
          day: dayKey(now),
          at: new Date(now).toISOString(),
          by,
          note: note ?? `reset ${period} spend (${formatUsd(spent)})`,
        },
      ]);
      return { adjustedMicros };
    });
  }

  async guildOverview(guildId: string, options: { top?: number } = {}): Promise<GuildOverview> {
    checkId('guildId', guildId);
    const top = options.top ?? 10;
    const now = this.clock.now();
    const snapshot = await this.withGuild(guildId, async (s) => {
      const settings = await this.settings.get(guildId);
      let inFlight = Object.keys(s.guild.inFlight).length;
      inFlight += Object.keys(s.guild.open).length;
      return {
        settings,
        budget: this.budgetFigures(s, settings, now),
        head: s.guild.seq,
        inFlight,
      };
    });
    const { settings, budget, head } = snapshot;
    // Entries up to the head never change, so the walk needs no lock.
    const entries = await this.ledger.forPeriod(guildId, head, budget.period, now);
    const byMember = new Map<string, Micros>();
    for (const e of entries) {
      const sign = e.kind === 'charge' ? 1 : e.kind === 'refund' ? -1 : 0;
      if (sign !== 0) byMember.set(e.userId, (byMember.get(e.userId) ?? 0) + sign * e.amountMicros);
    }
    const topSpenders = [...byMember]
      .filter(([, micros]) => micros > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, top)
      .map(([userId, spentMicros]) => ({ userId, spentMicros }));
    return {
      guildId,
      period: budget.period,
      defaultAllowance: defaultAllowance(settings, this.defaults),
      budgetMicros: settings.budgetMicros,
      spentMicros: budget.spentMicros,
      reservedMicros: budget.reservedMicros,
      remainingMicros: settings.budgetMicros > 0 ? budget.remainingMicros : null,
      resetsAt: budget.resetsAt,
      inFlight: snapshot.inFlight,
      inFlightCap: inFlightCap(settings, this.defaults),
      topSpenders,
    };
  }

  async allowChannel(guildId: string, channelId: string, by: string): Promise<string[]> {
    const settings = await this.changeSettings(guildId, by, 'allow-channel', { channelId }, (s) => {
      if (!s.allowedChannels.includes(channelId)) s.allowedChannels.push(channelId);
    });
    return settings.allowedChannels;
  }

  async removeChannel(guildId: string, channelId: string, by: string): Promise<string[]> {
    const settings = await this.changeSettings(guildId, by, 'remove-channel', { channelId }, (s) => {
      s.allowedChannels = s.allowedChannels.filter((c) => c !== channelId);
    });
    return settings.allowedChannels;
  }

  async listChannels(guildId: string): Promise<string[]> {
    return (await this.settings.get(guildId)).allowedChannels;
  }

  async isChannelAllowed(guildId: string, channelId: string): Promise<boolean> {
    const channels = await this.listChannels(guildId);
    return channels.length === 0 || channels.includes(channelId);
  }

  // -- ledger reads --

  async memberLedger(guildId: string, userId: string, limit = 20): Promise<LedgerEntry[]> {
    const seqs = await this.withGuild(guildId, async (s) => (await this.member(s, userId)).recentSeqs);
    return this.ledger.getMany(guildId, seqs.slice(0, limit));
  }

  async guildLedger(guildId: string, limit = 20): Promise<LedgerEntry[]> {
    const head = await this.withGuild(guildId, async (s) => s.guild.seq);
    return this.ledger.recent(guildId, head, { limit });
  }

  async ledgerForPeriod(guildId: string, period: Period, at?: Date): Promise<LedgerEntry[]> {
    const head = await this.withGuild(guildId, async (s) => s.guild.seq);
    return this.ledger.forPeriod(guildId, head, period, at ?? this.clock.now());
  }
}

/** Creates the quota service over the store's `quota` and `quota-ledger` namespaces. */
export function createQuotaService(options: QuotaServiceOptions): QuotaService {
  return new KeyvQuotaService(options);
}
