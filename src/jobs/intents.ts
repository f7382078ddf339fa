/**
 * Intents: what is stored between reserving and knowing the outcome of a POST /generations.
 * An intent is written before the POST and dropped once the outcome is recorded (a job, or a
 * released reservation), so an intent still there after a crash is a submission whose outcome a
 * restart must resolve (jobs/recovery.ts). The intent learns the generation id as soon as it is
 * known, before the job is written, so recovery finds the job even when the process dies between
 * those writes.
 *
 * Beside the stored records, this process remembers which submissions are still in progress:
 * recovery must leave those alone. Those whose POST still waits for its answer may own a
 * generation that a search finds, so no search adopts a generation of the same request meanwhile.
 */
import type Keyv from 'keyv';
import type { KeyedLock } from '../locks.ts';
import { KeyvSet } from './keyv-set.ts';
import type { SubmitInput } from './submission.ts';

/** What is stored between reserving and knowing the outcome of the POST. */
export interface Intent {
  input: SubmitInput;
  startedAt: number;
  /** Set as soon as the generation is known, before its job is written. */
  generationId?: string;
  /**
   * The process that saved it, when several share the store (Redis): while that process lives,
   * the intent is its own to resolve, and another process's recovery leaves it alone.
   */
  owner?: string;
}

const intentKey = (reservationId: string) => `intent:${reservationId}`;

export class IntentStore {
  private readonly ids: KeyvSet;
  /** Submissions in progress in this process, and whether their POST still waits for its answer. */
  private readonly inProgress = new Map<string, { input: SubmitInput; awaitingAnswer: boolean }>();

  /**
   * `keyv` is the jobs namespace: intents live beside the jobs. `owner`: this process's id, when
   * several processes share the store.
   */
  private readonly keyv: Keyv;
  private readonly owner?: string;
  /** Whether another process still runs (several processes: redis/process-presence.ts). */
  private readonly ownerAlive?: (owner: string) => Promise<boolean>;

  constructor(keyv: Keyv, lock: KeyedLock, owner?: string, ownerAlive?: (owner: string) => Promise<boolean>) {
    this.keyv = keyv;
    this.owner = owner;
    this.ownerAlive = ownerAlive;
    this.ids = new KeyvSet(keyv, 'intents', lock);
  }

  /** Records the intent before its POST is sent. */
  async save(intent: Intent): Promise<void> {
    await this.keyv.set(intentKey(intent.input.reservationId), this.stamped(intent));
    await this.ids.add(intent.input.reservationId);
  }

  /** Rewrites the intent with the generation id the service gave it. */
  async setGeneration(intent: Intent, generationId: string): Promise<void> {
    await this.keyv.set(intentKey(intent.input.reservationId), this.stamped({ ...intent, generationId }));
  }

  private stamped(intent: Intent): Intent {
    return this.owner ? { ...intent, owner: this.owner } : intent;
  }

  get(reservationId: string): Promise<Intent | undefined> {
    return this.keyv.get<Intent>(intentKey(reservationId));
  }

  /** The reservation ids of every stored intent. */
  list(): Promise<string[]> {
    return this.ids.list();
  }

  async drop(reservationId: string): Promise<void> {
    await this.ids.remove(reservationId);
    await this.keyv.delete(intentKey(reservationId));
  }

  /** Marks a submission as in progress in this process, its POST awaiting an answer, until `end`. */
  begin(input: SubmitInput): void {
    this.inProgress.set(input.reservationId, { input, awaitingAnswer: true });
  }

  /** The POST was answered (or failed): whatever it created is known to it, or searched for. */
  answered(reservationId: string): void {
    const entry = this.inProgress.get(reservationId);
    if (entry) entry.awaitingAnswer = false;
  }

  end(reservationId: string): void {
    this.inProgress.delete(reservationId);
  }

  isInProgress(reservationId: string): boolean {
    return this.inProgress.has(reservationId);
  }

  /** Whether another submission of the same model and prompt still waits for the answer to its POST. */
  sameRequestAwaitingAnswer(input: SubmitInput): boolean {
    for (const { input: other, awaitingAnswer } of this.inProgress.values()) {
      if (!awaitingAnswer || other.reservationId === input.reservationId) continue;
      if (other.model.slug === input.model.slug && other.request.prompt === input.request.prompt) return true;
    }
    return false;
  }

  /**
   * Several processes: whether another running process has an identical submission (same model
   * and prompt) still in progress. Its POST may be the one that created what a search would find, so no search adopts a generation of that request meanwhile (the cross-process
   * side of sameRequestAwaitingAnswer, read from the stored intents). True when it cannot tell.
   */
  async sameRequestPendingElsewhere(input: SubmitInput): Promise<boolean> {
    const { owner, ownerAlive } = this;
    if (!owner || !ownerAlive) return false;
    try {
      for (const id of await this.list()) {
        if (id === input.reservationId) continue;
        const other = await this.get(id);
        // One that knows its generation is still pending until its job is written and it is dropped.
        if (!other?.owner || other.owner === owner) continue;
        if (
          other.input.model.slug !== input.model.slug ||
          other.input.request.prompt !== input.request.prompt
        )
          continue;
        if (await ownerAlive(other.owner)) return true;
      }
      return false;
    } catch {
      return true;
    }
  }
}
