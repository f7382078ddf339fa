/**
 * A top-up's two changes, inside one guild's operation: the credit of a purchase, and its
 * take-back when Discord refunds it. Each is a `topup` ledger entry (journal.ts writes its record
 * `topup:<entitlement>` first, then the entry, then the member), and a record in the server's audit
 * log beside the admins' changes: money a member brought, in Discord's store.
 *
 * The audit record is written after the entry. A crash between the two leaves the money right
 * and the log without its line. A change sent again finds the change made and writes the line
 * then, from the ledger's entry, unless the log's latest lines have it. The purchases' intake
 * credits again at each start what it has not consumed; a take-back is sent again only when
 * Discord sends the refund again (jobs/topup-purchases.ts), so its line can stay missing.
 */
import type { Micros } from '../money.ts';
import { recordChange } from './audit-log.ts';
import { isCredit, type Journal, type Session } from './journal.ts';
import type { LedgerEntry } from './ledger.ts';
import { dayKey } from './periods.ts';
import { topupLeft } from './state.ts';

/** The audit log's actions of a top-up credited, and of one refunded by Discord and taken back. */
export const TOPUP_CREDIT = 'topup-credit';
export const TOPUP_TAKE_BACK = 'topup-take-back';

export interface TopupCredit {
  userId: string;
  entitlementId: string;
  skuId: string;
  micros: Micros;
  note?: string;
  now: number;
}

/** Credits the purchase in `s`'s server unless it was credited already (here or in another server). */
export async function creditTopupIn(
  journal: Journal,
  s: Session,
  c: TopupCredit,
): Promise<{ credited: boolean }> {
  // Keyed by the entitlement across servers: a purchase is credited once, wherever.
  const before = await journal.creditedTopup(s, c.entitlementId);
  if (before) {
    if (before.guildId === s.guildId) await auditAgain(s, before.creditSeq);
    return { credited: false };
  }
  const [entry] = await journal.commit(s, [
    {
      kind: 'topup',
      userId: c.userId,
      entitlementId: c.entitlementId,
      skuId: c.skuId,
      amountMicros: c.micros,
      day: dayKey(c.now),
      at: new Date(c.now).toISOString(),
      ...(c.note === undefined ? {} : { note: c.note }),
    },
  ]);
  if (entry) await audit(s, entry);
  return { credited: true };
}

/**
 * Takes back what is left of the member's top-up, up to the purchase's credit; the rest was spent
 * and is recorded as owed. Once per entitlement: again, it answers what was done.
 */
export async function takeBackTopupIn(
  journal: Journal,
  s: Session,
  o: { entitlementId: string; note?: string; now: number },
): Promise<{ takenMicros: Micros; owedMicros: Micros }> {
  const record = await journal.creditedTopup(s, o.entitlementId);
  if (!record || record.guildId !== s.guildId) return { takenMicros: 0, owedMicros: 0 };
  if (record.appliedSeq > record.creditSeq) {
    await auditAgain(s, record.appliedSeq);
    return { takenMicros: record.takenBackMicros ?? 0, owedMicros: record.owedMicros ?? 0 };
  }
  const member = await journal.member(s, record.userId);
  const takenMicros = Math.min(record.micros, topupLeft(member));
  const owedMicros = record.micros - takenMicros;
  const [entry] = await journal.commit(s, [
    {
      kind: 'topup',
      userId: record.userId,
      entitlementId: o.entitlementId,
      amountMicros: -takenMicros,
      ...(owedMicros > 0 ? { owedMicros } : {}),
      day: dayKey(o.now),
      at: new Date(o.now).toISOString(),
      note: o.note ?? 'refunded by Discord',
    },
  ]);
  if (entry) await audit(s, entry);
  return { takenMicros, owedMicros };
}

/** The audit line of the ledger's `topup` entry at `seq`, when the log's latest lines lack it. */
async function auditAgain(s: Session, seq: number): Promise<void> {
  const entry = await s.ledger.get(s.guildId, seq);
  if (entry?.kind !== 'topup') return;
  const { action, detail } = auditOf(entry);
  const { audit: latest } = await s.settings.read(s.guildId);
  if (latest.some((l) => l.action === action && l.detail.entitlementId === detail.entitlementId)) return;
  await audit(s, entry);
}

async function audit(s: Session, entry: LedgerEntry): Promise<void> {
  const { action, detail } = auditOf(entry);
  await recordChange(
    s.tx.state,
    s.guildId,
    { at: new Date(entry.at), by: entry.userId, action, detail },
    () => undefined,
  );
}

/** A credit's line (what was bought), or a take-back's (what came back, what is owed). */
function auditOf(e: LedgerEntry): { action: string; detail: Record<string, unknown> } {
  if (isCredit(e))
    return {
      action: TOPUP_CREDIT,
      detail: { entitlementId: e.entitlementId, skuId: e.skuId, micros: e.amountMicros },
    };
  const owedMicros = e.owedMicros ?? 0;
  return {
    action: TOPUP_TAKE_BACK,
    detail: { entitlementId: e.entitlementId, takenMicros: -e.amountMicros, owedMicros },
  };
}
