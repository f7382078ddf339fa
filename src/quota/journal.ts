/**
 * The quota's journal: every money change is a ledger entry written before the values it changes.
 *
 * Crash safety. The ledger is a write-ahead journal; a money change is written in this order:
 *   1. (settle only) the new GenerationRecord: the index from generation id to guild, so that a
 *      refund or finish arriving after a crash can find the guild and replay its journal;
 *   2. the ledger entries, each carrying everything needed to apply it again;
 *   3. the changed GenerationRecords and MemberStates, each remembering the last seq applied to it;
 *   4. the GuildState with the new head seq: the commit point.
 * What a member holds (its open reservations and generations in flight, state.ts applyHoldings) is
 * changed by sets and deletes by id, applied with the guild's part, so a replay applies it again
 * harmlessly; the guild's line for the member is derived from the member's state (holderOf).
 * Before anything else, every locked operation looks for ledger entries after the head and
 * applies them to each value that has not seen them yet (by its applied seq), so a crash between
 * any two writes is finished by the next operation on that guild, and nothing is applied twice.
 * A GenerationRecord written in step 1 whose entry never made it to the ledger is an orphan: a
 * generation counts as charged only when the ledger entry at its chargeSeq is its charge.
 * Idempotence rests on the same values: settle is a no-op when the generation's charge is in the
 * ledger, refund when its record carries a refund, release when the reservation is no longer open.
 *
 * On Redis (redis/quota-backend.ts) the same writes are buffered and committed in one MULTI/EXEC, so the
 * order does not matter there and there is never anything to replay; the code is the same.
 */
import type { Logger } from '../log.ts';
import type { QuotaTx, Values } from './backend.ts';
import { Ledger, type LedgerEntry } from './ledger.ts';
import { SettingsStore } from './settings.ts';
import {
  applyHoldings,
  applyToGuild,
  applyToMember,
  type EntryDraft,
  emptyGuild,
  emptyMember,
  type GenerationRecord,
  type GuildState,
  generationFromCharge,
  type LegacyGuildState,
  type MemberState,
  setHolder,
  type TopupRecord,
} from './state.ts';

const topupKey = (entitlementId: string) => `topup:${entitlementId}`;

/** A topup entry that credits a purchase (a take-back is negative or zero). */
export function isCredit(e: LedgerEntry): boolean {
  return e.kind === 'topup' && e.entitlementId !== undefined && e.amountMicros > 0;
}

function topupFromCredit(e: LedgerEntry): TopupRecord {
  return {
    entitlementId: e.entitlementId as string,
    guildId: e.guildId,
    userId: e.userId,
    micros: e.amountMicros,
    creditSeq: e.seq,
    appliedSeq: e.seq,
  };
}

/**
 * One operation on one guild, inside its transaction (backend.ts): its state, the values loaded
 * so far, and the settings and ledger as the transaction sees them.
 */
export class Session {
  readonly members = new Map<string, MemberState>();
  /** Members changed in this session (by entries, finish, the upgrade of a legacy value): saveGuild writes them first. */
  readonly changedMembers = new Set<string>();
  readonly generations = new Map<string, GenerationRecord | undefined>();
  readonly ledger: Ledger;
  readonly settings: SettingsStore;
  readonly guildId: string;
  readonly tx: QuotaTx;
  public guild: GuildState;

  constructor(guildId: string, tx: QuotaTx, guild: GuildState) {
    this.guildId = guildId;
    this.tx = tx;
    this.guild = guild;
    this.ledger = new Ledger(tx.ledger);
    this.settings = new SettingsStore(tx.state);
  }
}

/** Commit, apply and replay of ledger entries over the quota's state values. */
export class Journal {
  /** Outside any transaction: immutable entries and records, figures shown as they are. */
  private readonly state: Values;
  readonly ledger: Ledger;

  private readonly log: Logger;

  constructor(plain: QuotaTx, log: Logger) {
    this.log = log;
    this.state = plain.state;
    this.ledger = new Ledger(plain.ledger);
  }

  /** A value read outside any transaction. */
  read<T>(key: string): Promise<T | undefined> {
    return this.state.get<T>(key);
  }

  /** Starts the guild's operation inside `tx`: reads its head. */
  async open(guildId: string, tx: QuotaTx): Promise<Session> {
    const stored = await tx.state.get<GuildState | LegacyGuildState>(`guild:${guildId}`);
    if (!stored) return new Session(guildId, tx, emptyGuild());
    if (!('open' in stored)) return new Session(guildId, tx, stored);
    return this.upgrade(guildId, tx, stored);
  }

  /**
   * A guild value written before the holders kept the open reservations and generations in
   * flight in itself: they move to their members' states, in memory. They are written (members
   * first, the guild last) by the session's next write; until then the stored values are the
   * old ones, and this runs again on the next read, with the same result.
   */
  private async upgrade(guildId: string, tx: QuotaTx, legacy: LegacyGuildState): Promise<Session> {
    const { open, inFlight, ...money } = legacy;
    const s = new Session(guildId, tx, { ...money, holders: {} });
    // Sets by id, like applyHoldings: a member half-written by an earlier upgrade ends the same.
    const holding = async (userId: string) => {
      s.changedMembers.add(userId);
      return this.member(s, userId);
    };
    for (const [reservationId, { userId, ...reservation }] of Object.entries(open)) {
      (await holding(userId)).open[reservationId] = reservation;
    }
    for (const [generationId, { userId, at }] of Object.entries(inFlight)) {
      (await holding(userId)).inFlight[generationId] = at;
    }
    for (const userId of s.changedMembers) setHolder(s.guild, userId, await this.member(s, userId));
    return s;
  }

  async member(s: Session, userId: string): Promise<MemberState> {
    let m = s.members.get(userId);
    if (!m) {
      m = (await s.tx.state.get<MemberState>(`member:${s.guildId}:${userId}`)) ?? emptyMember();
      // Written before members held their reservations.
      m.open ??= {};
      m.inFlight ??= {};
      s.members.set(userId, m);
    }
    return m;
  }

  async generation(s: Session, generationId: string): Promise<GenerationRecord | undefined> {
    if (!s.generations.has(generationId)) {
      s.generations.set(generationId, await s.tx.state.get<GenerationRecord>(`gen:${generationId}`));
    }
    return s.generations.get(generationId);
  }

  /** Applies ledger entries written after the head (a crash or failed write interrupted their change). */
  async recover(s: Session): Promise<void> {
    for (;;) {
      const entry = await s.ledger.get(s.guildId, s.guild.seq + 1);
      if (!entry) return;
      this.log.warn(
        { guildId: s.guildId, seq: entry.seq, kind: entry.kind },
        'quota: replaying ledger entry',
      );
      await this.apply(s, [entry]);
    }
  }

  /** Journals `drafts` and applies them, in the crash-safe order described at the top of this file. */
  async commit(s: Session, drafts: EntryDraft[]): Promise<LedgerEntry[]> {
    let seq = s.guild.seq;
    const entries = drafts.map((d): LedgerEntry => ({ ...d, seq: ++seq, guildId: s.guildId }));
    for (const e of entries) {
      if (e.kind === 'charge') {
        const record = generationFromCharge(e);
        await s.tx.state.set(`gen:${record.generationId}`, record);
        s.generations.set(record.generationId, record);
      } else if (isCredit(e)) {
        // The purchase's index, first: a credit found credited is never credited again.
        await s.tx.state.set(topupKey(e.entitlementId as string), topupFromCredit(e));
      }
    }
    for (const e of entries) await s.ledger.append(e);
    await this.apply(s, entries);
    return entries;
  }

  /** Applies journaled entries to every value that has not seen them, then moves the head. */
  async apply(s: Session, entries: LedgerEntry[]): Promise<void> {
    const changedGenerations = new Set<string>();
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
      if (e.kind === 'topup' && e.entitlementId) await this.applyToTopup(s, e);
      const m = await this.member(s, e.userId);
      if (m.appliedSeq < e.seq) {
        applyToMember(m, e);
        s.changedMembers.add(e.userId);
      }
      if (s.guild.seq < e.seq) {
        applyHoldings(m, e);
        s.changedMembers.add(e.userId);
        setHolder(s.guild, e.userId, m);
        applyToGuild(s.guild, e);
      }
    }
    for (const id of changedGenerations) await s.tx.state.set(`gen:${id}`, s.generations.get(id));
    await this.saveGuild(s);
  }

  /** Writes the members changed in this session, then the guild's value (the commit point). */
  async saveGuild(s: Session): Promise<void> {
    for (const userId of s.changedMembers) {
      await s.tx.state.set(`member:${s.guildId}:${userId}`, s.members.get(userId));
    }
    s.changedMembers.clear();
    await s.tx.state.set(`guild:${s.guildId}`, s.guild);
  }

  /** The generation's record when its charge is in the ledger (not an orphan of an interrupted settle). */
  async chargedGeneration(s: Session, generationId: string): Promise<GenerationRecord | undefined> {
    const gen = await this.generation(s, generationId);
    if (!gen || gen.guildId !== s.guildId || gen.chargeSeq > s.guild.seq) return undefined;
    if (gen.appliedSeq > gen.chargeSeq) return gen;
    const entry = await s.ledger.get(s.guildId, gen.chargeSeq);
    return entry?.kind === 'charge' && entry.generationId === generationId ? gen : undefined;
  }

  /** The purchase's record: written by its credit, marked by its take-back (each applied once). */
  private async applyToTopup(s: Session, e: LedgerEntry): Promise<void> {
    const key = topupKey(e.entitlementId as string);
    const record = await s.tx.state.get<TopupRecord>(key);
    if (isCredit(e)) {
      if (!record || record.creditSeq < e.seq) await s.tx.state.set(key, topupFromCredit(e));
    } else if (record && record.appliedSeq < e.seq) {
      await s.tx.state.set(key, {
        ...record,
        takenBackMicros: -e.amountMicros,
        owedMicros: e.owedMicros ?? 0,
        appliedSeq: e.seq,
      } satisfies TopupRecord);
    }
  }

  /**
   * The purchase's record when its credit is in the ledger (not an orphan of an interrupted commit),
   * in whatever server it was credited.
   */
  async creditedTopup(s: Session, entitlementId: string): Promise<TopupRecord | undefined> {
    const record = await s.tx.state.get<TopupRecord>(topupKey(entitlementId));
    if (!record) return undefined;
    if (record.guildId !== s.guildId) return record;
    if (record.creditSeq > s.guild.seq) return undefined;
    if (record.appliedSeq > record.creditSeq) return record;
    const entry = await s.ledger.get(s.guildId, record.creditSeq);
    return entry?.kind === 'topup' && entry.entitlementId === entitlementId ? record : undefined;
  }

  /** The generation records of these ids, in order (missing ones undefined). */
  async records(ids: string[]): Promise<(GenerationRecord | undefined)[]> {
    return this.state.getMany<GenerationRecord>(ids.map((id) => `gen:${id}`));
  }
}
