/**
 * Top-up purchases (issue 35): an entitlement of one of the application's consumable SKUs, bought
 * by a member in Discord's store, is credited to the buyer's top-up in one server, then consumed.
 *
 * Exactly once per entitlement, across crashes, restarts, a lost consume answer and several
 * processes: the quota credits an entitlement id once (QuotaService.creditTopup, inside the
 * server's transaction), and consuming comes only after the credit is recorded. So:
 * - killed between credit and consume: the next start lists the unconsumed entitlements, the credit
 *   is a no-op, and the consume is made;
 * - the consume's answer lost: the next try (or the next start) consumes again, and an entitlement
 *   already consumed counts as consumed;
 * - two processes handling the same event: both ask the quota to credit, one credits, both consume.
 *
 * Which server: a premium button sends the bot no interaction, so the server is the one where the
 * buyer was last shown the buttons (`recordOffer`, kept 24 h); when that is not known, the purchase
 * waits, unconsumed, until the buyer next runs /usage in a server (`claimWaiting`), which says so.
 * An entitlement of another application, of a SKU the server does not offer, of a type other than
 * a purchase (a test purchase only with TOPUPS_ACCEPT_TEST=1), or deleted, credits nothing.
 *
 * A refund by Discord (`ENTITLEMENT_DELETE`) takes back the unspent part of its credit; the rest is
 * recorded as owed by the quota. The member and the server's alerts channel are told.
 */
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { Micros } from '../money.ts';
import type { QuotaAdmin, QuotaService } from '../quota/types.ts';

/** Discord's entitlement types that this bot credits. */
export const PURCHASE = 1;
export const TEST_MODE_PURCHASE = 4;

/** How long the server where a member was shown the buttons counts as where they bought (ms). */
export const OFFER_KEPT_MS = 24 * 60 * 60_000;

/** An entitlement as Discord describes it, as far as a top-up needs. */
export interface StoreEntitlement {
  id: string;
  skuId: string;
  applicationId: string;
  userId: string | null;
  guildId: string | null;
  type: number;
  consumed: boolean;
  deleted: boolean;
}

/** What the Discord edge does for the purchases. */
export interface EntitlementPort {
  /** Consumes it; an entitlement already consumed resolves too. */
  consume(entitlementId: string): Promise<void>;
  /** The application's entitlements not consumed (nor deleted), every page of them. */
  unconsumed(): Promise<StoreEntitlement[]>;
  /** Tells the member privately (a DM); rejects when it cannot. */
  tellMember(userId: string, text: TopupText): Promise<void>;
  /** Posts in the server's alerts channel; rejects when it cannot. */
  tellAdmins(target: { guildId: string; channelId: string }, text: TopupText): Promise<void>;
}

/** What a member or the admins are told, for the Discord edge to word: a fact, not a text. */
export type TopupText =
  | { kind: 'credited'; guildId: string; micros: Micros; skuId: string }
  | { kind: 'waiting'; skuId: string }
  | { kind: 'refunded'; guildId: string; userId: string; takenMicros: Micros; owedMicros: Micros };

/** The quota's top-up calls (quota/service.ts). */
export type TopupQuota = Pick<QuotaService, 'creditTopup' | 'takeBackTopup'>;

export interface TopupPurchasesOptions {
  /** The bot's application (known once the gateway is ready: entitlement events come after). */
  applicationId: () => string | undefined;
  /** TOPUPS_ACCEPT_TEST=1: test purchases (type 4) are credited too. */
  acceptTest: boolean;
  quota: TopupQuota;
  quotaAdmin: Pick<QuotaAdmin, 'getSettings'>;
  port: EntitlementPort;
  /** The jobs namespace: where each entitlement went, offers, purchases waiting for a server. */
  keyv: Keyv;
  lock: KeyedLock;
  clock: Clock;
  logger: Logger;
}

/**
 * Where an entitlement goes, decided once and written before the quota is asked (so a crash in
 * between credits the same server and amount on the retry, whatever the offers say by then), and
 * kept for its refund.
 */
interface Credited {
  guildId: string;
  userId: string;
  skuId: string;
  micros: Micros;
  /** `crediting` until the quota has it; `refunded` once Discord refunded it (never credited again). */
  state: 'crediting' | 'credited' | 'refunded';
}

/** A purchase Discord refunded before any server was decided for it: never credited. */
interface RefundedUncredited {
  state: 'refunded';
  guildId?: undefined;
}

type CreditRecord = Credited | RefundedUncredited;

const creditKey = (entitlementId: string) => `topup:${entitlementId}`;
const offerKey = (userId: string) => `topup-offer:${userId}`;
const waitingKey = (userId: string) => `topup-waiting:${userId}`;

export type PurchaseOutcome =
  | { kind: 'credited'; guildId: string; micros: Micros }
  | { kind: 'already' }
  | { kind: 'waiting' }
  | { kind: 'ignored'; why: string };

export class TopupPurchases {
  private readonly o: TopupPurchasesOptions;

  constructor(o: TopupPurchasesOptions) {
    this.o = o;
  }

  /** The member was shown the premium buttons in this server: a purchase soon after is for it. */
  async recordOffer(userId: string, guildId: string): Promise<void> {
    await this.o.keyv.set(offerKey(userId), { guildId, at: this.o.clock.now() }, OFFER_KEPT_MS);
  }

  /** ENTITLEMENT_CREATE (or one found unconsumed at a start). Never throws: a failure is logged and tried at the next start. */
  async purchased(e: StoreEntitlement): Promise<PurchaseOutcome> {
    try {
      return await this.o.lock.withLock(creditKey(e.id), () => this.credit(e));
    } catch (err) {
      this.o.logger.error(
        { err, entitlementId: e.id },
        'cannot credit a top-up purchase; tried again at the next start',
      );
      return { kind: 'ignored', why: 'error' };
    }
  }

  /** At a start: every unconsumed entitlement, credited (once) and consumed. */
  async resume(): Promise<number> {
    let n = 0;
    for (const e of await this.o.port.unconsumed()) {
      if ((await this.purchased(e)).kind === 'credited') n += 1;
    }
    return n;
  }

  /** How many of the member's purchases wait for them to name a server (one read, for /usage). */
  async waitingCount(userId: string): Promise<number> {
    return ((await this.o.keyv.get<StoreEntitlement[]>(waitingKey(userId))) ?? []).length;
  }

  /**
   * /usage in a server: the member's purchases that waited for a server are credited here (when
   * the server offers their SKU). Returns what was credited, for /usage to say.
   */
  async claimWaiting(userId: string, guildId: string): Promise<Micros> {
    const waiting = (await this.o.keyv.get<StoreEntitlement[]>(waitingKey(userId))) ?? [];
    if (waiting.length === 0) return 0;
    await this.recordOffer(userId, guildId);
    let total = 0;
    for (const e of waiting) {
      const outcome = await this.purchased(e);
      if (outcome.kind === 'credited') total += outcome.micros;
    }
    return total;
  }

  /**
   * ENTITLEMENT_DELETE: Discord refunded it. The unspent part of its credit is taken back, and it is
   * marked refunded, so that no later credit (a start finding it, /usage claiming it while it
   * waited for a server) takes it. Under the entitlement's lock, as a credit is: a refund during a
   * credit waits for it, and takes back what it credited.
   */
  async refunded(e: StoreEntitlement): Promise<void> {
    const { keyv, logger } = this.o;
    const credited = await this.o.lock.withLock(creditKey(e.id), async () => {
      const record = await keyv.get<CreditRecord>(creditKey(e.id));
      if (record?.state === 'refunded') return undefined;
      if (e.userId) await this.unwait(e.userId, e.id);
      if (!record?.guildId) {
        await keyv.set(creditKey(e.id), { state: 'refunded' } satisfies RefundedUncredited);
        logger.info(
          { entitlementId: e.id },
          'a refunded entitlement was never credited; nothing to take back',
        );
        return undefined;
      }
      const taken = await this.o.quota.takeBackTopup({
        guildId: record.guildId,
        entitlementId: e.id,
        note: 'refunded by Discord',
      });
      await keyv.set(creditKey(e.id), { ...record, state: 'refunded' } satisfies Credited);
      return { record, ...taken };
    });
    if (credited) await this.tellRefund(credited.record, credited);
  }

  private async tellRefund(
    credited: Credited,
    { takenMicros, owedMicros }: { takenMicros: Micros; owedMicros: Micros },
  ): Promise<void> {
    const { port, quotaAdmin, logger } = this.o;
    const text: TopupText = {
      kind: 'refunded',
      guildId: credited.guildId,
      userId: credited.userId,
      takenMicros,
      owedMicros,
    };
    await port
      .tellMember(credited.userId, text)
      .catch((err) => logger.warn({ err }, 'cannot tell a member of a refund'));
    const { alertChannelId } = await quotaAdmin.getSettings(credited.guildId);
    if (alertChannelId) {
      await port
        .tellAdmins({ guildId: credited.guildId, channelId: alertChannelId }, text)
        .catch((err) => logger.warn({ err }, 'cannot tell the alerts channel of a refund'));
    }
  }

  /** Under the entitlement's lock. */
  private async credit(e: StoreEntitlement): Promise<PurchaseOutcome> {
    const { keyv, quota, quotaAdmin, port, logger } = this.o;
    const refused = this.refusal(e);
    if (refused) {
      logger.warn({ entitlementId: e.id, skuId: e.skuId, why: refused }, 'an entitlement credits nothing');
      return { kind: 'ignored', why: refused };
    }
    const userId = e.userId as string;
    const record = await keyv.get<CreditRecord>(creditKey(e.id));
    if (record?.state === 'refunded') {
      await this.unwait(userId, e.id);
      return { kind: 'ignored', why: 'refunded' };
    }
    let to = record;
    if (to?.state === 'credited') {
      // Credited before: only the consume may be missing (a crash, a lost answer).
      if (!e.consumed) await port.consume(e.id);
      return { kind: 'already' };
    }
    if (!to) {
      const guildId = e.guildId ?? (await keyv.get<{ guildId: string }>(offerKey(userId)))?.guildId;
      const micros = guildId ? (await quotaAdmin.getSettings(guildId)).topupSkus?.[e.skuId] : undefined;
      if (!guildId || micros === undefined) {
        if (await this.wait(userId, e)) {
          await port
            .tellMember(userId, { kind: 'waiting', skuId: e.skuId })
            .catch((err) =>
              logger.info({ err, userId }, 'cannot tell a member their top-up waits for a server'),
            );
        }
        return { kind: 'waiting' };
      }
      to = { guildId, userId, skuId: e.skuId, micros, state: 'crediting' };
      await keyv.set(creditKey(e.id), to);
    }
    const { guildId, micros } = to;
    // The quota credits an entitlement id once; then it is marked, then consumed.
    const { credited } = await quota.creditTopup({
      guildId,
      userId,
      entitlementId: e.id,
      skuId: e.skuId,
      micros,
    });
    await keyv.set(creditKey(e.id), { ...to, state: 'credited' } satisfies Credited);
    await this.unwait(userId, e.id);
    await port.consume(e.id);
    if (credited) {
      await port
        .tellMember(userId, { kind: 'credited', guildId, micros, skuId: e.skuId })
        .catch((err) => logger.info({ err, userId }, 'cannot tell a member their top-up was credited'));
    }
    return credited ? { kind: 'credited', guildId, micros } : { kind: 'already' };
  }

  /** Why an entitlement credits nothing, or undefined. */
  private refusal(e: StoreEntitlement): string | undefined {
    if (e.applicationId !== this.o.applicationId()) return 'another application';
    if (e.deleted) return 'deleted';
    if (!e.userId) return 'no buyer';
    if (e.type === TEST_MODE_PURCHASE && !this.o.acceptTest)
      return 'a test purchase (TOPUPS_ACCEPT_TEST is off)';
    if (e.type !== PURCHASE && e.type !== TEST_MODE_PURCHASE) return `type ${e.type}`;
    return undefined;
  }

  /** Keeps the purchase until the member names a server (/usage); true when it was not kept already. */
  private wait(userId: string, e: StoreEntitlement): Promise<boolean> {
    return this.o.lock.withLock(waitingKey(userId), async () => {
      const list = (await this.o.keyv.get<StoreEntitlement[]>(waitingKey(userId))) ?? [];
      if (list.some((w) => w.id === e.id)) return false;
      await this.o.keyv.set(waitingKey(userId), [...list, e]);
      return true;
    });
  }

  private async unwait(userId: string, entitlementId: string): Promise<void> {
    await this.o.lock.withLock(waitingKey(userId), async () => {
      const list = (await this.o.keyv.get<StoreEntitlement[]>(waitingKey(userId))) ?? [];
      if (list.some((w) => w.id === entitlementId))
        await this.o.keyv.set(
          waitingKey(userId),
          list.filter((w) => w.id !== entitlementId),
        );
    });
  }
}
