/**
 * The drift: what the bot's ledgers say the service charged against what the service's usage log
 * shows, for one period. /balance shows it on demand and the alerts check it every hour, so both
 * read it here. The usage log is the whole API token's, so it is compared with the sum of every
 * server's ledger (driftText in account-figures.ts says what the figures mean, for /balance and, passed
 * in, for the alerts).
 */
import type { MediaClient, ReadOptions } from '../media/client.ts';
import type { UsageRecord } from '../media/schemas.ts';
import { type Micros, usdToMicros } from '../money.ts';
import type { LedgerEntry } from './ledger.ts';
import { type Period, periodStart } from './periods.ts';
import type { QuotaLedger } from './types.ts';

/** What the ledger says the service charged: charges minus refunds (reservations and admin resets move no money at the service). */
export function ledgerChargedMicros(entries: readonly LedgerEntry[]): Micros {
  let sum = 0;
  for (const e of entries) {
    if (e.kind === 'charge') sum += e.amountMicros;
    else if (e.kind === 'refund') sum -= e.amountMicros;
  }
  return sum;
}

/** The sum of the usage records created at or after `since`, each counted once (pages can shift while read). */
export function usageSinceMicros(
  records: readonly UsageRecord[],
  since: Date,
  seen = new Set<number>(),
): Micros {
  let sum = 0;
  for (const r of records) {
    if (Date.parse(r.created_at) < since.getTime() || seen.has(r.id)) continue;
    seen.add(r.id);
    sum += usdToMicros(r.amount_usd);
  }
  return sum;
}

/** The comparison of the ledger with the service's usage log for one period. */
export interface Drift {
  period: Period;
  since: Date;
  /** Charges minus refunds in the ledgers compared (this server's, or all the bot's servers'). */
  ledgerMicros: Micros;
  /** This server's part of ledgerMicros. */
  serverMicros: Micros;
  /** How many servers' ledgers ledgerMicros sums; 0 when the bot is in too many to sum. */
  serversCompared: number;
  /** How many servers the bot is in. */
  botServers: number;
  serviceMicros: Micros;
  /** False when the page bound was reached before the period's first record: serviceMicros is a lower bound. */
  serviceComplete: boolean;
}

/** The drift reads at most this many pages of 100 usage records: a bounded cost of the shared request budget. */
export const DRIFT_MAX_PAGES = 5;
const DRIFT_PAGE_SIZE = 100;
/** Beyond this many servers the drift does not add up every server's ledger. */
export const DRIFT_MAX_SERVERS = 25;

export interface DriftSources {
  quotaLedger: Pick<QuotaLedger, 'forPeriod'>;
  media: Pick<MediaClient, 'listUsage'>;
}

/** The figures of one period, read once and shared by every server that compares them. */
export interface DriftFigures {
  period: Period;
  since: Date;
  /** Each server's charges minus refunds this period; null when the bot is in too many servers to read them all. */
  ledgers: Map<string, Micros> | null;
  botServers: number;
  serviceMicros: Micros;
  serviceComplete: boolean;
}

/** Reads every server's ledger and the usage log for the period containing `at`. */
export async function readDriftFigures(
  sources: DriftSources,
  scope: { guildIds: readonly string[]; period: Period; at: Date },
  read: ReadOptions,
): Promise<DriftFigures> {
  const { guildIds, period, at } = scope;
  const since = periodStart(period, at);
  // The usage log is the whole token's: compare it with every server's ledger, unless there are
  // too many of them to read.
  const summed = guildIds.length <= DRIFT_MAX_SERVERS;
  const [ledgers, service] = await Promise.all([
    summed
      ? Promise.all(
          guildIds.map(
            async (id) =>
              [id, ledgerChargedMicros(await sources.quotaLedger.forPeriod(id, period, at))] as const,
          ),
        ).then((pairs) => new Map(pairs))
      : Promise.resolve(null),
    serviceUsageSince(sources, since, read),
  ]);
  return {
    period,
    since,
    ledgers,
    botServers: guildIds.length,
    serviceMicros: service.micros,
    serviceComplete: service.complete,
  };
}

/** The drift as one server sees it; `serverMicros` is its own ledger's figure (one of `figures.ledgers`). */
export function driftFor(figures: DriftFigures, guildId: string, serverMicros: Micros): Drift {
  const { ledgers } = figures;
  let ledgerMicros = serverMicros;
  for (const [id, micros] of ledgers ?? []) if (id !== guildId) ledgerMicros += micros;
  return {
    period: figures.period,
    since: figures.since,
    ledgerMicros,
    serverMicros,
    serversCompared: ledgers ? ledgers.size : 0,
    botServers: figures.botServers,
    serviceMicros: figures.serviceMicros,
    serviceComplete: figures.serviceComplete,
  };
}

/**
 * What the service charged that no ledger shows, when that can be said: null when the usage log
 * was not read to the period's start or the ledgers were not all added up.
 */
export function unrecordedMicros(drift: Drift): Micros | null {
  if (!drift.serviceComplete || drift.serversCompared === 0) return null;
  return drift.serviceMicros - drift.ledgerMicros;
}

/** Sums the usage log's records created since `since`, reading at most DRIFT_MAX_PAGES pages. */
async function serviceUsageSince(
  sources: DriftSources,
  since: Date,
  read: ReadOptions,
): Promise<{ micros: number; complete: boolean }> {
  const seen = new Set<number>();
  let micros = 0;
  for (let page = 1; page <= DRIFT_MAX_PAGES; page++) {
    const result = await sources.media.listUsage({ perPage: DRIFT_PAGE_SIZE, page }, read);
    micros += usageSinceMicros(result.data, since, seen);
    const last = result.data.at(-1);
    const first = result.data[0];
    if (!first || !last || page * result.per_page >= result.total) return { micros, complete: true };
    // The spec does not state the log's order. Reading stops early only when this page runs
    // newest first and already reaches before the period; otherwise it reads on to the bound.
    const newestFirst = Date.parse(first.created_at) >= Date.parse(last.created_at);
    if (newestFirst && Date.parse(last.created_at) < since.getTime()) return { micros, complete: true };
  }
  return { micros, complete: false };
}
