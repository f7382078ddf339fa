/**
 * What /balance and the dashboard show of the shared account: its balance and total spend (asked of
 * the service), this server's spend this period (its ledger) and the drift between every server's
 * ledger and the service's usage log (drift.ts). A service that does not answer leaves its part
 * null, said as such, and logged; the rest is still shown.
 */
import type { Clock } from '../clock.ts';
import type { Localizer } from '../i18n/index.ts';
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

/**
 * The drift line. The service's usage log is the account's, so it covers the whole API token:
 * every server this bot is in (and anything else that uses the token). With one server it is
 * compared with this server's ledger; with several, with the sum of all their ledgers, and the
 * line says so, since a difference found there is not this server's alone. A ledger charge is
 * booked on its reservation's UTC day and a usage record at its creation, so a generation
 * submitted across midnight can sit in different periods; and the service drops a failed
 * generation's record before the bot's poller sees the failure and refunds it: both make short
 * differences that go away by themselves. Two sentences, each whole: what each side shows, then
 * what the difference means. `dateText` writes the period's start as the reader's medium does
 * (a Discord timestamp, a date in the page).
 */
export function driftText(d: Drift, l: Localizer, dateText: (since: Date) => string): string {
  const when =
    d.period === 'total'
      ? l.t('balance:drift.when.total')
      : l.t(`balance:drift.when.${d.period}`, { since: dateText(d.since) });
  const service = d.serviceComplete
    ? l.money(d.serviceMicros)
    : l.t('balance:drift.atLeast', { amount: d.serviceMicros });
  if (d.serversCompared === 0) {
    return l.t('balance:drift.tooMany', { when, servers: d.botServers, service, server: d.serverMicros });
  }
  const head =
    d.serversCompared === 1
      ? l.t('balance:drift.compareOne', { when, ledger: d.ledgerMicros, service })
      : l.t('balance:drift.compareAll', {
          when,
          servers: d.serversCompared,
          ledger: d.ledgerMicros,
          server: d.serverMicros,
          service,
        });
  const diff = d.serviceMicros - d.ledgerMicros;
  const verdict = !d.serviceComplete
    ? l.t('balance:drift.partial')
    : diff === 0
      ? l.t('balance:drift.match')
      : diff > 0
        ? l.t('balance:drift.serviceMore', { amount: diff })
        : l.t('balance:drift.ledgerMore', { amount: -diff });
  return l.t('balance:drift.line', { head, verdict });
}
