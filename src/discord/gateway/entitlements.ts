/**
 * The Discord edge of top-up purchases (jobs/topup-purchases.ts): the gateway's entitlement events
 * handed to the purchases, and what the purchases ask of Discord: the unconsumed entitlements at a
 * start, the consume, and a word to the member (a DM) or the admins (the alerts channel).
 */
import { type Client, DiscordAPIError, type Entitlement, Events } from 'discord.js';
import { localizer } from '../../i18n/index.ts';
import type {
  EntitlementPort,
  StoreEntitlement,
  TopupPurchases,
  TopupText,
} from '../../jobs/topup-purchases.ts';
import type { Logger } from '../../log.ts';
import { renderTopupText } from '../views/topup-text.ts';
import { alertPoster } from './alert-channel.ts';

/** An entitlement as the purchases read it. */
export function storeEntitlement(e: Entitlement): StoreEntitlement {
  return {
    id: e.id,
    skuId: e.skuId,
    applicationId: e.applicationId,
    userId: e.userId ?? null,
    guildId: e.guildId ?? null,
    type: e.type,
    consumed: e.consumed,
    deleted: e.deleted,
  };
}

export function entitlementPort(client: Client<true>): EntitlementPort {
  const alert = alertPoster(client);
  return {
    async consume(entitlementId) {
      try {
        await client.application.entitlements.consume(entitlementId);
      } catch (err) {
        // Consumed already (a lost answer, another process): Discord refuses the second consume.
        if (!(err instanceof DiscordAPIError) || err.status >= 500) throw err;
        const now = await client.application.entitlements.fetch(entitlementId);
        if (!now.consumed) throw err;
      }
    },
    async unconsumed() {
      const found: StoreEntitlement[] = [];
      let after: string | undefined;
      for (;;) {
        const page = await client.application.entitlements.fetch({
          excludeDeleted: true,
          excludeEnded: true,
          limit: 100,
          cache: false,
          ...(after ? { after } : {}),
        });
        for (const e of page.values()) if (!e.consumed) found.push(storeEntitlement(e));
        if (page.size < 100) return found;
        after = [...page.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : -1))[0];
      }
    },
    async tellMember(userId, text) {
      const user = await client.users.fetch(userId);
      // The member's own language is not known outside an interaction: the server's, else English.
      const locale = 'guildId' in text ? client.guilds.cache.get(text.guildId)?.preferredLocale : undefined;
      await user.send({ content: renderTopupText(text, localizer(locale)), allowedMentions: { parse: [] } });
    },
    tellAdmins(target, text: TopupText) {
      return alert(target, (l) => renderTopupText(text, l));
    },
  };
}

/** Hands the gateway's purchases and refunds to the purchases; returns the unsubscriber. */
export function listenForEntitlements(client: Client, purchases: TopupPurchases, logger: Logger): () => void {
  const created = (e: Entitlement) => {
    void purchases.purchased(storeEntitlement(e));
  };
  const deleted = (e: Entitlement) => {
    void purchases
      .refunded(storeEntitlement(e))
      .catch((err) => logger.error({ err, entitlementId: e.id }, 'cannot take back a refunded top-up'));
  };
  client.on(Events.EntitlementCreate, created);
  client.on(Events.EntitlementDelete, deleted);
  return () => {
    client.off(Events.EntitlementCreate, created);
    client.off(Events.EntitlementDelete, deleted);
  };
}
