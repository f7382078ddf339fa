/**
 * The store's REST routes: the application's SKUs, its entitlements (listed with Discord's query,
 * one by id) and the consume. Only the fake's own application answers; another id is unknown.
 * Error codes Discord's documentation does not name for these cases are chosen and said so.
 */
import type { APIEntitlement } from 'discord.js';
import { error, type Reply, type Route, route } from './rest-routes.ts';
import type { FakeState } from './state.ts';

const unknownApplication = () => error(404, 10002, 'Unknown Application');
/** Chosen: Discord's list of JSON codes names 10070 (an unknown entitlement) for it as we read it. */
const unknownEntitlement = () => error(404, 10070, 'Unknown Entitlement');

export function storeRoutes(s: FakeState): Route[] {
  const ours = (app: string | undefined) => app === s.applicationId;
  return [
    route('GET', '/applications/:app/skus', 'skus', (_, p) =>
      ours(p.app) ? { status: 200, body: s.store.skus } : unknownApplication(),
    ),
    route('GET', '/applications/:app/entitlements', 'entitlements', (c, p) =>
      ours(p.app) ? { status: 200, body: listEntitlements(s, c.query) } : unknownApplication(),
    ),
    route('GET', '/applications/:app/entitlements/:id', 'entitlementGet', (_, p) => {
      if (!ours(p.app)) return unknownApplication();
      const e = s.store.entitlements.get(p.id ?? '');
      return e && e.application_id === s.applicationId ? { status: 200, body: e } : unknownEntitlement();
    }),
    route('POST', '/applications/:app/entitlements/:id/consume', 'entitlementConsume', (_, p) => {
      if (!ours(p.app)) return unknownApplication();
      const e = s.store.entitlements.get(p.id ?? '');
      if (!e || e.application_id !== s.applicationId) return unknownEntitlement();
      return consume(s, e);
    }),
  ];
}

/**
 * Consumes a consumable entitlement. Chosen: a second consume, or one of a SKU that is not
 * consumable, is refused with 400 (Discord's docs say only consumable, unconsumed ones can be).
 */
function consume(s: FakeState, e: APIEntitlement): Reply {
  if (!s.store.isConsumable(e)) return error(400, 50035, 'Invalid Form Body: the SKU is not consumable');
  if (e.consumed) return error(400, 40074, 'This entitlement has already been consumed');
  e.consumed = true;
  return { status: 204 };
}

/** Discord's list: by user, SKUs, guild, deleted and ended excluded on ask, by id after/before, at most `limit`. */
function listEntitlements(s: FakeState, q: Record<string, string>): APIEntitlement[] {
  const skus = q.sku_ids ? new Set(q.sku_ids.split(',')) : undefined;
  const limit = Math.min(100, Math.max(1, Number(q.limit ?? 100)));
  const byId = (a: APIEntitlement, b: APIEntitlement) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);
  const all = [...s.store.entitlements.values()]
    .filter((e) => e.application_id === s.applicationId)
    .filter((e) => !q.user_id || e.user_id === q.user_id)
    .filter((e) => !skus || skus.has(e.sku_id))
    .filter((e) => !q.guild_id || e.guild_id === q.guild_id)
    .filter((e) => q.exclude_deleted === 'false' || !e.deleted)
    .filter((e) => !(q.after && BigInt(e.id) <= BigInt(q.after)))
    .filter((e) => !(q.before && BigInt(e.id) >= BigInt(q.before)))
    .sort(byId);
  return q.before && !q.after ? all.slice(-limit) : all.slice(0, limit);
}
