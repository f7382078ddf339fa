/**
 * Requests this process acknowledged before reserving them (the lock-free fit check said they fit)
 * and has not yet reserved. The fit check reads the stored figures, which do not show them: in a
 * burst from one member every request read the same figures, all fitted, and all got a public
 * "thinking…" reply that the reservations then had to take back. Counting them, a burst beyond an
 * allowance shows at most as many public replies as can be served; the rest are refused privately
 * first. A reservation counts them too (other than its own), or a request refused by the fit check
 * would take, through the lock, the room of one already acknowledged; each leaves the count in the
 * reservation's own step, under the server's lock, so that none is counted twice by a reservation.
 * Only this process's: another process's burst is its own (each member's interactions reach
 * the one process that holds the server's shard).
 */
import type { Micros } from '../money.ts';

export interface Ahead {
  /** The member's requests admitted ahead, and their quotes. */
  count: number;
  micros: Micros;
  /** The server's quotes admitted ahead, every member's. */
  guildMicros: Micros;
}

/** One request admitted ahead; `done` stops counting it. */
export interface AdmissionTicket {
  readonly guildId: string;
  readonly userId: string;
  readonly micros: Micros;
  counted: boolean;
  done(): void;
}

const NONE: Ahead = { count: 0, micros: 0, guildMicros: 0 };

export class AdmittedAhead {
  private readonly members = new Map<string, { count: number; micros: Micros }>();
  private readonly guilds = new Map<string, Micros>();

  /** What is admitted ahead for this member and server, leaving out `own` (the request being reserved). */
  of(guildId: string, userId: string, own?: AdmissionTicket): Ahead {
    const member = this.members.get(memberKey(guildId, userId));
    const guildMicros = this.guilds.get(guildId) ?? 0;
    if (!member && guildMicros === 0) return NONE;
    const mine = own?.counted && own.guildId === guildId ? own : undefined;
    const sameMember = mine?.userId === userId;
    return {
      count: (member?.count ?? 0) - (sameMember ? 1 : 0),
      micros: (member?.micros ?? 0) - (sameMember && mine ? mine.micros : 0),
      guildMicros: guildMicros - (mine?.micros ?? 0),
    };
  }

  /** Counts one request until its ticket is done (once, however often done is called). */
  add(guildId: string, userId: string, micros: Micros): AdmissionTicket {
    const key = memberKey(guildId, userId);
    const member = this.members.get(key) ?? { count: 0, micros: 0 };
    member.count += 1;
    member.micros += micros;
    this.members.set(key, member);
    this.guilds.set(guildId, (this.guilds.get(guildId) ?? 0) + micros);
    const ticket: AdmissionTicket = {
      guildId,
      userId,
      micros,
      counted: true,
      done: () => {
        if (!ticket.counted) return;
        ticket.counted = false;
        member.count -= 1;
        member.micros -= micros;
        if (member.count === 0) this.members.delete(key);
        const left = (this.guilds.get(guildId) ?? 0) - micros;
        if (left === 0) this.guilds.delete(guildId);
        else this.guilds.set(guildId, left);
      },
    };
    return ticket;
  }

  /** How many requests are counted, for tests and metrics. */
  get size(): number {
    let n = 0;
    for (const m of this.members.values()) n += m.count;
    return n;
  }
}

const memberKey = (guildId: string, userId: string) => `${guildId}\u0000${userId}`;
