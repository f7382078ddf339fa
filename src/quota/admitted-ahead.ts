/**
 * Requests this process acknowledged before reserving them (the lock-free fit check said they fit)
 * and has not yet reserved. The fit check reads the stored figures, which do not show them: in a
 * burst from one member every request read the same figures, all fitted, and all got a public
 * "thinking…" reply that the reservations then had to take back. Counting them, a burst beyond an
 * allowance shows at most as many public replies as can be served; the rest are refused privately
 * first.
 *
 * The rules that keep the count honest:
 * - A request admitted ahead leaves the count once its reservation is applied (or refused, or
 *   failed): when the transaction commits (on Redis, at EXEC), still inside the guild's lock, so
 *   that the next reservation of the guild in this process sees it either in the stored figures or
 *   in the count, never in both. (A decision that counted it twice told the member too little left.)
 * - The fit check counts every request admitted when it began reading or when it decided, so that
 *   one whose reservation was applied while the figures were being read is counted at least once
 *   (twice at worst, which only refuses early a request the reservation would have decided).
 * - A reservation of a request admitted ahead counts only the stored figures: its room was kept for
 *   it. One that was not admitted (the fit check said no, or could not say) counts every request
 *   admitted ahead, so that it cannot take, through the lock, the room of one already acknowledged.
 * Only this process's: each member's interactions reach the one process that holds the server's
 * shard.
 */
import type { Micros } from '../money.ts';

export interface Ahead {
  /**
   * The member's takes admitted ahead (a batch of 4 is 4, as the in-flight cap counts it once
   * reserved), and their quotes.
   */
  count: number;
  micros: Micros;
  /** The server's quotes admitted ahead, every member's. */
  guildMicros: Micros;
}

/** One request admitted ahead; `done` stops counting it (once, however often it is called). */
export interface AdmissionTicket {
  readonly guildId: string;
  readonly userId: string;
  /** Its takes (1 to 4) and their quotes together. */
  readonly takes: number;
  readonly micros: Micros;
  done(): void;
}

export class AdmittedAhead {
  /** The tickets counted, by server. */
  private readonly byGuild = new Map<string, Set<AdmissionTicket>>();

  /** The server's tickets counted now (a copy: later changes do not show in it). */
  snapshot(guildId: string): ReadonlySet<AdmissionTicket> {
    return new Set(this.byGuild.get(guildId));
  }

  /** What is admitted ahead for this member and server: the tickets counted now and those in `also`. */
  of(guildId: string, userId: string, also?: ReadonlySet<AdmissionTicket>): Ahead {
    const now = this.byGuild.get(guildId);
    if (!now?.size && !also?.size) return { count: 0, micros: 0, guildMicros: 0 };
    const tickets = new Set([...(now ?? []), ...(also ?? [])]);
    const ahead: Ahead = { count: 0, micros: 0, guildMicros: 0 };
    for (const t of tickets) {
      ahead.guildMicros += t.micros;
      if (t.userId !== userId) continue;
      ahead.count += t.takes;
      ahead.micros += t.micros;
    }
    return ahead;
  }

  /** Counts one request of `takes` takes costing `micros` together, until its ticket is done. */
  add(guildId: string, userId: string, takes: number, micros: Micros): AdmissionTicket {
    let tickets = this.byGuild.get(guildId);
    if (!tickets) {
      tickets = new Set();
      this.byGuild.set(guildId, tickets);
    }
    const ticket: AdmissionTicket = {
      guildId,
      userId,
      takes,
      micros,
      done: () => {
        const current = this.byGuild.get(guildId);
        if (!current?.delete(ticket)) return;
        if (current.size === 0) this.byGuild.delete(guildId);
      },
    };
    tickets.add(ticket);
    return ticket;
  }

  /** How many requests are counted (for tests). */
  get size(): number {
    let n = 0;
    for (const tickets of this.byGuild.values()) n += tickets.size;
    return n;
  }
}
