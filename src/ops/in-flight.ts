/**
 * The generations this process follows at the service, by the last status it saw, kept in memory
 * for the `jobs_in_flight` gauge. It used to read every open job from the store at each scrape: a
 * store read per scrape, and on Redis one per job.
 *
 * `trackInFlight` wraps the poller that really polls (on Redis the lease holder's inner poller;
 * the other processes follow nothing and report zeros), so the sum over the processes is the
 * generations in flight. A completed or failed generation stays counted until delivery is done
 * with it (or, when another process delivers it, until delivery here no longer handles it); a
 * closed poller (a lease lost) takes its generations with it.
 */
import type { GenerationFollower } from '../jobs/poller.ts';

export const IN_FLIGHT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type InFlightStatus = (typeof IN_FLIGHT_STATUSES)[number];

interface Entry {
  status: InFlightStatus;
  /** The poller let it go (its finish is recorded); it stays while delivery handles it. */
  forgotten: boolean;
}

export class InFlightJobs {
  private readonly entries = new Map<string, Entry>();
  /** Whether delivery is still handling a generation (Delivery.handling). */
  private readonly delivering: (generationId: string) => boolean;

  constructor(delivering: (generationId: string) => boolean) {
    this.delivering = delivering;
  }

  followed(id: string): void {
    if (!this.entries.has(id)) this.entries.set(id, { status: 'pending', forgotten: false });
  }

  /** A status answer for a generation followed here (others are not counted). */
  seen(id: string, status: string): void {
    const entry = this.entries.get(id);
    if (entry && isInFlightStatus(status)) entry.status = status;
  }

  forgotten(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    if (entry.status === 'completed' || entry.status === 'failed') entry.forgotten = true;
    else this.entries.delete(id);
  }

  /** Delivery is done with it (delivered, or its failure reported). */
  done(id: string): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Every status, zeros included; delivered generations are dropped here. */
  counts(): Record<InFlightStatus, number> {
    const counts = { pending: 0, processing: 0, completed: 0, failed: 0 };
    for (const [id, entry] of this.entries) {
      if (entry.forgotten && !this.delivering(id)) {
        this.entries.delete(id);
        continue;
      }
      counts[entry.status] += 1;
    }
    return counts;
  }
}

function isInFlightStatus(status: string): status is InFlightStatus {
  return (IN_FLIGHT_STATUSES as readonly string[]).includes(status);
}

/** The same poller, telling `inFlight` what it follows and lets go. */
export function trackInFlight(poller: GenerationFollower, inFlight: InFlightJobs): GenerationFollower {
  return {
    follow(job) {
      inFlight.followed(job.id);
      poller.follow(job);
    },
    forget(id) {
      inFlight.forgotten(id);
      poller.forget(id);
    },
    start: () => poller.start(),
    async close() {
      inFlight.clear();
      await poller.close();
    },
  };
}
