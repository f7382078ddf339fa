/**
 * The application's store, as the fake serves it: its SKUs (declared by the test) and the
 * entitlements members bought, consumed by the bot or refunded by Discord. Kept apart from the
 * rest of the state: nothing else of the fake reads it.
 */
import type { APIEntitlement, APISKU } from 'discord.js';
import type { FakePurchase, FakeSkuSpec } from './types.ts';

export class FakeStore {
  readonly skus: APISKU[];
  readonly entitlements = new Map<string, APIEntitlement>();
  private readonly applicationId: string;
  private readonly newId: () => string;

  constructor(applicationId: string, specs: readonly FakeSkuSpec[], newId: () => string) {
    this.applicationId = applicationId;
    this.newId = newId;
    this.skus = specs.map((s) => ({
      id: s.id,
      type: s.type ?? 3,
      application_id: applicationId,
      name: s.name,
      slug: s.name.toLowerCase().replace(/\W+/g, '-'),
      flags: 1 << 2,
    }));
  }

  /** A member buys a SKU: its entitlement, as Discord makes it. */
  purchase(p: FakePurchase): APIEntitlement {
    const e: APIEntitlement = {
      id: this.newId(),
      sku_id: p.skuId,
      application_id: p.applicationId ?? this.applicationId,
      user_id: p.userId,
      ...(p.guildId ? { guild_id: p.guildId } : {}),
      type: p.type ?? 1,
      deleted: false,
      starts_at: null,
      ends_at: null,
      consumed: false,
    };
    this.entitlements.set(e.id, e);
    return e;
  }

  /** Discord refunds it: it is deleted. */
  refund(entitlementId: string): APIEntitlement {
    const e = this.entitlements.get(entitlementId);
    if (!e) throw new Error(`refund: no entitlement ${entitlementId}`);
    e.deleted = true;
    return e;
  }

  isConsumable(e: APIEntitlement): boolean {
    return this.skus.find((s) => s.id === e.sku_id)?.type === 3;
  }
}
