/**
 * The admins' dashboard's reads (ServerDashboard, types.ts): a server's spend, /quota report's
 * figures, and its members' table, /usage's figures, fast for thousands of members and a long
 * ledger, read outside the guild's transaction so a page never waits behind the money.
 *
 * Reading a hundred thousand entries a page is far too slow, so each process keeps, per guild, a
 * digest of the ledger (dashboard-digest.ts) and on each page reads the guild's value (its head
 * seq, and who holds what) and folds in only the entries after the digest's last seq: entries up
 * to the head never change (ledger.ts). Several processes on one Redis each keep their own digest
 * and catch up from the shared ledger, so each stays exact. The pages of one guild catch up one
 * after the other (a queue per guild): two pages at once share the reading, and no entry is
 * folded twice. A few guilds' digests are kept, the least recently seen dropped first, and one
 * unseen for a while is dropped too.
 *
 * What the ledger does not say is read as it stands: the open reservations and the generations in
 * flight (`finish` writes no entry) from the guild's value (state.ts holders), the overrides from
 * the settings.
 */
import type { Clock } from '../clock.ts';
import type { Micros } from '../money.ts';
import { GuildDigest, type MemberDigest } from './dashboard-digest.ts';
import type { Ledger } from './ledger.ts';
import { type DayKey, dayKey, type Period, periodEnd, periodStart } from './periods.ts';
import { type GuildSettings, memberPeriod, type QuotaDefaults, SettingsStore } from './settings.ts';
import { reportDays } from './spend-report.ts';
import { checkId, type GuildState, type Holder, type LegacyGuildState } from './state.ts';
import type { GuildTransactions } from './transactions.ts';
import type { MemberPage, MemberRow, MemberSort, ServerDashboard, ServerSpend } from './types.ts';

export interface DashboardOptions {
  /** Guilds whose digest is kept (the least recently seen dropped first); 8 by default. */
  maxGuilds?: number;
  /** A digest unseen this long is dropped (30 minutes by default). */
  idleMs?: number;
  /** Ledger entries read at once (one getMany). */
  batch?: number;
}

const DEFAULT_MAX_GUILDS = 8;
const DEFAULT_IDLE_MS = 30 * 60_000;
/**
 * Entries per getMany: @keyv/sqlite matches the rows it found to the keys asked one by one
 * (quadratic in the batch), and Redis's MGET gains little past a few hundred.
 */
const DEFAULT_BATCH = 250;
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
const SORTS: readonly MemberSort[] = ['spent', 'held', 'last'];

/** One guild's digest and the queue its catch-ups take turns in. */
interface Kept {
  digest: GuildDigest;
  queue: Promise<unknown>;
  seenAt: number;
  /** The whole table in each order, with what it was ranked for (members). */
  ranked: Map<MemberSort, { key: string; ids: string[] }>;
}

/** The guild's value as read for a page: its head and who holds what. */
interface Standing {
  head: number;
  holders: Record<string, Holder>;
}

export class DashboardReads implements ServerDashboard {
  private readonly guilds: GuildTransactions;
  private readonly defaults: QuotaDefaults;
  private readonly clock: Clock;
  private readonly ledger: Ledger;
  private readonly settings: SettingsStore;
  private readonly maxGuilds: number;
  private readonly idleMs: number;
  private readonly batch: number;
  /** By guild id, the least recently seen first. */
  private readonly kept = new Map<string, Kept>();

  constructor(guilds: GuildTransactions, defaults: QuotaDefaults, options: DashboardOptions = {}) {
    this.guilds = guilds;
    this.defaults = defaults;
    this.clock = guilds.clock;
    this.ledger = guilds.journal.ledger;
    this.settings = new SettingsStore(guilds.plain.state);
    this.maxGuilds = Math.max(1, options.maxGuilds ?? DEFAULT_MAX_GUILDS);
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.batch = Math.max(1, options.batch ?? DEFAULT_BATCH);
  }

  async spend(guildId: string, days: number): Promise<ServerSpend> {
    checkId('guildId', guildId);
    const now = this.clock.now();
    reportDays(days, now); // refuses a length out of range before anything is read
    const { digest } = await this.current(guildId, now);
    return digest.spend(days, now);
  }

  async members(
    guildId: string,
    query: { sort: MemberSort; page: number; pageSize?: number; only?: readonly string[] },
  ): Promise<MemberPage> {
    checkId('guildId', guildId);
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    if (!SORTS.includes(query.sort)) throw new RangeError(`unknown sort ${JSON.stringify(query.sort)}`);
    if (!Number.isInteger(query.page) || query.page < 1) {
      throw new RangeError(`page must be a whole number from 1 (got ${query.page})`);
    }
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new RangeError(`pageSize must be 1 to ${MAX_PAGE_SIZE} (got ${pageSize})`);
    }
    const now = this.clock.now();
    const [{ digest, standing }, settings] = await Promise.all([
      this.current(guildId, now),
      this.settings.get(guildId),
    ]);
    const table = new MemberTable(digest, standing, settings, this.defaults, now);
    const ranked = query.only
      ? table.rank([...new Set(query.only)], query.sort)
      : this.rankedTable(guildId, table, query.sort, { digest, standing, settings, now });
    const from = (query.page - 1) * pageSize;
    return {
      rows: ranked.slice(from, from + pageSize).map((id) => table.row(id)),
      total: ranked.length,
      page: query.page,
      pageSize,
    };
  }

  /**
   * Every member of the table in `sort`'s order, kept until what decides it changes: an entry folded
   * (money, holds), the day (periods), the server's allowances (a member's period), or the holders.
   * Ranking thousands of members cost as much as the rest of a page, at every page.
   */
  private rankedTable(
    guildId: string,
    table: MemberTable,
    sort: MemberSort,
    o: { digest: GuildDigest; standing: Standing; settings: GuildSettings; now: number },
  ): string[] {
    const key = JSON.stringify([
      o.digest.seq,
      dayKey(o.now),
      o.settings.default ?? null,
      o.settings.overrides,
      sort === 'held' ? o.standing.holders : Object.keys(o.standing.holders).length,
    ]);
    const ranks = this.kept.get(guildId)?.ranked;
    const kept = ranks?.get(sort);
    if (kept?.key === key) return kept.ids;
    const ids = table.rank(
      [
        ...new Set([
          ...o.digest.members.keys(),
          ...Object.keys(o.settings.overrides),
          ...Object.keys(o.standing.holders),
        ]),
      ],
      sort,
    );
    ranks?.set(sort, { key, ids });
    return ids;
  }

  /** The guild's digest caught up to its head, and the guild's value it was caught up to. */
  private async current(guildId: string, now: number): Promise<{ digest: GuildDigest; standing: Standing }> {
    const standing = standingOf(
      await this.guilds.plain.state.get<GuildState | LegacyGuildState>(`guild:${guildId}`),
    );
    const kept = this.keep(guildId, now);
    const turn = kept.queue.then(() => this.catchUp(kept, guildId, standing.head, now));
    // The next page's turn waits for this one, but does not fail with it (it reads again).
    kept.queue = turn.catch(() => undefined);
    return { digest: await turn, standing };
  }

  /** One turn of the guild's queue: brings its digest to `head`, batch by batch. */
  private async catchUp(kept: Kept, guildId: string, head: number, now: number): Promise<GuildDigest> {
    // A head behind the digest (the store was replaced) or a clock back before its oldest day:
    // start again from the first entry.
    if (head < kept.digest.seq || !kept.digest.covers(now)) kept.digest = new GuildDigest(now);
    const digest = kept.digest;
    digest.prune(now);
    // The next batch is asked for while this one is folded.
    let next = digest.seq < head ? this.read(guildId, digest.seq + 1, head) : undefined;
    while (next) {
      const entries = await next;
      const last = entries.at(-1)?.seq ?? head;
      next = last < head ? this.read(guildId, last + 1, head) : undefined;
      try {
        digest.fold(entries);
      } catch (err) {
        next?.catch(() => undefined); // the page fails with `err`; the batch read ahead is dropped
        throw err;
      }
    }
    return digest;
  }

  /** Entries `from`… (one batch, not past `head`); all of them are there, up to the head. */
  private async read(guildId: string, from: number, head: number) {
    const count = Math.min(this.batch, head - from + 1);
    const entries = await this.ledger.getMany(
      guildId,
      Array.from({ length: count }, (_, i) => from + i),
    );
    if (entries.length !== count) {
      throw new Error(`dashboard: ledger entries ${from}…${from + count - 1} of ${guildId} are missing`);
    }
    return entries;
  }

  /** The guild's kept digest (a new one when it has none), now the most recently seen. */
  private keep(guildId: string, now: number): Kept {
    let kept = this.kept.get(guildId);
    this.kept.delete(guildId);
    if (!kept || now - kept.seenAt > this.idleMs) {
      kept = { digest: new GuildDigest(now), queue: Promise.resolve(), seenAt: now, ranked: new Map() };
    }
    kept.seenAt = now;
    this.kept.set(guildId, kept);
    // The least recently seen first: drop them while too many or unseen too long.
    for (const [id, other] of this.kept) {
      if (this.kept.size <= this.maxGuilds && now - other.seenAt <= this.idleMs) break;
      this.kept.delete(id);
    }
    return kept;
  }
}

/** Head and holders from the guild's value (one written before the holders has them in itself). */
function standingOf(stored: GuildState | LegacyGuildState | undefined): Standing {
  if (!stored) return { head: 0, holders: {} };
  if (!('open' in stored)) return { head: stored.seq, holders: stored.holders ?? {} };
  const holders: Record<string, Holder> = {};
  const line = (userId: string) => {
    holders[userId] ??= { open: 0, inFlight: 0, reserved: {} };
    return holders[userId];
  };
  for (const r of Object.values(stored.open)) {
    const h = line(r.userId);
    h.open += 1;
    h.reserved[r.day] = (h.reserved[r.day] ?? 0) + r.micros;
  }
  for (const { userId } of Object.values(stored.inFlight)) line(userId).inFlight += 1;
  return { head: stored.seq, holders };
}

/** The members' figures on one page's clock, as service.ts summary computes them for /usage. */
class MemberTable {
  private readonly digest: GuildDigest;
  private readonly standing: Standing;
  private readonly settings: GuildSettings;
  private readonly defaults: QuotaDefaults;
  private readonly now: number;
  /** Each period's days [from, to) on this clock: periods.ts dayInPeriod, worked out once. */
  private readonly bounds = new Map<Period, { from: DayKey; to: DayKey | null }>();

  constructor(
    digest: GuildDigest,
    standing: Standing,
    settings: GuildSettings,
    defaults: QuotaDefaults,
    now: number,
  ) {
    this.digest = digest;
    this.standing = standing;
    this.settings = settings;
    this.defaults = defaults;
    this.now = now;
  }

  /** `ids` ordered by `sort`, the most first, then by user id. */
  rank(ids: readonly string[], sort: MemberSort): string[] {
    const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    if (sort === 'last') {
      // Newest first; those who never generated last.
      const at = new Map(ids.map((id) => [id, this.digest.members.get(id)?.last?.at]));
      return [...ids].sort((a, b) => {
        const x = at.get(a);
        const y = at.get(b);
        if (x !== y) {
          if (x === undefined) return 1;
          if (y === undefined) return -1;
          return x < y ? 1 : -1;
        }
        return byId(a, b);
      });
    }
    const figure = sort === 'spent' ? (id: string) => this.spent(id) : (id: string) => this.held(id);
    const value = new Map(ids.map((id) => [id, figure(id)]));
    return [...ids].sort((a, b) => (value.get(b) ?? 0) - (value.get(a) ?? 0) || byId(a, b));
  }

  row(userId: string): MemberRow {
    const last = this.digest.members.get(userId)?.last;
    const holder = this.standing.holders[userId];
    return {
      userId,
      period: this.period(userId),
      spentMicros: this.spent(userId),
      heldMicros: this.held(userId),
      inFlight: holder ? holder.open + holder.inFlight : 0,
      override: this.settings.overrides[userId] ?? null,
      lastGeneration: last ? { ...last } : null,
    };
  }

  private period(userId: string): Period {
    return memberPeriod(this.settings, this.defaults, userId);
  }

  /** state.ts spentIn over the member's digest. */
  private spent(userId: string): Micros {
    const m: MemberDigest | undefined = this.digest.members.get(userId);
    if (!m) return 0;
    const period = this.period(userId);
    if (period === 'total') return Math.max(0, m.lifetimeMicros);
    const { from, to } = this.boundsOf(period);
    let sum = 0;
    for (const [day, micros] of m.spend) if (day >= from && (to === null || day < to)) sum += micros;
    return Math.max(0, sum);
  }

  /** state.ts memberReservedIn: the open reservations whose money belongs to the member's period. */
  private held(userId: string): Micros {
    const holder = this.standing.holders[userId];
    if (!holder) return 0;
    const { from, to } = this.boundsOf(this.period(userId));
    let sum = 0;
    for (const [day, micros] of Object.entries(holder.reserved)) {
      if (day >= from && (to === null || day < to)) sum += micros;
    }
    return sum;
  }

  private boundsOf(period: Period): { from: DayKey; to: DayKey | null } {
    let b = this.bounds.get(period);
    if (!b) {
      const end = periodEnd(period, this.now);
      // `total`: every day (periodStart is the epoch, periodEnd null).
      b = { from: dayKey(periodStart(period, this.now)), to: end === null ? null : dayKey(end) };
      this.bounds.set(period, b);
    }
    return b;
  }
}
