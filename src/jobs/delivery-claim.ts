/**
 * Each job's delivery claimed once across processes (several processes on one Redis store), so a
 * result is never posted twice; a claim lapses when its holder dies, and the poller's leader then
 * delivers the job (jobs/leader-poller.ts). Apart from delivery because the claim's rules (its
 * fencing token on the job, the check before each message, the fenced final write) are the same
 * for a result, a failure and a give-up, and on one process they reduce to "always ours".
 */
import type { Logger } from '../log.ts';
import type { Job } from './job.ts';
import type { JobStore } from './job-store.ts';

/** Hands out delivery claims (src/redis/delivery-claims.ts on Redis). */
export interface DeliveryClaims {
  /** Takes the job's delivery for this process (or extends its own); undefined while another holds it. */
  claim(generationId: string): Promise<DeliveryClaim | undefined>;
}

export interface DeliveryClaim {
  /** Fencing token: grows with every new claim of the job, so a later claimant's is larger. */
  readonly token: number;
  /** Renews the claim; false once it lapsed (another process may be delivering the job now). */
  stillHeld(): Promise<boolean>;
  /** Keeps the claim for `ms` without renewing it (a retry waits here; a dead process's lapses). */
  keepFor(ms: number): Promise<void>;
  /** Gives it up (the job is done). */
  release(): Promise<void>;
}

/** The delivery's claim lapsed before Discord was told anything more: the new holder carries on. */
export class ClaimLost extends Error {
  override name = 'ClaimLost';
}

/** One process: every delivery is this process's. */
const ALWAYS_OURS: DeliveryClaim = {
  token: 0,
  stillHeld: async () => true,
  keepFor: async () => undefined,
  release: async () => undefined,
};

/** Takes delivery claims and fences the job's writes by the claim's token. */
export class ClaimFence {
  private readonly jobs: JobStore;
  private readonly logger: Logger;
  /** Several processes: each job's delivery is claimed once. One process: absent, it always delivers. */
  private readonly claims?: DeliveryClaims;

  constructor(jobs: JobStore, logger: Logger, claims?: DeliveryClaims) {
    this.jobs = jobs;
    this.logger = logger;
    this.claims = claims;
  }

  /**
   * Claims the job's delivery (on several processes) and records the claim's fencing token on the
   * job, so that a holder whose claim lapsed cannot record it done over a later one's work.
   */
  async claim(job: Job): Promise<{ claim: DeliveryClaim; job: Job } | undefined> {
    const { claims, jobs } = this;
    if (!claims) return { claim: ALWAYS_OURS, job };
    const claim = await claims.claim(job.generationId);
    if (!claim) return undefined;
    const fenced = await jobs.update(job.generationId, (j) =>
      (j.deliveryToken ?? 0) > claim.token ? {} : { deliveryToken: claim.token },
    );
    if (fenced?.step !== 'delivering' || fenced.deliveryToken !== claim.token) {
      // Done meanwhile, or a later claimant already took it over.
      await claim.release().catch(() => undefined);
      return undefined;
    }
    return { claim, job: fenced };
  }

  /** Before anything more is shown: the claim must still be this process's. */
  async ensureHeld(claim: DeliveryClaim): Promise<void> {
    if (!(await claim.stillHeld())) throw new ClaimLost();
  }

  /**
   * The final write of a delivery, fenced: applied only while the job carries this claim's token
   * (a later claimant's larger token means this one lapsed, and the job is theirs to record).
   */
  async fencedDone(
    job: Job,
    claim: DeliveryClaim,
    change: (j: Job) => Partial<Job>,
  ): Promise<Job | undefined> {
    let applied = false;
    const updated = await this.jobs.update(job.generationId, (j) => {
      if ((j.deliveryToken ?? 0) > claim.token || j.step === 'done') return {};
      applied = true;
      return change(j);
    });
    if (!applied)
      this.logger.warn(
        { generationId: job.generationId, token: claim.token },
        'delivery claim superseded before the job was recorded done; left to the later claimant',
      );
    return applied ? updated : undefined;
  }
}
