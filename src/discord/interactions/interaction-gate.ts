/**
 * Lets each interaction through once, and one press of a button per member every few seconds.
 *
 * The gateway can deliver an INTERACTION_CREATE twice (a resumed session replays it): the second
 * copy is dropped by id. A double click is two interactions with two ids: presses of the same
 * button (custom id) by the same member within PRESS_WINDOW_MS count as one.
 *
 * In memory on purpose: Discord sends a guild's interactions to the one shard (and so the one
 * process) that holds the guild, so a process sees every copy it could be sent. Times are wall
 * time: a double click is a human's, whatever clock the bot's jobs run on.
 */

/** Presses of one button by one member closer together than this are one press. */
export const PRESS_WINDOW_MS = 3_000;
/** An interaction cannot be answered after 15 minutes, so its id need not be kept longer. */
const INTERACTION_ID_TTL_MS = 15 * 60_000;

export type GateVerdict = 'first' | 'duplicate_delivery' | 'repeated_press';

export class InteractionGate {
  private readonly seenIds = new Map<string, number>();
  private readonly lastPress = new Map<string, number>();

  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Whether to handle this interaction; a button press carries its member and custom id. */
  admit(interactionId: string, press?: { userId: string; customId: string }): GateVerdict {
    const now = this.now();
    this.prune(now);
    if (this.seenIds.has(interactionId)) return 'duplicate_delivery';
    this.seenIds.set(interactionId, now);
    if (!press) return 'first';
    const key = `${press.userId}\u0000${press.customId}`;
    const last = this.lastPress.get(key);
    if (last !== undefined && now - last < PRESS_WINDOW_MS) return 'repeated_press';
    this.lastPress.set(key, now);
    return 'first';
  }

  /** Maps iterate in insertion order, and times only grow: the oldest entries are first. */
  private prune(now: number): void {
    for (const [id, at] of this.seenIds) {
      if (now - at < INTERACTION_ID_TTL_MS) break;
      this.seenIds.delete(id);
    }
    for (const [key, at] of this.lastPress) {
      if (now - at < PRESS_WINDOW_MS) break;
      this.lastPress.delete(key);
    }
  }
}
