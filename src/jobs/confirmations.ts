/**
 * Pending confirmations: a costly request that was validated and reserved, waiting for the member's
 * Confirm or Cancel. Stored in keyv (beside the jobs) with its creation time, so that a restart
 * still honours a press and still releases the reservation of one nobody answered.
 *
 * Money rules:
 * - A record moves out of `pending` exactly once, under the KeyedLock: Confirm, Cancel and expiry
 *   race for it, and only the winner acts (a double click submits once).
 * - Confirm is recorded before anything is sent; when that write fails, nothing is sent.
 * - Cancel and expiry release the reservation before the record says so, so a failed release
 *   leaves the record pending and the next sweep tries again.
 */
import { randomUUID } from 'node:crypto';
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { CreateGenerationRequest, MediaType } from '../media/schemas.ts';
import type { JobOrigin } from './job.ts';
import { KeyvSet } from './keyv-set.ts';

/** A confirmation not answered within this long is released (clock ms). */
export const CONFIRMATION_TTL_MS = 5 * 60_000;
/** Answered records are kept this long so a late press learns what happened (an interaction token's life). */
const ANSWERED_KEEP_MS = 15 * 60_000;

export type ConfirmationState = 'pending' | 'confirmed' | 'cancelled' | 'expired';

/** What is stored while the member decides. */
export interface PendingConfirmation {
  id: string;
  type: MediaType;
  request: CreateGenerationRequest;
  /** One take's quote. */
  quotedMicros: number;
  /** The first take's reservation (the only one of a single request). */
  reservationId: string;
  /**
   * A batch (discord/generation/batch-reply.ts): every take's reservation, in order, the first being `reservationId`; all
   * are released together, and all sent on Confirm. Absent for a single request.
   */
  takeReservationIds?: string[];
  guildId: string;
  channelId: string;
  userId: string;
  applicationId: string;
  /** The slash command's token: the card is its ephemeral reply, edited once the request is sent. */
  cardToken: string;
  attachmentSizeLimit: number;
  /** Where the request started, when not from a slash command. */
  origin?: JobOrigin;
  createdAt: number;
  state: ConfirmationState;
  /** When the state left `pending`. */
  answeredAt?: number;
}

/** The outcome of a press, for the button handler to answer. */
export type ClaimResult =
  | { kind: 'claimed'; record: PendingConfirmation }
  | { kind: 'unknown' }
  | { kind: 'not_yours' }
  | { kind: 'expired' }
  | { kind: 'answered'; state: Exclude<ConfirmationState, 'pending' | 'expired'> };

export interface ConfirmationStoreOptions {
  /** The jobs namespace: confirmations live beside the jobs and intents. */
  keyv: Keyv;
  lock: KeyedLock;
  quota: { release(reservationId: string, note?: string): Promise<unknown> };
  clock: Clock;
  logger: Logger;
  ttlMs?: number;
}

const recordKey = (id: string) => `confirm:${id}`;

export class ConfirmationStore {
  private readonly ids: KeyvSet;
  readonly ttlMs: number;

  private readonly o: ConfirmationStoreOptions;

  constructor(o: ConfirmationStoreOptions) {
    this.o = o;
    this.ids = new KeyvSet(o.keyv, 'confirmations', o.lock);
    this.ttlMs = o.ttlMs ?? CONFIRMATION_TTL_MS;
  }

  /** Records a new pending confirmation; throws when the store cannot (the caller releases). */
  async create(
    fields: Omit<PendingConfirmation, 'id' | 'createdAt' | 'state'>,
  ): Promise<PendingConfirmation> {
    const record: PendingConfirmation = {
      ...fields,
      id: randomUUID(),
      createdAt: this.o.clock.now(),
      state: 'pending',
    };
    await this.ids.add(record.id);
    await this.o.keyv.set(recordKey(record.id), record);
    return record;
  }

  /** The record as stored (any state), for checking where it was made before answering it. */
  get(id: string): Promise<PendingConfirmation | undefined> {
    return this.o.keyv.get<PendingConfirmation>(recordKey(id));
  }

  /** When a pending confirmation expires (clock ms). */
  expiresAt(record: PendingConfirmation): number {
    return record.createdAt + this.ttlMs;
  }

  /**
   * The member's Confirm: moves the record to `confirmed` when it is theirs, pending and not
   * expired. Only the caller that gets `claimed` may submit.
   */
  confirm(id: string, userId: string, signal?: AbortSignal): Promise<ClaimResult> {
    return this.answer(id, userId, 'confirmed', signal);
  }

  /** The member's Cancel: releases the reservation, then records the cancellation. */
  cancel(id: string, userId: string, signal?: AbortSignal): Promise<ClaimResult> {
    return this.answer(id, userId, 'cancelled', signal);
  }

  /**
   * Takes back a Confirm the member never heard of (its answer came after they were told nothing was
   * sent): the reservation is released and the record cancelled, unless something was sent already.
   */
  async withdraw(record: PendingConfirmation, note: string): Promise<void> {
    await this.o.lock.withLock(recordKey(record.id), async () => {
      const stored = await this.o.keyv.get<PendingConfirmation>(recordKey(record.id));
      if (stored?.state !== 'confirmed' || stored.answeredAt !== record.answeredAt) return;
      await this.releaseAll(stored, note);
      await this.o.keyv.set(recordKey(record.id), { ...stored, state: 'cancelled' });
    });
  }

  /**
   * `signal`: the member's deadline. Checked under the lock before anything is written, so that an
   * answer given up on (the member told nothing was sent) changes nothing.
   */
  private answer(
    id: string,
    userId: string,
    next: 'confirmed' | 'cancelled',
    signal?: AbortSignal,
  ): Promise<ClaimResult> {
    return this.o.lock.withLock(recordKey(id), async () => {
      signal?.throwIfAborted();
      const record = await this.o.keyv.get<PendingConfirmation>(recordKey(id));
      signal?.throwIfAborted();
      if (!record) return { kind: 'unknown' };
      if (record.userId !== userId) return { kind: 'not_yours' };
      if (record.state === 'expired') return { kind: 'expired' };
      if (record.state !== 'pending') return { kind: 'answered', state: record.state };
      const now = this.o.clock.now();
      if (now >= this.expiresAt(record)) {
        await this.expireLocked(record, now);
        return { kind: 'expired' };
      }
      if (next === 'cancelled') await this.releaseAll(record, 'cancelled by the member');
      const answered: PendingConfirmation = { ...record, state: next, answeredAt: now };
      await this.o.keyv.set(recordKey(id), answered);
      return { kind: 'claimed', record: answered };
    });
  }

  /** Releases every reservation the record holds (each release is idempotent, so a retry is harmless). */
  private async releaseAll(record: PendingConfirmation, note: string): Promise<void> {
    for (const id of reservationsOf(record)) await this.o.quota.release(id, note);
  }

  private async expireLocked(record: PendingConfirmation, now: number): Promise<void> {
    await this.releaseAll(record, 'not confirmed in time');
    await this.o.keyv.set(recordKey(record.id), { ...record, state: 'expired', answeredAt: now });
  }

  /**
   * Releases every pending confirmation past its time and forgets answered ones kept long enough.
   * Each record is handled on its own: one that fails is logged and tried again next time.
   * Returns how many were released.
   */
  async expireDue(): Promise<number> {
    const { keyv, lock, clock, logger } = this.o;
    let released = 0;
    for (const id of await this.ids.list()) {
      try {
        const gone = await lock.withLock(recordKey(id), async () => {
          const record = await keyv.get<PendingConfirmation>(recordKey(id));
          const now = clock.now();
          if (!record) return true;
          if (record.state === 'pending') {
            if (now < this.expiresAt(record)) return false;
            await this.expireLocked(record, now);
            released += 1;
            return false;
          }
          if (now - (record.answeredAt ?? record.createdAt) < ANSWERED_KEEP_MS) return false;
          await keyv.delete(recordKey(id));
          return true;
        });
        if (gone) await this.ids.remove(id);
      } catch (err) {
        logger.error({ err, confirmationId: id }, 'cannot expire a pending confirmation; trying again later');
      }
    }
    return released;
  }
}

/** Every reservation a confirmation holds: its takes', or the one of a single request. */
export function reservationsOf(
  record: Pick<PendingConfirmation, 'reservationId' | 'takeReservationIds'>,
): string[] {
  return record.takeReservationIds ?? [record.reservationId];
}
