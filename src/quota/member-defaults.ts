/**
 * A member's own defaults in one server (/settings): the model, aspect ratio and resolution their
 * /imagine and /video use when they name none, how many takes a request makes, and whether every
 * paid request waits for their Confirm. One keyv value per server and member
 * (`<guildId>:<userId>` in the `member-defaults` namespace), on SQLite or Redis alike.
 *
 * Beside the server's settings (settings.ts), not inside them: the server's value is written under
 * the server's money lock, and a member changing a preference must neither wait for nor slow down
 * the server's reservations. Nothing here moves money, so there is no ledger entry and no lock: a
 * member's value is written only by that member, and the last write wins.
 *
 * Every write is a compare-and-set on the value it read (store/compare-and-set.ts) and carries an id
 * of its own, so that a write whose answer gave up (the member was told nothing changed) is settled
 * by the store itself: put back if it landed, fenced off if it had not (late-writes.ts). Forgetting
 * is a value with no defaults and an id, not a delete, for the same reason: a missing value would
 * let a late write that expected none land after all.
 *
 * This module stores and reads what it is given; what a member may choose (a model of the right
 * type, a ratio that model takes) is checked against the catalog by the Discord edge before it is
 * written (discord/generation/member-defaults.ts), and checked again where it is used, since the catalog
 * changes.
 */
import { randomUUID } from 'node:crypto';
import type Keyv from 'keyv';
import { z } from 'zod';
import { answerGivenUp, type Settled, settleIfGivenUp } from '../late-writes.ts';
import { type Logger, silentLogger } from '../log.ts';
import type { MediaType } from '../media/schemas.ts';
import { type ConditionalValues, conditionalValues, type Token } from '../store/compare-and-set.ts';
import { takesSchema } from './takes.ts';

/** A member's defaults for one type of request; every field optional. */
export interface TypeDefaults {
  model?: string;
  aspect_ratio?: string;
  resolution?: string;
}

/** Everything a member may set; absent = not set (the server's behaviour). */
export interface MemberDefaults {
  image?: TypeDefaults;
  video?: TypeDefaults;
  /** Takes per request, in TAKES (takes.ts). */
  count?: number;
  /** Ask to confirm every request with a price, even below the server's threshold. */
  alwaysConfirm?: boolean;
}

/** Slugs, ratios and resolutions are short; anything longer was not written by this module. */
const SHORT = z.string().min(1).max(100);
const TYPE_DEFAULTS = z.object({
  model: SHORT.optional(),
  aspect_ratio: SHORT.optional(),
  resolution: SHORT.optional(),
});
const STORED = z.object({
  image: TYPE_DEFAULTS.optional(),
  video: TYPE_DEFAULTS.optional(),
  count: takesSchema.optional(),
  alwaysConfirm: z.boolean().optional(),
});

const key = (guildId: string, userId: string) => `${guildId}:${userId}`;

/** Whether any default is set. */
export function hasDefaults(defaults: MemberDefaults): boolean {
  const set = (t: TypeDefaults | undefined) =>
    t !== undefined && Object.values(t).some((v) => v !== undefined);
  return (
    set(defaults.image) ||
    set(defaults.video) ||
    defaults.count !== undefined ||
    defaults.alwaysConfirm !== undefined
  );
}

/** The defaults of one type of request. */
export function defaultsOf(defaults: MemberDefaults, type: MediaType): TypeDefaults {
  return defaults[type] ?? {};
}

/** What is stored: the defaults, and the id of the write that stored them (late-writes.ts). */
type Stored = MemberDefaults & { writeId?: string };

/** Tries of one write when the value changes between its read and its compare-and-set. */
const MAX_TRIES = 5;

export class MemberDefaultsStore {
  private readonly keyv: Keyv;
  private readonly values: ConditionalValues;
  private readonly logger: Logger;

  constructor(keyv: Keyv, logger: Logger = silentLogger) {
    this.keyv = keyv;
    this.values = conditionalValues(keyv);
    this.logger = logger;
  }

  /**
   * The member's defaults in this server ({} when none). A store that cannot be read throws (the
   * caller refuses the request, as for the server's settings); a value of a shape this version does
   * not know counts as none, rather than lock the member out of generating until they reset it.
   */
  async get(guildId: string, userId: string): Promise<MemberDefaults> {
    const stored = await this.keyv.get<unknown>(key(guildId, userId));
    if (stored === undefined) return {};
    const read = STORED.safeParse(stored);
    return read.success ? withoutEmpty(read.data) : {};
  }

  /**
   * Replaces the member's defaults; with nothing set, forgets them. Throws when the store cannot.
   * Behind an answer that gives up, it is settled so that nothing of it stays (late-writes.ts).
   */
  async set(guildId: string, userId: string, defaults: MemberDefaults): Promise<void> {
    await this.write(guildId, userId, withoutEmpty(STORED.parse(defaults)));
  }

  /** Forgets the member's defaults in this server (no one else's). Throws when the store cannot. */
  async reset(guildId: string, userId: string): Promise<void> {
    await this.write(guildId, userId, {});
  }

  /** Writes `defaults` under a fresh write id, conditional on the value read just before. */
  private write(guildId: string, userId: string, defaults: MemberDefaults): Promise<void> {
    const k = key(guildId, userId);
    const givenUp = answerGivenUp();
    const writeId = randomUUID();
    // What the last try read: the value its compare-and-set was conditioned on. Only the last try
    // can have written (an earlier one found the value changed, or the loop ended with it).
    let read: { token: Token; before: Stored | undefined } | undefined;
    const written = (async () => {
      for (let tries = 1; ; tries++) {
        // A try that starts after the answer gave up writes nothing.
        givenUp?.throwIfAborted();
        const current = await this.values.read<Stored>(k);
        read = { token: current.token, before: current.value };
        if (await this.values.compareAndSet(k, current.token, { ...defaults, writeId } satisfies Stored))
          return;
        if (tries >= MAX_TRIES)
          throw new Error(`the value changed under each of ${tries} tries; nothing was written`);
      }
    })();
    return settleIfGivenUp(givenUp, written, () => this.settle(k, writeId, read), {
      logger: this.logger,
      what: `the defaults of member ${userId} in server ${guildId}`,
    });
  }

  /**
   * Settles a write whose answer gave up (late-writes.ts): when the value is the write's, it puts
   * back what the write replaced; when it is still the one the write expected, it writes that same
   * content under a new id, so that the write can never apply; otherwise a later write replaced
   * both and there is nothing to do. Each under a compare-and-set, tried again if the value moved.
   */
  private async settle(
    k: string,
    writeId: string,
    read: { token: Token; before: Stored | undefined } | undefined,
  ): Promise<Settled> {
    // It never read, so it never wrote.
    if (!read) return 'nothing';
    for (;;) {
      const current = await this.values.read<Stored>(k);
      let settled: Settled;
      if (current.value?.writeId === writeId) settled = 'undone';
      else if (current.token === read.token) settled = 'fenced';
      else return 'nothing';
      // Nothing there before is put back as a value with no defaults: a delete would leave the
      // key as the write expected it.
      const before: Stored = { ...read.before, writeId: randomUUID() };
      if (await this.values.compareAndSet(k, current.token, before)) return settled;
    }
  }
}

/** The same defaults without undefined fields or empty type sections (what is stored and compared). */
function withoutEmpty(defaults: z.infer<typeof STORED>): MemberDefaults {
  const out: MemberDefaults = {};
  for (const type of ['image', 'video'] as const) {
    const section = defaults[type];
    if (!section) continue;
    const kept = Object.fromEntries(Object.entries(section).filter(([, v]) => v !== undefined));
    if (Object.keys(kept).length > 0) out[type] = kept as TypeDefaults;
  }
  if (defaults.count !== undefined) out.count = defaults.count;
  if (defaults.alwaysConfirm !== undefined) out.alwaysConfirm = defaults.alwaysConfirm;
  return out;
}
