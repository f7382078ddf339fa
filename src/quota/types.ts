/**
 * What the quota offers and answers: the money (QuotaService), the admins' changes and reads
 * (QuotaAdmin) and the ledger's reads (QuotaLedger), and the shapes of their results.
 */
import type { Clock } from '../clock.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { Micros } from '../money.ts';
import type { Store } from '../store/open.ts';
import type { AdmissionTicket } from './admitted-ahead.ts';
import type { QuotaStateBackend } from './backend.ts';
import type { LedgerEntry } from './ledger.ts';
import type { DayKey, Period } from './periods.ts';
import type { AuditPage, AuditRecord, ChangeOptions } from './rule-fields.ts';
import type {
  AuditEntry,
  EffectiveAllowance,
  GuildSettings,
  MemberOverride,
  QuotaDefaults,
} from './settings.ts';
import type { SpendReport } from './spend-report.ts';
import type { TakeDown, TakeDownRecorded } from './take-downs.ts';

/** What createQuota (create.ts) builds the quota from. */
export interface QuotaOptions {
  /** Holds the quota's values (namespaces `quota`, `quota-ledger`) unless `backend` is given. */
  store: Store;
  clock: Clock;
  /** Serializes each guild's operations over `store`; in-process by default. */
  lock?: KeyedLock;
  /**
   * Where the quota's values live instead of `store`: a RedisQuotaBackend (redis/quota-backend.ts) when
   * several processes share the guilds, its changes atomic in Redis. The caller closes it.
   */
  backend?: QuotaStateBackend;
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
  /** The catalog's price estimate (of one take, when `count` is more than one). */
  quoteMicros: Micros;
  /**
   * Takes of the same request (a batch, 1 to 4; 1 when absent): `count` reservations of
   * `quoteMicros` each, made all together or none (the figures must fit the total).
   */
  count?: number;
}

/** The member's figures for the current period, given with a refusal. */
export interface QuotaFigures {
  allowanceMicros: Micros;
  /** Spent from the period's allowance (what a top-up paid is not in it). */
  spentMicros: Micros;
  reservedMicros: Micros;
  /** What the member may still spend: the allowance's rest and the top-up's. */
  remainingMicros: Micros;
  /** What is left of the member's top-ups (spent after the allowance, never reset); absent: none. */
  topupLeftMicros?: Micros;
  /** What refunded top-ups had already spent, owed by the member; absent: none. */
  topupOwedMicros?: Micros;
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
  | {
      ok: true;
      reservationId: string;
      /** One per take, in order (the first is `reservationId`): each is settled or released on its own. */
      reservationIds: string[];
    }
  | ReserveRefusal;

/**
 * A refusal, with the figures the decision used (decision.ts): `reservedMicros` and
 * `remainingMicros` (and the budget's) count the requests admitted ahead that it counted, so what
 * the member is told is what decided.
 */
export type ReserveRefusal = QuotaFigures & {
  ok: false;
  reason: 'allowance' | 'budget' | 'in_flight';
  inFlight?: number;
  cap?: number;
  /** With reason 'budget'. */
  budget?: BudgetFigures;
  /**
   * How many takes of this request what is left covers (fewer than it asked; 0 for a single
   * request and for 'in_flight'): the count a member can ask again with.
   */
  takesThatFit: number;
};

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

/** The answer of admitAhead. */
export type Admission = { fits: true; ticket: AdmissionTicket } | { fits: false };

export interface QuotaService {
  /** Holds `quoteMicros` of the member's allowance before submitting, if it fits. */
  /**
   * `admitted`: the request's own admission ahead (admitAhead), given back in the reservation's step;
   * the other requests admitted ahead count against the figures.
   */
  reserve(input: ReserveInput, admitted?: AdmissionTicket): Promise<ReserveResult>;
  /**
   * Whether `reserve(input)` would fit as the figures stand, read outside the guild's transaction
   * (no lock, nothing written): a request that fits can be acknowledged before it is reserved. Not
   * a promise: reservations made meanwhile can still refuse it.
   */
  wouldFit(input: ReserveInput): Promise<boolean>;
  /**
   * wouldFit, counting the requests this process admitted ahead (admitted-ahead.ts); when it fits,
   * the request is counted as admitted until its reservation (pass the ticket to reserve) or the
   * ticket's `done`, so that a burst is acknowledged no further than the figures allow.
   */
  admitAhead(input: ReserveInput): Promise<Admission>;
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
  /**
   * Credits a purchase (a Discord entitlement) to the member's top-up in the server, once per
   * entitlement id whatever the server: `credited` false when it was credited before.
   */
  creditTopup(o: {
    guildId: string;
    userId: string;
    entitlementId: string;
    skuId: string;
    micros: Micros;
    note?: string;
  }): Promise<{ credited: boolean }>;
  /**
   * A credited purchase refunded by Discord: what is left of the member's top-up, up to its
   * credit, is taken back; the rest is recorded as owed. Once per entitlement.
   */
  takeBackTopup(o: {
    guildId: string;
    entitlementId: string;
    note?: string;
  }): Promise<{ takenMicros: Micros; owedMicros: Micros }>;
  /** What /usage shows. */
  summary(member: { guildId: string; userId: string; roleIds: readonly string[] }): Promise<MemberSummary>;
}

/**
 * What a server's admins change and read (admin.ts). Each change is one transaction of the guild,
 * recorded in the audit log (audit-log.ts: numbered and kept for ever, its last 200 also in the
 * settings' list), and settled when the answer it was behind gives up (late-writes.ts).
 */
export interface QuotaAdmin {
  /** The guild's settings (defaults not filled in). */
  getSettings(guildId: string): Promise<GuildSettings>;
  /** The last settings changes, newest first. */
  auditLog(guildId: string): Promise<AuditEntry[]>;
  /**
   * The audit log, kept for ever, newest first: `limit` records (50 by default, at most 100)
   * numbered below `before` (the newest when absent).
   */
  auditPage(guildId: string, page?: { before?: number; limit?: number }): Promise<AuditPage>;
  /** A member's own allowance; without a period it follows the default's. */
  setOverride(
    guildId: string,
    userId: string,
    micros: Micros,
    period: Period | undefined,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  clearOverride(guildId: string, userId: string, by: string, options?: ChangeOptions): Promise<GuildSettings>;
  /** A role's allowance, per default period. */
  setRoleAllowance(
    guildId: string,
    roleId: string,
    micros: Micros,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  clearRoleAllowance(
    guildId: string,
    roleId: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  /** The guild's default allowance; its period is also the roles' and the budget's. */
  setDefault(
    guildId: string,
    micros: Micros,
    period: Period,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  /** The server budget per default period; 0 = none. */
  setBudget(guildId: string, micros: Micros, by: string, options?: ChangeOptions): Promise<GuildSettings>;
  setInFlightCap(guildId: string, cap: number, by: string, options?: ChangeOptions): Promise<GuildSettings>;
  /** Requests quoted above `micros` wait for the member's confirmation; 0 = never. */
  setConfirmThreshold(
    guildId: string,
    micros: Micros,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  /** The alert channel (null: alerts off; undefined: unchanged) and the low-balance threshold (0 = never). */
  setAlerts(
    guildId: string,
    change: { channelId?: string | null; belowMicros?: Micros },
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  /** What one purchase of a consumable SKU adds to the buyer's top-up here (micro-USD, above 0). */
  setTopupSku(
    guildId: string,
    skuId: string,
    micros: Micros,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  /** No longer offers the SKU here. */
  clearTopupSku(guildId: string, skuId: string, by: string, options?: ChangeOptions): Promise<GuildSettings>;
  /** The moderation log's channel (jobs/moderation-log.ts); null turns the log off. */
  setModerationChannel(
    guildId: string,
    channelId: string | null,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings>;
  /** Zeroes the member's spend of the current period with an `adjust` ledger entry. */
  resetSpend(guildId: string, userId: string, by: string, note?: string): Promise<{ adjustedMicros: Micros }>;
  /** Budget, spend and top spenders of the current budget period. */
  guildOverview(guildId: string, options?: { top?: number }): Promise<GuildOverview>;
  /** Adds a channel to the allow-list; returns the list. */
  allowChannel(guildId: string, channelId: string, by: string, options?: ChangeOptions): Promise<string[]>;
  removeChannel(guildId: string, channelId: string, by: string, options?: ChangeOptions): Promise<string[]>;
  listChannels(guildId: string): Promise<string[]>;
  /** Adds a prompt rule, kept as prompt-rules.ts normalizes it (at most 500); returns the list. */
  addPromptPattern(guildId: string, pattern: string, by: string, options?: ChangeOptions): Promise<string[]>;
  /** Removes a prompt rule (as typed or as kept); returns the list. */
  removePromptPattern(
    guildId: string,
    pattern: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<string[]>;
  /** True when the allow-list is empty or holds the channel. */
  isChannelAllowed(guildId: string, channelId: string): Promise<boolean>;
  /**
   * Records that `t.by` took down another member's result (take-downs.ts): an audit record
   * `take-down` that changes no rule, written once per message; when that message's take-down is
   * recorded already, nothing is written and `recorded` is false.
   */
  recordTakeDown(guildId: string, t: TakeDown): Promise<TakeDownRecorded>;
  /** The take-down record of the message that held this result, if one was recorded. */
  takeDownOf(guildId: string, generationId: string): Promise<AuditRecord | undefined>;
}

/** The ledger as members and admins read it (ledger-reads.ts): entries newest first, and who was charged. */
export interface QuotaLedger {
  /** The member's latest entries (at most 50; 20 by default). */
  forMember(guildId: string, userId: string, limit?: number): Promise<LedgerEntry[]>;
  /** The guild's latest entries (20 by default). */
  latest(guildId: string, limit?: number): Promise<LedgerEntry[]>;
  /** The guild's entries whose money belongs to the period containing `at` (now by default). */
  forPeriod(guildId: string, period: Period, at?: Date): Promise<LedgerEntry[]>;
  /** The guild's entries whose money belongs to `fromDay` (UTC, `YYYY-MM-DD`) or later. */
  since(guildId: string, fromDay: DayKey): Promise<LedgerEntry[]>;
  /**
   * The member's recent generation ids, newest first, read outside the guild's transaction: for
   * what runs on every keystroke (autocomplete), which must not queue behind the money's operations.
   */
  recentGenerationIds(guildId: string, userId: string): Promise<string[]>;
  /** The server and member a generation was charged to; undefined when this bot never charged it. */
  chargedTo(generationId: string): Promise<{ guildId: string; userId: string } | undefined>;
}

/** The server's spend over the days of a report: /quota report's figures without its rows. */
export type ServerSpend = Omit<SpendReport, 'entries' | 'topups'> & {
  /** How many charges and refunds the figures add up (the CSV's rows). */
  entryCount: number;
};

/** How the dashboard's members table is ordered: the most first. */
export type MemberSort = 'spent' | 'held' | 'last';

/** One member's line in the dashboard's table: the figures /usage shows them. */
export interface MemberRow {
  userId: string;
  /** Their allowance's period (their own, or the server default's). */
  period: Period;
  /** Spent this period, as /usage counts it (an admin's reset included). */
  spentMicros: Micros;
  /** Held by open reservations. */
  heldMicros: Micros;
  /** Open reservations plus generations charged and not finished. */
  inFlight: number;
  /** Their own allowance, when an admin set one. */
  override: MemberOverride | null;
  /** Their last generation charged, when there is one. */
  lastGeneration: { generationId: string; model?: string; at: string } | null;
}

export interface MemberPage {
  rows: MemberRow[];
  /** Members the table holds (with `only`, those of them found). */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/**
 * What the admins' dashboard reads, fast for a server of thousands of members and a long ledger
 * (dashboard.ts): the same figures as /quota report and /usage, read outside the guild's
 * transaction, so a page never waits behind the money.
 */
export interface ServerDashboard {
  /** The spend of the `days` (1 to 90) UTC days ending today: the same figures as /quota report. */
  spend(guildId: string, days: number): Promise<ServerSpend>;
  /**
   * The members with an entry in the ledger or an allowance of their own, ordered by `sort`
   * (then by user id), `pageSize` (25 by default, at most 100) a page; `only` keeps those ids
   * (a search by name), members with nothing yet included with zero figures.
   */
  members(
    guildId: string,
    query: { sort: MemberSort; page: number; pageSize?: number; only?: readonly string[] },
  ): Promise<MemberPage>;
}
