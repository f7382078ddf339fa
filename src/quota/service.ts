/**
 * The quota's money: what protects the one prepaid balance that pays for every member's generations.
 * Submission flow: reserve(quote) before submitting, settle(charged) on the 201, release when the
 * submission failed, finish when the generation completed, refund when it failed; and the figures
 * those decisions are made by (summary, what /usage shows).
 *
 * Storage (backend.ts): settings:{guildId} (settings.ts) and the state of state.ts, and the
 * ledger (ledger.ts), which is also the write-ahead journal (journal.ts: the order of writes that
 * makes a crash harmless). By default the keyv namespaces `quota` and `quota-ledger` of the store
 * (one process); with `backend` a RedisQuotaBackend (several processes). What admins change and
 * read is admin.ts, the ledger's reads ledger-reads.ts: create.ts builds all three over the same
 * transactions (transactions.ts); the shapes they answer with are in types.ts.
 *
 * Every operation on a guild is one transaction of that guild (so the server budget is exact too,
 * not only each member's allowance) and costs a handful of reads and writes.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { createInProcessLock, type KeyedLock } from '../locks.ts';
import { formatUsd, type Micros } from '../money.ts';
import { type AdmissionTicket, AdmittedAhead, type Ahead } from './admitted-ahead.ts';
import { decide } from './decision.ts';
import type { Journal, Session } from './journal.ts';
import { dayKey, periodEnd } from './periods.ts';
import {
  type EffectiveAllowance,
  effectiveAllowance,
  type GuildSettings,
  inFlightCap,
  type QuotaDefaults,
} from './settings.ts';
import {
  budgetFiguresOf,
  checkId,
  checkMicros,
  type GenerationRecord,
  heldParts,
  inFlightOf,
  type MemberState,
  memberReservedIn,
  parseReservationId,
  setHolder,
  spentIn,
  topupLeft,
} from './state.ts';
import { takesOf } from './takes.ts';
import { creditTopupIn, takeBackTopupIn } from './topup-money.ts';
import type { GuildTransactions } from './transactions.ts';
import type {
  Admission,
  BudgetFigures,
  GenerationStatus,
  MemberSummary,
  QuotaFigures,
  QuotaService,
  RecentGeneration,
  ReserveInput,
  ReserveRefusal,
  ReserveResult,
  SettleResult,
} from './types.ts';

export type * from './types.ts';

/** The money's operations, over the guild transactions it shares with admin.ts and ledger-reads.ts. */
export class QuotaMoney implements QuotaService {
  private readonly guilds: GuildTransactions;
  private readonly journal: Journal;
  private readonly clock: Clock;
  private readonly defaults: QuotaDefaults;
  /** Requests acknowledged before their reservation, in this process (admitted-ahead.ts). */
  private readonly admitted = new AdmittedAhead();
  /**
   * Held around a top-up's credit, by entitlement: its record is the one value shared across
   * servers, and on keyv a server's transaction is only that server's lock, so two servers crediting
   * one entitlement at once would both find it uncredited (Redis WATCHes the record instead).
   */
  private readonly entitlements: KeyedLock = createInProcessLock();

  constructor(guilds: GuildTransactions, defaults: QuotaDefaults) {
    this.guilds = guilds;
    this.journal = guilds.journal;
    this.clock = guilds.clock;
    this.defaults = defaults;
    checkMicros('defaults.micros', this.defaults.micros);
  }

  private withGuild<T>(guildId: string, fn: (s: Session) => Promise<T>, committed?: () => void): Promise<T> {
    return this.guilds.run(guildId, fn, committed);
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
    const member = await this.journal.member(s, userId);
    const spentMicros = spentIn(member.spend, member.lifetimeMicros, allowance.period, now);
    const reservedMicros = memberReservedIn(member, allowance.period, now);
    const left = topupLeft(member);
    const figures: QuotaFigures = {
      allowanceMicros: allowance.micros,
      spentMicros,
      reservedMicros,
      remainingMicros: Math.max(0, allowance.micros + left - spentMicros - reservedMicros),
      resetsAt: periodEnd(allowance.period, now),
      // Shown once the member ever had a top-up here (0 left is still worth saying then).
      ...(member.topupMicros !== undefined ? { topupLeftMicros: left } : {}),
      ...(member.topupOwedMicros ? { topupOwedMicros: member.topupOwedMicros } : {}),
    };
    return { allowance, member, figures };
  }

  private budgetFigures(s: Session, settings: GuildSettings, now: number): BudgetFigures {
    return budgetFiguresOf(s.guild, settings, this.defaults, now);
  }

  // -- the submission flow --

  async reserve(input: ReserveInput, admitted?: AdmissionTicket): Promise<ReserveResult> {
    const { guildId, userId, model, quoteMicros } = input;
    checkId('guildId', guildId);
    checkId('userId', userId);
    checkMicros('quoteMicros', quoteMicros);
    const count = takesOf(input.count);
    try {
      return await this.withGuild(
        guildId,
        async (s) => {
          const now = this.clock.now();
          // A request admitted ahead had its room kept: the stored figures decide. Any other counts
          // every request admitted ahead, acknowledged before it (admitted-ahead.ts).
          const refused = await this.refusal(
            s,
            input,
            now,
            admitted ? undefined : () => ({ ahead: this.admitted.of(guildId, userId), onFit: undefined }),
          );
          if (refused) return refused;
          // Each take is held from the period's allowance first, the rest from the top-up.
          const split = await this.topupSplit(s, input, now);
          // A batch's takes are reserved in one commit: the journal (and on Redis, EXEC) applies
          // all of them or none, so a member is never left holding part of a batch.
          const reservationIds = Array.from({ length: count }, () => `${guildId}:${userId}:${randomUUID()}`);
          await this.journal.commit(
            s,
            reservationIds.map((reservationId, i) => ({
              kind: 'reserve' as const,
              userId,
              reservationId,
              model,
              amountMicros: quoteMicros,
              day: dayKey(now),
              at: new Date(now).toISOString(),
              ...(split[i] ? { topupMicros: split[i] } : {}),
            })),
          );
          return { ok: true, reservationId: reservationIds[0] as string, reservationIds };
        },
        // Applied (on Redis, after EXEC) or refused: the admission stops counting before the guild's
        // next operation here reads the figures, so no decision counts it twice (stored and ahead).
        admitted?.done,
      );
    } finally {
      // Failed (a store error): nothing more to count either way.
      admitted?.done();
    }
  }

  /**
   * How much of each take's hold comes from the member's top-up: the period's allowance first (what
   * its open holds leave of it), the rest from the top-up. The decision made sure both cover it.
   */
  private async topupSplit(s: Session, input: ReserveInput, now: number): Promise<Micros[]> {
    const member = await this.journal.member(s, input.userId);
    const count = takesOf(input.count);
    if (topupLeft(member) === 0) return Array.from({ length: count }, () => 0);
    const settings = await s.settings.get(input.guildId);
    const allowance = effectiveAllowance(settings, this.defaults, input.userId, input.roleIds);
    const spent = spentIn(member.spend, member.lifetimeMicros, allowance.period, now);
    let room = Math.max(0, allowance.micros - spent - heldParts(member, allowance.period, now).allowance);
    return Array.from({ length: count }, () => {
      const fromAllowance = Math.min(room, input.quoteMicros);
      room -= fromAllowance;
      return input.quoteMicros - fromAllowance;
    });
  }

  async wouldFit(input: ReserveInput): Promise<boolean> {
    return (await this.fitsAhead(input)) !== undefined;
  }

  async admitAhead(input: ReserveInput): Promise<Admission> {
    let ticket: AdmissionTicket | undefined;
    await this.fitsAhead(input, () => {
      const takes = takesOf(input.count);
      ticket = this.admitted.add(input.guildId, input.userId, takes, input.quoteMicros * takes);
    });
    return ticket ? { fits: true, ticket } : { fits: false };
  }

  /**
   * The fit check outside the transaction, counting the requests admitted ahead. `admit` runs, when
   * it fits, in the same synchronous step as the check, so that two checks never both take the last
   * room. Resolves true when it fits.
   */
  private async fitsAhead(input: ReserveInput, admit?: () => void): Promise<true | undefined> {
    checkId('guildId', input.guildId);
    checkId('userId', input.userId);
    checkMicros('quoteMicros', input.quoteMicros);
    // Every request admitted while the figures are read counts, whether its reservation shows in
    // them or not (admitted-ahead.ts): those admitted at the start and those admitted at the end.
    const atStart = this.admitted.snapshot(input.guildId);
    // The figures as stored, outside the transaction: nothing is replayed, expired or written.
    const s = await this.journal.open(input.guildId, this.guilds.plain);
    const refused = await this.refusal(s, input, this.clock.now(), () => ({
      ahead: this.admitted.of(input.guildId, input.userId, atStart),
      onFit: admit,
    }));
    return refused === undefined ? true : undefined;
  }

  /**
   * Why a reservation of `input` would be refused given the session's figures; undefined when it
   * fits. `ahead`, read after the last await, adds the requests admitted ahead (the fit check; a
   * reservation counts only what is recorded) and is told, in that same step, when it fits.
   */
  private async refusal(
    s: Session,
    input: ReserveInput,
    now: number,
    aheadOf?: () => { ahead: Ahead; onFit: (() => void) | undefined },
  ): Promise<ReserveRefusal | undefined> {
    const { guildId, userId, roleIds } = input;
    const settings = await s.settings.get(guildId);
    const { figures, member } = await this.figures(s, settings, userId, roleIds, now);
    const counted = aheadOf?.();
    // One decision makes both the answer and the figures the member is told (decision.ts).
    const refused = decide({
      figures,
      budget: settings.budgetMicros > 0 ? this.budgetFigures(s, settings, now) : undefined,
      inFlight: inFlightOf(member),
      cap: inFlightCap(settings, this.defaults),
      ahead: counted?.ahead ?? { count: 0, micros: 0, guildMicros: 0 },
      eachMicros: input.quoteMicros,
      count: takesOf(input.count),
    });
    if (!refused) counted?.onFit?.();
    return refused;
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
      const settled = await this.journal.chargedGeneration(s, generationId);
      if (settled) return { chargedMicros: settled.chargedMicros, alreadySettled: true };
      const now = this.clock.now();
      const open = (await this.journal.member(s, userId)).open[reservationId];
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
      // The hold's part from the allowance is charged first, the rest from the top-up (never more
      // than is left of it: beyond that the allowance is overspent, as any charge above its quote).
      const member = await this.journal.member(s, userId);
      const fromAllowance = open ? open.micros - (open.topupMicros ?? 0) : chargedMicros;
      const fromTopup = Math.min(topupLeft(member), Math.max(0, chargedMicros - fromAllowance));
      await this.journal.commit(s, [
        {
          kind: 'charge',
          userId,
          reservationId,
          generationId,
          ...(model === undefined ? {} : { model }),
          amountMicros: chargedMicros,
          reservedMicros: open?.micros ?? 0,
          ...(fromTopup > 0 ? { topupMicros: fromTopup } : {}),
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
    const { guildId, userId } = parseReservationId(reservationId);
    return this.withGuild(guildId, async (s) => {
      const open = (await this.journal.member(s, userId)).open[reservationId];
      if (!open) return { releasedMicros: 0, alreadyClosed: true };
      await this.journal.commit(s, [
        {
          kind: 'release',
          userId,
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
    const known = await this.journal.read<GenerationRecord>(`gen:${generationId}`);
    if (!known) return { finished: false };
    return this.withGuild(known.guildId, async (s) => {
      const member = await this.journal.member(s, known.userId);
      const finished = member.inFlight[generationId] !== undefined;
      // In flight is bookkeeping, not money: no ledger entry, the member's value and the guild's line.
      delete member.inFlight[generationId];
      if (finished) s.changedMembers.add(known.userId);
      // Also when it was finished already: a crash between the two writes left the line behind.
      if (setHolder(s.guild, known.userId, member) || finished) await this.journal.saveGuild(s);
      return { finished };
    });
  }

  async refund(
    generationId: string,
    note?: string,
  ): Promise<{ refundedMicros: Micros; alreadyRefunded: boolean }> {
    const known = await this.journal.read<GenerationRecord>(`gen:${generationId}`);
    if (!known) return { refundedMicros: 0, alreadyRefunded: false };
    return this.withGuild(known.guildId, async (s) => {
      const gen = await this.journal.chargedGeneration(s, generationId);
      if (!gen) return { refundedMicros: 0, alreadyRefunded: false };
      if (gen.refundedMicros !== undefined)
        return { refundedMicros: gen.refundedMicros, alreadyRefunded: true };
      await this.journal.commit(s, [
        {
          kind: 'refund',
          userId: gen.userId,
          generationId,
          ...(gen.reservationId === undefined ? {} : { reservationId: gen.reservationId }),
          ...(gen.model === undefined ? {} : { model: gen.model }),
          amountMicros: gen.chargedMicros,
          // What the top-up paid goes back to the top-up, the rest to the period that paid.
          ...(gen.topupMicros ? { topupMicros: gen.topupMicros } : {}),
          // The charge's day: the refund gives back the period that paid.
          day: gen.day,
          at: new Date(this.clock.now()).toISOString(),
          ...(note === undefined ? {} : { note }),
        },
      ]);
      return { refundedMicros: gen.chargedMicros, alreadyRefunded: false };
    });
  }

  async creditTopup(o: {
    guildId: string;
    userId: string;
    entitlementId: string;
    skuId: string;
    micros: Micros;
    note?: string;
  }): Promise<{ credited: boolean }> {
    const { guildId, userId, entitlementId, micros } = o;
    checkId('guildId', guildId);
    checkId('userId', userId);
    checkId('entitlementId', entitlementId);
    checkMicros('micros', micros);
    if (micros === 0) throw new RangeError('a top-up credits more than 0');
    return this.entitlements.withLock(entitlementId, () => this.creditIn(guildId, o));
  }

  private creditIn(
    guildId: string,
    o: { userId: string; entitlementId: string; skuId: string; micros: Micros; note?: string },
  ): Promise<{ credited: boolean }> {
    return this.withGuild(guildId, (s) => creditTopupIn(this.journal, s, { ...o, now: this.clock.now() }));
  }

  async takeBackTopup(o: {
    guildId: string;
    entitlementId: string;
    note?: string;
  }): Promise<{ takenMicros: Micros; owedMicros: Micros }> {
    checkId('guildId', o.guildId);
    checkId('entitlementId', o.entitlementId);
    return this.withGuild(o.guildId, (s) =>
      takeBackTopupIn(this.journal, s, { ...o, now: this.clock.now() }),
    );
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
      const settings = await s.settings.get(guildId);
      const now = this.clock.now();
      const { allowance, member, figures } = await this.figures(s, settings, userId, roleIds, now);
      const records = await this.journal.records(member.recentGenerations);
      const recent: RecentGeneration[] = [];
      for (const gen of records) {
        if (!gen) continue;
        const status: GenerationStatus =
          gen.refundedMicros !== undefined
            ? 'refunded'
            : member.inFlight[gen.generationId]
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
        inFlight: inFlightOf(member),
        inFlightCap: inFlightCap(settings, this.defaults),
        recent,
      };
    });
  }
}
