/**
 * Admin alerts: what a server's admins must act on, posted in the channel they named with
 * `/quota alerts` (every server that named one is told):
 * - the shared balance below the server's threshold: checked every hour (and once at start) with
 *   GET /account, posted once per crossing, and again only after the balance went back above;
 * - the service refusing the API token (401) and the balance used up (402), seen on any request
 *   to the service: posted at most once an hour each;
 * - the drift of /balance: every hour, charges the service's usage log shows and no ledger does
 *   (a failed generation the service kept charging after the bot refunded it, or use of the token
 *   outside the bot), posted when two checks in a row find them, so that a refund the service
 *   makes late has an hour to appear; again only when the unrecorded amount grows.
 *
 * State: whether a crossing was told is kept in the store (the jobs namespace, `alerts:<guildId>`),
 * so a restart while the balance stays low does not post it again. The hourly limit of 401 and
 * 402 alerts and the previous check's drift are kept in memory: after a restart at most one more
 * 401/402 alert is posted, and the drift gets a fresh hour of grace, both harmless.
 *
 * An alert is read by a whole server's admins, so it is written in the server's language: each is a
 * function of a Localizer (AlertText), which the poster calls with the server's (the Discord edge
 * knows the guild's preferred locale; nothing here knows Discord).
 *
 * Nothing here breaks anything else: a failed read or post is logged, and the next check tries again.
 * The checks use the shared request budget at poll priority, and are skipped (no request at all)
 * while no server has an alert channel.
 */
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';
import type { Localizer } from '../i18n/index.ts';
import type { Logger } from '../log.ts';
import type { Exchange, MediaClient, ReadOptions } from '../media/client.ts';
import { type Micros, usdToMicros } from '../money.ts';
import {
  type Drift,
  type DriftFigures,
  driftFor,
  readDriftFigures,
  unrecordedMicros,
} from '../quota/drift.ts';
import type { Period } from '../quota/periods.ts';
import { alertThreshold, type GuildSettings } from '../quota/settings.ts';
import type { QuotaAdmin, QuotaLedger } from '../quota/types.ts';

/** How often the balance and the drift are checked (clock ms). */
export const ALERT_CHECK_INTERVAL_MS = 60 * 60_000;
/** A 401 or a 402 is told at most once in this long (clock ms). */
export const REFUSAL_REPEAT_MS = 60 * 60_000;

/** Where one server's alerts go. */
export interface AlertTarget {
  guildId: string;
  channelId: string;
}

/** An alert's text in a language: the poster calls it with the server's Localizer. */
export type AlertText = (l: Localizer) => string;

export interface AlertsOptions {
  /**
   * Posts a message as the bot in the channel, pinging nobody, in the server's language (the text
   * is called with its Localizer); rejects when it cannot.
   */
  post(target: AlertTarget, text: AlertText): Promise<void>;
  /** The drift in words, as /balance says it (the Discord edge's wording), in the given language. */
  describeDrift(drift: Drift, l: Localizer): string;
  /** The servers the bot is in. */
  guildIds(): readonly string[];
  quotaAdmin: Pick<QuotaAdmin, 'getSettings' | 'guildOverview'>;
  quotaLedger: Pick<QuotaLedger, 'forPeriod'>;
  media: Pick<MediaClient, 'getAccount' | 'listUsage'>;
  /** The jobs namespace: what was already told survives a restart. */
  keyv: Keyv;
  clock: Clock;
  logger: Logger;
  /** Between checks (clock ms); ALERT_CHECK_INTERVAL_MS by default, shorter in tests. */
  intervalMs?: number;
  /**
   * Whether this process runs the periodic checks now. Several processes on one Redis: only the
   * poller's leader does, so a low balance or a drift is posted once, not once per process.
   */
  runsChecks?: () => boolean;
}

/** What was told to one server, kept in the store. */
interface ToldState {
  /** The channel it was told in: a newly named channel is told afresh. */
  channelId: string;
  /** The balance was below the threshold at the last check, and that was posted. */
  low: boolean;
  /** The unrecorded amount last posted; 0 when none is outstanding. */
  driftMicros: Micros;
}

interface Configured extends AlertTarget {
  settings: GuildSettings;
}

type Refusal = 'token' | 'balance';

export class Alerts {
  private readonly intervalMs: number;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | undefined;
  /** Checks run one after another; this is the latest. */
  private checking: Promise<void> = Promise.resolve();
  /** When each server was last told of each refusal (`token:<guildId>`), clock ms. */
  private readonly lastRefusal = new Map<string, number>();
  private readonly refusing = new Set<Refusal>();
  /** Servers whose previous check found charges no ledger shows. */
  private driftSeen = new Set<string>();
  /** Alerts posted outside a check (401, 402), awaited by stop(). */
  private readonly posting = new Set<Promise<void>>();
  private checkWaiters: (() => void)[] = [];

  private readonly o: AlertsOptions;

  constructor(o: AlertsOptions) {
    this.o = o;
    this.intervalMs = o.intervalMs ?? ALERT_CHECK_INTERVAL_MS;
  }

  /** Checks now, then every interval until stop(). */
  start(): void {
    this.loop ??= (async () => {
      const { signal } = this.stopping;
      while (!signal.aborted) {
        if (this.o.runsChecks?.() ?? true) await this.checkNow();
        await this.o.clock.sleep(this.intervalMs, signal).catch(() => undefined);
      }
    })();
  }

  /** Stops the timer and waits for a check or a post still under way. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop;
    await this.settled();
  }

  /** Resolves once no check and no alert is under way (for stop, and for tests). */
  async settled(): Promise<void> {
    await this.checking;
    await Promise.allSettled([...this.posting]);
  }

  /** One check of the balance and the drift, after any check under way; never rejects. */
  checkNow(): Promise<void> {
    this.checking = this.checking.then(() => this.check());
    return this.checking;
  }

  /** Resolves when the next check (the timer's or checkNow's) has finished. */
  nextCheck(): Promise<void> {
    return new Promise((resolve) => this.checkWaiters.push(resolve));
  }

  /** Told of every exchange with the service (MediaClient's onExchange): 401 and 402 are alerts. */
  onExchange(exchange: Exchange): void {
    const kind: Refusal | null =
      exchange.status === 401 ? 'token' : exchange.status === 402 ? 'balance' : null;
    // One at a time per kind: a burst of refusals (every poll refused) reads the settings once.
    if (!kind || this.refusing.has(kind) || this.stopping.signal.aborted) return;
    this.refusing.add(kind);
    const text: AlertText =
      kind === 'token' ? (l) => l.t('alerts:tokenRefused') : (l) => l.t('alerts:balanceUsedUp');
    const posted: Promise<void> = this.configured()
      .then((targets) => {
        const now = this.o.clock.now();
        // Per server: one that names its channel later in the hour is still told.
        const due = targets.filter((t) => {
          const key = `${kind}:${t.guildId}`;
          const last = this.lastRefusal.get(key);
          if (last !== undefined && now - last < REFUSAL_REPEAT_MS) return false;
          this.lastRefusal.set(key, now);
          return true;
        });
        return Promise.all(
          due.map(async (t) => {
            // Not posted: the next refusal tries again rather than an hour later.
            if (!(await this.post(t, text))) this.lastRefusal.delete(`${kind}:${t.guildId}`);
          }),
        );
      })
      .then(
        () => undefined,
        (err: unknown) => this.o.logger.warn({ err, kind }, 'alerts: cannot tell of a refusal'),
      )
      .finally(() => {
        this.refusing.delete(kind);
        this.posting.delete(posted);
      });
    this.posting.add(posted);
  }

  private async check(): Promise<void> {
    try {
      const targets = await this.configured();
      if (targets.length === 0) {
        this.driftSeen.clear();
        return;
      }
      await this.checkBalance(targets);
      await this.checkDrift(targets);
    } catch (err) {
      this.o.logger.warn({ err }, 'alerts: the check failed; the next one tries again');
    } finally {
      const waiters = this.checkWaiters;
      this.checkWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  private get read(): ReadOptions {
    // Background work: behind members' requests, and never holding up a stop.
    return { priority: 'poll', waitSignal: this.stopping.signal };
  }

  /** The servers with an alert channel. */
  private async configured(): Promise<Configured[]> {
    const found: Configured[] = [];
    for (const guildId of this.o.guildIds()) {
      try {
        const settings = await this.o.quotaAdmin.getSettings(guildId);
        if (settings.alertChannelId) found.push({ guildId, channelId: settings.alertChannelId, settings });
      } catch (err) {
        this.o.logger.warn({ err, guildId }, 'alerts: cannot read the settings of a server');
      }
    }
    return found;
  }

  private async checkBalance(targets: readonly Configured[]): Promise<void> {
    const account = await this.o.media.getAccount(this.read).catch((err: unknown) => {
      this.o.logger.warn({ err }, 'alerts: cannot read the balance');
      return null;
    });
    if (!account) return;
    const balance = usdToMicros(account.usd_balance);
    for (const target of targets) {
      try {
        const below = alertThreshold(target.settings);
        const low = below > 0 && balance < below;
        const told = await this.told(target);
        if (low === told.low) continue;
        // Going back above is only remembered; going below is remembered once it was posted.
        if (low && !(await this.post(target, balanceLow(balance, below)))) continue;
        await this.remember(target.guildId, { ...told, low });
      } catch (err) {
        this.o.logger.warn({ err, guildId: target.guildId }, 'alerts: cannot check the balance for a server');
      }
    }
  }

  private async checkDrift(targets: readonly Configured[]): Promise<void> {
    const at = new Date(this.o.clock.now());
    const guildIds = this.o.guildIds();
    // The usage log is read once per period among the servers' periods (usually one).
    const byPeriod = new Map<Period, Promise<DriftFigures | null>>();
    const seenNow = new Set<string>();
    for (const target of targets) {
      try {
        const { period } = await this.o.quotaAdmin.guildOverview(target.guildId, { top: 0 });
        let figures = byPeriod.get(period);
        if (!figures) {
          figures = readDriftFigures(this.o, { guildIds, period, at }, this.read).catch((err: unknown) => {
            this.o.logger.warn({ err, period }, 'alerts: cannot read the usage log for the drift');
            return null;
          });
          byPeriod.set(period, figures);
        }
        const read = await figures;
        const serverMicros = read?.ledgers?.get(target.guildId);
        if (!read || serverMicros === undefined) continue;
        const drift = driftFor(read, target.guildId, serverMicros);
        const unrecorded = unrecordedMicros(drift);
        if (unrecorded === null) continue;
        const told = await this.told(target);
        if (unrecorded <= 0) {
          if (told.driftMicros !== 0) await this.remember(target.guildId, { ...told, driftMicros: 0 });
          continue;
        }
        seenNow.add(target.guildId);
        if (!this.driftSeen.has(target.guildId) || unrecorded <= told.driftMicros) continue;
        const text: AlertText = (l) => `${l.t('alerts:drift')}\n${this.o.describeDrift(drift, l)}`;
        if (await this.post(target, text))
          await this.remember(target.guildId, { ...told, driftMicros: unrecorded });
      } catch (err) {
        this.o.logger.warn({ err, guildId: target.guildId }, 'alerts: cannot check the drift of a server');
      }
    }
    this.driftSeen = seenNow;
  }

  /** Posts one alert; false (and logged) when it could not be posted. */
  private async post(target: AlertTarget, text: AlertText): Promise<boolean> {
    try {
      await this.o.post(target, text);
      return true;
    } catch (err) {
      this.o.logger.warn(
        { err, guildId: target.guildId, channelId: target.channelId },
        'alerts: cannot post in the alert channel; set another with /quota alerts',
      );
      return false;
    }
  }

  private async told({ guildId, channelId }: AlertTarget): Promise<ToldState> {
    const stored = await this.o.keyv.get<ToldState>(`alerts:${guildId}`);
    if (stored?.channelId !== channelId) return { channelId, low: false, driftMicros: 0 };
    return { channelId, low: stored.low === true, driftMicros: Number(stored.driftMicros) || 0 };
  }

  private async remember(guildId: string, state: ToldState): Promise<void> {
    await this.o.keyv.set(`alerts:${guildId}`, state);
  }
}

/** The balance below a server's threshold, with /quota alerts as that server's Discord names it. */
function balanceLow(balance: Micros, below: Micros): AlertText {
  return (l) =>
    l.t('alerts:balanceLow', {
      balance,
      below,
      command: `${l.t('quota:command.name')} ${l.t('quota:command.alerts.name')}`,
    });
}
