/**
 * Pending references: the attachments of a message a member chose "Generate from this" on, kept
 * while the member fills in the modal. A modal submit carries no target message, so the modal's
 * custom id names this short record instead (kind `from` in discord/interactions/custom-ids.ts). Stored beside the jobs with the bot's
 * clock time, so a restart in between still finds it; it is good for 15 minutes (a modal left open
 * longer is answered "start again"), and keyv forgets it some time after.
 */
import { randomBytes } from 'node:crypto';
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';

/** How long a member may take to fill in the modal (clock ms). */
export const PENDING_REFERENCES_TTL_MS = 15 * 60_000;

export type ReferenceKind = 'image' | 'video' | 'audio';

/** One attachment of the message, as the service will be given it. */
export interface PendingReference {
  url: string;
  kind: ReferenceKind;
  name: string;
}

export interface PendingReferences {
  id: string;
  references: PendingReference[];
  guildId: string;
  channelId: string;
  /** The message the attachments are on: the new reply names it. */
  messageId: string;
  /** Only the member who opened the modal can submit it. */
  userId: string;
  createdAt: number;
}

const recordKey = (id: string) => `from:${id}`;

export class PendingReferenceStore {
  private readonly keyv: Keyv;
  private readonly clock: Clock;
  private readonly ttlMs: number;

  constructor(keyv: Keyv, clock: Clock, ttlMs = PENDING_REFERENCES_TTL_MS) {
    this.keyv = keyv;
    this.clock = clock;
    this.ttlMs = ttlMs;
  }

  /** Records the references; throws when the store cannot (the member is told, no modal shown). */
  async create(fields: Omit<PendingReferences, 'id' | 'createdAt'>): Promise<PendingReferences> {
    // 16 hex characters: short enough for a custom id, too many to guess another member's record.
    const record: PendingReferences = {
      ...fields,
      id: randomBytes(8).toString('hex'),
      createdAt: this.clock.now(),
    };
    // keyv's own expiry (wall time) only clears the store; the rule is the clock check in `get`.
    await this.keyv.set(recordKey(record.id), record, this.ttlMs * 2);
    return record;
  }

  /** The record while it is good, else undefined (unknown, or older than 15 minutes). */
  async get(id: string): Promise<PendingReferences | undefined> {
    const record = await this.keyv.get<PendingReferences>(recordKey(id));
    if (!record || this.clock.now() - record.createdAt > this.ttlMs) return undefined;
    return record;
  }
}
