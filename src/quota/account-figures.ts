/**
 * What /balance and the dashboard show of the shared account: its balance and total spend (asked of
 * the service), this server's spend this period (its ledger) and the drift between every server's
 * ledger and the service's usage log (drift.ts). A service that does not answer leaves its part
 * null, said as such, and logged; the rest is still shown.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { MediaClient } from '../media/client.ts';
import type { Account } from '../media/schemas.ts';
import type { Micros } from '../money.ts';
import { type Drift, driftFor, readDriftFigures } from './drift.ts';
import type { Period } from './periods.ts';
import type { QuotaLedger } from './types.ts';

export interface BalanceFigures {
  /** null when the service could not be asked. */
  account: Account | null;
  period: Period;
  /** This server's charges minus refunds this period, from the ledger. */
  serverMicros: Micros;
  budgetMicros: Micros;
  /** null when the usage log could not be read. */
  drift: Drift | null;
}

export interface AccountSources {
  quotaLedger: Pick<QuotaLedger, 'forPeriod'>;
  media: Pick<MediaClient, 'getAccount' | 'listUsage'>;
  clock: Clock;
  logger: Logger;
}

/**
 * The account and the drift around this server's own figure. `botGuildIds` are the servers whose
 * ledgers the drift adds up (the usage log is the whole token's); `where` names the asker in the log.
 */
export async function balanceFigures(
  sources: AccountSources,
  server: {
    guildId: string;
    period: Period;
    at: Date;
    serverMicros: Micros;
    budgetMicros: Micros;
    botGuildIds: readonly string[];
  },
  where: string,
): Promise<BalanceFigures> {
  const { guildId, period, at, serverMicros, budgetMicros } = server;
  const others = server.botGuildIds.filter((id) => id !== guildId);
  const [account, drift] = await Promise.all([
    sources.media.getAccount({ priority: 'submit' }).catch((err: unknown) => {
      sources.logger.warn({ err, guildId }, `${where} could not read the account`);
      return null;
    }),
    readDriftFigures(sources, { guildIds: [guildId, ...others], period, at }, { priority: 'submit' })
      .then((figures) => driftFor(figures, guildId, serverMicros))
      .catch((err: unknown) => {
        sources.logger.warn({ err, guildId }, `${where} could not read the usage log for the drift`);
        return null;
      }),
  ]);
  return { account, period, serverMicros, budgetMicros, drift };
}
