/**
 * One operation on one guild: a transaction of the guild (backend.ts) on its recovered state. The
 * money (service.ts), the admins' changes and reads (admin.ts) and the ledger's reads
 * (ledger-reads.ts) all run through the same GuildTransactions, so every operation, whichever of
 * them asks, first finishes what a crash interrupted (journal.ts) and releases the reservations
 * that expired.
 */
import type { Clock } from '../clock.ts';
import { type Logger, silentLogger } from '../log.ts';
import { KeyvQuotaBackend, type QuotaStateBackend, type QuotaTx } from './backend.ts';
import { Journal, type Session } from './journal.ts';
import type { EntryDraft } from './state.ts';
import type { QuotaOptions } from './types.ts';

const DEFAULT_RESERVATION_TTL_MS = 15 * 60_000;

export class GuildTransactions {
  readonly journal: Journal;
  readonly clock: Clock;
  readonly log: Logger;
  private readonly backend: QuotaStateBackend;
  private readonly reservationTtlMs: number;

  constructor(options: QuotaOptions) {
    this.log = options.log ?? silentLogger;
    this.backend =
      options.backend ??
      new KeyvQuotaBackend({
        state: options.store.namespace('quota'),
        ledger: options.store.namespace('quota-ledger'),
        ...(options.lock ? { lock: options.lock } : {}),
      });
    this.journal = new Journal(this.backend.plain, this.log);
    this.clock = options.clock;
    this.reservationTtlMs = options.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS;
  }

  /** Reads outside a transaction: values that never change once written, or figures shown as-is. */
  get plain(): QuotaTx {
    return this.backend.plain;
  }

  /**
   * Runs `fn` as one transaction of the guild, on its recovered state. `committed` runs once the
   * run that counts is applied (backend.ts).
   */
  run<T>(guildId: string, fn: (s: Session) => Promise<T>, committed?: () => void): Promise<T> {
    // A fresh Session per run: the Redis backend runs this again when another process got there first.
    return this.backend.transaction(
      guildId,
      async (tx) => {
        const s = await this.journal.open(guildId, tx);
        await this.journal.recover(s);
        await this.expireReservations(s);
        return fn(s);
      },
      committed,
    );
  }

  private async expireReservations(s: Session): Promise<void> {
    if (!(this.reservationTtlMs > 0)) return;
    const now = this.clock.now();
    const drafts: EntryDraft[] = [];
    for (const [userId, holder] of Object.entries(s.guild.holders)) {
      // Only a member whose oldest reservation expired is read.
      if (
        holder.oldestOpenAt === undefined ||
        Date.parse(holder.oldestOpenAt) + this.reservationTtlMs > now
      ) {
        continue;
      }
      const member = await this.journal.member(s, userId);
      for (const [reservationId, r] of Object.entries(member.open)) {
        if (Date.parse(r.at) + this.reservationTtlMs > now) continue;
        drafts.push({
          kind: 'release',
          userId,
          reservationId,
          ...(r.model === undefined ? {} : { model: r.model }),
          amountMicros: r.micros,
          day: r.day,
          at: new Date(now).toISOString(),
          note: 'expired: neither settled nor released in time',
        });
      }
    }
    if (drafts.length > 0) await this.journal.commit(s, drafts);
  }
}
