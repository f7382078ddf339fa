/**
 * The ledger as members and admins read it (/usage, /balance, /quota report, the drift, /show, the
 * web side): the latest entries of a guild or a member, the entries of a period, and which
 * generations were charged to whom. Each read of entries takes the guild's head in one transaction
 * of the guild (transactions.ts: so a crash's entries are replayed first) and walks the entries up
 * to it outside, since they never change once written.
 */
import type { Ledger, LedgerEntry } from './ledger.ts';
import type { DayKey, Period } from './periods.ts';
import { checkId, type MemberState } from './state.ts';
import type { GuildTransactions } from './transactions.ts';
import type { QuotaLedger } from './types.ts';

export class LedgerReads implements QuotaLedger {
  private readonly guilds: GuildTransactions;
  private readonly ledger: Ledger;

  constructor(guilds: GuildTransactions) {
    this.guilds = guilds;
    this.ledger = guilds.journal.ledger;
  }

  async forMember(guildId: string, userId: string, limit = 20): Promise<LedgerEntry[]> {
    const seqs = await this.guilds.run(
      guildId,
      async (s) => (await this.guilds.journal.member(s, userId)).recentSeqs,
    );
    return this.ledger.getMany(guildId, seqs.slice(0, limit));
  }

  async latest(guildId: string, limit = 20): Promise<LedgerEntry[]> {
    return this.ledger.recent(guildId, await this.head(guildId), { limit });
  }

  async forPeriod(guildId: string, period: Period, at?: Date): Promise<LedgerEntry[]> {
    return this.ledger.forPeriod(guildId, await this.head(guildId), period, at ?? this.guilds.clock.now());
  }

  async since(guildId: string, fromDay: DayKey): Promise<LedgerEntry[]> {
    return this.ledger.since(guildId, await this.head(guildId), fromDay);
  }

  async recentGenerationIds(guildId: string, userId: string): Promise<string[]> {
    checkId('guildId', guildId);
    checkId('userId', userId);
    const member = await this.guilds.journal.read<MemberState>(`member:${guildId}:${userId}`);
    return member?.recentGenerations ?? [];
  }

  async chargedTo(generationId: string): Promise<{ guildId: string; userId: string } | undefined> {
    checkId('generationId', generationId, true);
    const [record] = await this.guilds.journal.records([generationId]);
    return record ? { guildId: record.guildId, userId: record.userId } : undefined;
  }

  private head(guildId: string): Promise<number> {
    return this.guilds.run(guildId, async (s) => s.guild.seq);
  }
}
