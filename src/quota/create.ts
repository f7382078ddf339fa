/**
 * Builds the quota once, at wiring time: the money (service.ts), what admins change and read
 * (admin.ts), the ledger's reads (ledger-reads.ts) and the admins' dashboard (dashboard.ts), all over
 * the same guild transactions (transactions.ts), so that each of them sees, and recovers, the same
 * state. Callers hold the one they need by its interface (types.ts).
 */
import { ServerAdmin } from './admin.ts';
import { DashboardReads } from './dashboard.ts';
import { LedgerReads } from './ledger-reads.ts';
import { QuotaMoney } from './service.ts';
import { GuildTransactions } from './transactions.ts';
import type { QuotaAdmin, QuotaLedger, QuotaOptions, QuotaService, ServerDashboard } from './types.ts';

export interface Quota {
  /** Reserve, settle, release, finish, refund, and the member's figures. */
  service: QuotaService;
  /** The server's settings, their changes (audited, settled when their answer gives up) and the overview. */
  admin: QuotaAdmin;
  /** The ledger's entries, newest first. */
  ledger: QuotaLedger;
  /** The admins' dashboard: the server's spend and members' table, caught up from the ledger per process. */
  dashboard: ServerDashboard;
}

/** The quota over the store's `quota` and `quota-ledger` namespaces, or over `options.backend`. */
export function createQuota(options: QuotaOptions): Quota {
  const guilds = new GuildTransactions(options);
  return {
    service: new QuotaMoney(guilds, options.defaults),
    admin: new ServerAdmin(guilds, options.defaults),
    ledger: new LedgerReads(guilds),
    dashboard: new DashboardReads(guilds, options.defaults),
  };
}
