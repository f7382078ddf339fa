/**
 * The moderation log: one line in a server's moderation channel (`/quota moderation`) for every
 * generation sent there and every prompt its prompt rules refused: who, where, which model, what it
 * cost and the prompt. Off unless the server named a channel.
 *
 * Exactly once, across a restart and across several processes:
 * - A line is first an entry in the store (`modlog:<id>`, the id being the generation's or the
 *   refused interaction's), written only if absent, and listed as due. A generation's entry is
 *   written as its job is (the submitter and recovery both call generationSent), so a process that
 *   dies between the job and the entry has recovery write it from the saved job.
 * - Posting an entry happens under its lock (a lease on Redis), and only while it is not marked
 *   posted; once posted it is marked so (and kept 30 days, so a late second record is a no-op).
 * - A process that dies after Discord made the message but before it was marked posts it again at
 *   the next sweep with the same nonce, and Discord answers with the message it already made
 *   (`enforce_nonce`) instead of making a second.
 *
 * The log never holds a generation back: recording is one store write, posting happens after.
 * When the channel cannot be posted in (gone, another server's, no permission), the line is dropped
 * and the server's alerts channel is told once, until a line goes through again. A line Discord
 * failed for another reason (a 5xx, the network) is tried again at each sweep for a day.
 */
import { createHash } from 'node:crypto';
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { MediaType } from '../media/schemas.ts';
import type { Micros } from '../money.ts';
import type { QuotaAdmin } from '../quota/types.ts';
import type { Job } from './job.ts';
import type { JobStore } from './job-store.ts';
import { KeyvSet } from './keyv-set.ts';

/** How often due lines are looked at again (clock ms). */
export const MODERATION_SWEEP_MS = 30_000;
/** A line that could not be posted for this long is dropped (clock ms). */
export const MODERATION_GIVE_UP_MS = 24 * 60 * 60_000;
/** Generations remembered as waiting for their reply (replyShown), at most. */
const MAX_AWAITING_REPLY = 10_000;
/** How long a generation's line waits for its reply's id, at most (clock ms): the interaction's token. */
const REPLY_WAIT_MS = 15 * 60_000;
/** How long a posted line's entry is kept, so that a second record of it is a no-op (ms). */
const POSTED_KEPT_MS = 30 * 24 * 60 * 60_000;

/** One line of the log, as recorded: what the Discord edge writes out in the server's language. */
export interface ModerationLine {
  kind: 'generation' | 'refusal';
  guildId: string;
  userId: string;
  /** Where it was asked. */
  channelId: string;
  /** The generation, for a generation's line. */
  generationId?: string;
  /** The reply that shows the generation, once known; null for a refusal. */
  messageId: string | null;
  type: MediaType;
  modelLabel: string;
  /** What the member was charged (a generation); absent for a refusal. */
  priceMicros?: Micros;
  prompt: string;
  /** Asked in an age-restricted channel: the prompt is hidden behind a spoiler. */
  ageRestricted: boolean;
  /** When it was sent or refused (clock ms). */
  at: number;
  /** The server's Discord locale: the line is read by its moderators. */
  locale?: string;
}

/** Posts the lines in Discord (the Discord edge implements it). */
export interface ModerationPoster {
  /**
   * Posts `line` in `channelId` as the bot, pinging nobody, in the server's language; `nonce` makes
   * Discord answer a repeat with the message it already made. Throws CannotPostThere when the
   * channel is not one of the line's server the bot can post in; any other failure is tried again.
   */
  post(channelId: string, line: ModerationLine, nonce: string): Promise<void>;
  /** Tells the server's admins, in its alerts channel, that the log channel cannot be posted in. */
  tellCannotPost(target: { guildId: string; channelId: string }, logChannelId: string): Promise<void>;
}

/** The channel cannot take the line: gone, not the server's, or the bot may not post there. */
export class CannotPostThere extends Error {
  override name = 'CannotPostThere';
}

interface Entry {
  line: ModerationLine;
  posted: boolean;
  /** When a post first failed (clock ms), while it is being tried again. */
  failingSince?: number;
}

export interface ModerationLogOptions {
  /** The jobs namespace: entries, the due list and what the alerts channel was told. */
  keyv: Keyv;
  /** The jobs' lock: a lease on Redis, so one process posts an entry at a time. */
  lock: KeyedLock;
  quotaAdmin: Pick<QuotaAdmin, 'getSettings'>;
  /** Where a generation's reply is learnt once it is shown (its line links to it). */
  jobs: Pick<JobStore, 'get'>;
  poster: ModerationPoster;
  clock: Clock;
  logger: Logger;
  sweepMs?: number;
}

const entryKey = (id: string) => `modlog:${id}`;
const toldKey = (guildId: string) => `modlog-told:${guildId}`;

/** Discord nonces are at most 25 characters: a digest of the entry's id. */
export function moderationNonce(id: string): string {
  return `m${createHash('sha256').update(id).digest('base64url').slice(0, 24)}`;
}

export class ModerationLog {
  private readonly due: KeyvSet;
  private readonly o: ModerationLogOptions;
  /** Posts started outside a sweep, awaited by stop(). */
  private readonly posting = new Set<Promise<void>>();
  /** Servers whose alerts channel is known not to be told of a failure (no read before each post). */
  private readonly notTold = new Set<string>();
  /**
   * Generations whose line this process recorded before their reply was up: replyShown posts only
   * these, so a server without a log costs a reply nothing. Bounded: a reply that never comes is
   * the sweep's.
   */
  private readonly awaitingReply = new Set<string>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private sweeping: Promise<void> | undefined;
  private stopped = false;

  constructor(o: ModerationLogOptions) {
    this.o = o;
    this.due = new KeyvSet(o.keyv, 'modlog-due', o.lock);
  }

  /**
   * A generation was sent (its job is saved): its line, when the server keeps a log. Never throws:
   * the log must not hold back or fail a generation. Posted at once when the job knows its reply
   * (a batch's card), else when replyShown says it is up (the line links to it), or at the next sweep.
   */
  async generationSent(job: Job, ageRestricted: boolean): Promise<void> {
    const { guildId, messageId } = job.reply;
    if (!guildId) return;
    const added = await this.record(`g:${job.generationId}`, {
      kind: 'generation',
      guildId,
      userId: job.reply.userId,
      channelId: job.reply.channelId,
      generationId: job.generationId,
      messageId,
      type: job.type,
      modelLabel: job.modelLabel,
      priceMicros: job.chargedMicros,
      prompt: job.prompt,
      ageRestricted,
      at: job.createdAt,
      ...(job.reply.guildLocale ? { locale: job.reply.guildLocale } : {}),
    });
    if (!added) return;
    if (messageId !== null) {
      this.postSoon(`g:${job.generationId}`);
      return;
    }
    this.awaitingReply.add(job.generationId);
    if (this.awaitingReply.size > MAX_AWAITING_REPLY) {
      const oldest = this.awaitingReply.values().next().value;
      if (oldest !== undefined) this.awaitingReply.delete(oldest);
    }
  }

  /** The generation's reply is up (its id saved on the job): its line goes now, linking to it. */
  replyShown(generationId: string): void {
    if (this.awaitingReply.delete(generationId)) this.postSoon(`g:${generationId}`);
  }

  /** A prompt the server's rules refused; `id` names the request (its interaction), once. Never throws. */
  async promptRefused(id: string, line: Omit<ModerationLine, 'kind' | 'messageId'>): Promise<void> {
    if (await this.record(`r:${id}`, { ...line, kind: 'refusal', messageId: null })) this.postSoon(`r:${id}`);
  }

  /** Posts what is due now, then every sweepMs. */
  start(): void {
    this.sweepNow();
    this.timer = setInterval(() => this.sweepNow(), this.o.sweepMs ?? MODERATION_SWEEP_MS);
    this.timer.unref?.();
  }

  /** Waits for the posts under way; nothing new starts. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.sweeping;
    await Promise.allSettled([...this.posting]);
  }

  /** Resolves once the posts under way and the sweep under way are over (tests, the benchmark). */
  async idle(): Promise<void> {
    while (this.posting.size > 0 || this.sweeping) {
      await Promise.allSettled([...this.posting, this.sweeping]);
    }
  }

  /** Posts every due line once (those another process is posting wait for it, then are seen posted). */
  async sweep(): Promise<void> {
    let ids: string[];
    try {
      ids = await this.due.list();
    } catch (err) {
      this.o.logger.warn({ err }, 'cannot read the moderation lines due');
      return;
    }
    for (const id of ids) {
      if (this.stopped) return;
      await this.postEntry(id, true);
    }
  }

  private sweepNow(): void {
    if (this.stopped || this.sweeping) return;
    this.sweeping = this.sweep().finally(() => {
      this.sweeping = undefined;
    });
  }

  /**
   * Writes the entry unless the server keeps no log or it is written already, and lists it as owed;
   * true when it is owed (written now, or written before and not posted: a crash between the entry
   * and the list, whose recovery records it again, lists it then). Never throws.
   */
  private async record(id: string, line: ModerationLine): Promise<boolean> {
    const { keyv, lock, logger, quotaAdmin } = this.o;
    try {
      const settings = await quotaAdmin.getSettings(line.guildId);
      if (!settings.moderationChannelId) return false;
      const owed = await lock.withLock(entryKey(id), async () => {
        const before = await keyv.get<Entry>(entryKey(id));
        if (before) return !before.posted;
        await keyv.set(entryKey(id), { line, posted: false } satisfies Entry);
        return true;
      });
      if (!owed) return false;
      await this.due.add(id);
      return true;
    } catch (err) {
      logger.error({ err, guildId: line.guildId, entry: id }, 'cannot record a moderation line');
      return false;
    }
  }

  private postSoon(id: string): void {
    if (this.stopped) return;
    const post = this.postEntry(id).finally(() => this.posting.delete(post));
    this.posting.add(post);
  }

  /**
   * Posts one entry unless it is posted already (or waits for its reply); never throws (a failure
   * is tried at the next sweep).
   */
  private async postEntry(id: string, fromDueList = false): Promise<void> {
    const { keyv, lock, logger } = this.o;
    try {
      // Read first without the lock: a line posted or never owed takes no lock (on Redis a lease).
      const entry = await keyv.get<Entry>(entryKey(id));
      if (!entry || entry.posted) {
        if (fromDueList) await this.due.remove(id);
        return;
      }
      const settled = await lock.withLock(entryKey(id), () => this.postLocked(id));
      if (settled) {
        await this.due.remove(id);
        if (id.startsWith('g:')) this.awaitingReply.delete(id.slice(2));
      }
    } catch (err) {
      logger.warn({ err, entry: id }, 'cannot post a moderation line; trying again later');
      await lock
        .withLock(entryKey(id), async () => {
          const entry = await keyv.get<Entry>(entryKey(id));
          if (!entry || entry.posted) return;
          const since = entry.failingSince ?? this.o.clock.now();
          if (this.o.clock.now() - since < MODERATION_GIVE_UP_MS) {
            if (entry.failingSince === undefined)
              await keyv.set(entryKey(id), { ...entry, failingSince: since });
            return;
          }
          logger.error(
            { entry: id, guildId: entry.line.guildId },
            'a moderation line could not be posted for a day; dropped',
          );
          await keyv.delete(entryKey(id));
          await this.due.remove(id);
        })
        .catch((e) => logger.warn({ err: e, entry: id }, 'cannot note a failed moderation line'));
    }
  }

  /** Under the entry's lock: true once the entry needs nothing more (posted, dropped, or gone). */
  private async postLocked(id: string): Promise<boolean> {
    const { keyv, quotaAdmin, poster, logger } = this.o;
    const entry = await keyv.get<Entry>(entryKey(id));
    if (!entry || entry.posted) return true;
    const line = await this.withReply(entry.line);
    // Its reply is not up yet: the line waits for it (replyShown, or a later sweep).
    if (!line) return false;
    const settings = await quotaAdmin.getSettings(line.guildId);
    const channelId = settings.moderationChannelId;
    // The log was turned off meanwhile: the line is not owed any more.
    if (!channelId) {
      await keyv.delete(entryKey(id));
      return true;
    }
    try {
      await poster.post(channelId, line, moderationNonce(id));
    } catch (err) {
      if (!(err instanceof CannotPostThere)) throw err;
      logger.warn({ err, guildId: line.guildId, channelId }, 'cannot post in the moderation log channel');
      await keyv.delete(entryKey(id));
      await this.tellOnce(line.guildId, channelId, settings.alertChannelId);
      return true;
    }
    await keyv.set(entryKey(id), { line, posted: true } satisfies Entry, POSTED_KEPT_MS);
    await this.postedIn(line.guildId);
    return true;
  }

  /**
   * A generation's line with its reply's id, once the job has learnt it; undefined while the reply
   * may still come (the job not done, and within the interaction's 15 minutes), so that a sweep
   * does not post a line without its link just before the reply is up. A job done without a reply
   * id, or gone, is logged with the channel's link.
   */
  private async withReply(line: ModerationLine): Promise<ModerationLine | undefined> {
    if (line.messageId !== null || !line.generationId) return line;
    const job = await this.o.jobs.get(line.generationId);
    const messageId = job?.reply.messageId ?? null;
    if (messageId === null && job && job.step !== 'done' && this.o.clock.now() - line.at < REPLY_WAIT_MS)
      return undefined;
    return { ...line, messageId };
  }

  /** The alerts channel hears once that the log channel cannot be posted in (again after a line went through). */
  private async tellOnce(guildId: string, logChannelId: string, alertChannelId: string | undefined) {
    const { keyv, poster, logger } = this.o;
    this.notTold.delete(guildId);
    if ((await keyv.get<string>(toldKey(guildId))) === logChannelId) return;
    // Noted first: a post that fails is not repeated for every line (the log says why).
    await keyv.set(toldKey(guildId), logChannelId);
    if (!alertChannelId) return;
    await poster
      .tellCannotPost({ guildId, channelId: alertChannelId }, logChannelId)
      .catch((err) =>
        logger.warn({ err, guildId }, 'cannot tell the alerts channel about the moderation log'),
      );
  }

  /** A line went through: a later failure is told again. */
  private async postedIn(guildId: string): Promise<void> {
    if (this.notTold.has(guildId)) return;
    await this.o.keyv.delete(toldKey(guildId));
    this.notTold.add(guildId);
  }
}
