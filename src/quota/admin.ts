/**
 * What a server's admins change and read: allowances (member, role, default), the server budget,
 * the in-flight cap, the channel allow-list, resetting a member's spend, and the overview. Each
 * change is one transaction of the guild (transactions.ts) and is recorded in the audit log
 * (audit-log.ts: numbered, kept for ever, with the rule's value before and after); a change made
 * on a value its admin saw (`expect`) is refused with ChangedMeanwhile when the rule holds another
 * by then. A reset is a ledger entry like every other money change. Callers hold it as a QuotaAdmin (types.ts),
 * built beside the quota service over the same transactions (create.ts).
 *
 * A change behind an answer that gives up (the admin was told it failed) is settled so that nothing
 * of it stays (late-writes.ts, settle-change.ts): inside its own transaction when the answer gave up
 * before it was done, so that on SQLite no other operation of the guild ever sees it, and in a
 * transaction of its own once its outcome is known.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { answerGivenUp, settleIfGivenUp } from '../late-writes.ts';
import type { Logger } from '../log.ts';
import { formatUsd, type Micros } from '../money.ts';
import { auditPage, fieldOfAction, recordChange } from './audit-log.ts';
import type { Session } from './journal.ts';
import type { Ledger, LedgerEntry } from './ledger.ts';
import { type DayKey, dayInPeriod, dayKey, type Period } from './periods.ts';
import { MAX_PATTERNS, normalizePattern } from './prompt-rules.ts';
import { type AuditPage, type AuditRecord, type ChangeOptions, ruleValue } from './rule-fields.ts';
import {
  type AuditEntry,
  defaultAllowance,
  type GuildSettings,
  inFlightCap,
  memberPeriod,
  type QuotaDefaults,
  SettingsStore,
} from './settings.ts';
import { type GivenUpChange, revertChange, settleChange } from './settle-change.ts';
import {
  budgetFiguresOf,
  checkId,
  checkMicros,
  type EntryDraft,
  type MemberState,
  spentIn,
} from './state.ts';
import { generationMarkKey, recordTakeDownIn, type TakeDown, type TakeDownRecorded } from './take-downs.ts';
import type { GuildTransactions } from './transactions.ts';
import type { BudgetFigures, GuildOverview, QuotaAdmin } from './types.ts';

export class ServerAdmin implements QuotaAdmin {
  private readonly guilds: GuildTransactions;
  private readonly settings: SettingsStore;
  private readonly ledger: Ledger;
  private readonly clock: Clock;
  private readonly defaults: QuotaDefaults;
  private readonly log: Logger;

  constructor(guilds: GuildTransactions, defaults: QuotaDefaults) {
    this.guilds = guilds;
    this.log = guilds.log;
    this.settings = new SettingsStore(guilds.plain.state);
    this.ledger = guilds.journal.ledger;
    this.clock = guilds.clock;
    this.defaults = defaults;
  }

  private withGuild<T>(guildId: string, fn: (s: Session) => Promise<T>): Promise<T> {
    return this.guilds.run(guildId, fn);
  }

  private member(s: Session, userId: string): Promise<MemberState> {
    return this.guilds.journal.member(s, userId);
  }

  private commit(s: Session, drafts: EntryDraft[]): Promise<LedgerEntry[]> {
    return this.guilds.journal.commit(s, drafts);
  }

  private budgetFigures(s: Session, settings: GuildSettings, now: number): BudgetFigures {
    return budgetFiguresOf(s.guild, settings, this.defaults, now);
  }

  /**
   * Runs `run` (a change: one transaction of the guild) behind the current answer, if any, and
   * settles it when the answer gives up (see the top of this file). `run` is handed `settleNow`,
   * which it awaits once its writes are made: when the answer already gave up by then, the change
   * is settled in the same transaction.
   */
  private behindAnswer<T>(
    c: GivenUpChange,
    run: (s: Session, settleNow: () => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const givenUp = answerGivenUp();
    const written = this.withGuild(c.guildId, (s) => {
      // A run that starts after the answer gave up (on Redis, one run again after a conflict) writes nothing.
      givenUp?.throwIfAborted();
      return run(s, async () => {
        if (givenUp?.aborted) await settleChange(s, c, this.clock.now());
      });
    });
    return settleIfGivenUp(
      givenUp,
      written,
      () => this.withGuild(c.guildId, (s) => settleChange(s, c, this.clock.now())),
      { logger: this.log, what: `/quota ${c.action} by ${c.by} in server ${c.guildId}` },
    );
  }

  /**
   * One change of the settings, with its audit records; settled when its answer gives up. With
   * `options.expect`, each run (on Redis a run may be run again) first checks the rule still holds
   * it, and writes nothing when it does not (ChangedMeanwhile).
   */
  private changeSettings(
    guildId: string,
    by: string,
    action: string,
    detail: Record<string, unknown>,
    options: ChangeOptions = {},
    change: (settings: GuildSettings) => void,
  ): Promise<GuildSettings> {
    checkId('guildId', guildId);
    const field = fieldOfAction(action, detail);
    if (!field) throw new Error(`${action} changes no rule the audit log knows`);
    const rule = { field, value: (settings: GuildSettings) => ruleValue(settings, this.defaults, field) };
    const changeId = randomUUID();
    // What the run that counts found and made: on Redis a run may be run again, and the last counts.
    let made: { before: GuildSettings; after: GuildSettings } | undefined;
    const c: GivenUpChange = {
      guildId,
      changeId,
      action,
      by,
      rule,
      landed: async (s) => (await s.settings.audit(guildId)).some((e) => e.changeId === changeId),
      undo: async () => (settings) => {
        if (made) revertChange(settings, made.before, made.after);
      },
    };
    return this.behindAnswer(c, async (s, settleNow) => {
      const recorded = await recordChange(
        s.tx.state,
        guildId,
        {
          at: new Date(this.clock.now()),
          by,
          ...(options.via ? { via: options.via } : {}),
          action,
          detail,
          changeId,
          rule,
          ...(options.expect === undefined ? {} : { expect: options.expect }),
        },
        change,
      );
      made = { before: recorded.before, after: recorded.after };
      await settleNow();
      return recorded.after;
    });
  }

  /**
   * Records a take-down (take-downs.ts) in the audit log, changing no rule, once per message: when
   * the message's take-down is recorded already, nothing is written and that record is returned.
   * Not settled when an answer gives up: the message is gone whatever the answer said, and the
   * record says only that.
   */
  async recordTakeDown(guildId: string, t: TakeDown): Promise<TakeDownRecorded> {
    checkId('guildId', guildId);
    checkId('by', t.by);
    checkId('messageId', t.messageId);
    checkId('generationId', t.generationId);
    return this.withGuild(guildId, (s) =>
      recordTakeDownIn(s.tx.state, guildId, t, new Date(this.clock.now())),
    );
  }

  async takeDownOf(guildId: string, generationId: string): Promise<AuditRecord | undefined> {
    checkId('guildId', guildId);
    return this.guilds.plain.state.get<AuditRecord>(generationMarkKey(guildId, generationId));
  }

  getSettings(guildId: string): Promise<GuildSettings> {
    return this.settings.get(guildId);
  }

  auditLog(guildId: string): Promise<AuditEntry[]> {
    return this.settings.audit(guildId);
  }

  async auditPage(guildId: string, page: { before?: number; limit?: number } = {}): Promise<AuditPage> {
    checkId('guildId', guildId);
    return auditPage(this.guilds.plain.state, guildId, page);
  }

  setOverride(
    guildId: string,
    userId: string,
    micros: Micros,
    period: Period | undefined,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-override', { userId, micros, period }, options, (s) => {
      s.overrides[userId] = period === undefined ? { micros } : { micros, period };
    });
  }

  clearOverride(
    guildId: string,
    userId: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    return this.changeSettings(guildId, by, 'clear-override', { userId }, options, (s) => {
      delete s.overrides[userId];
    });
  }

  setRoleAllowance(
    guildId: string,
    roleId: string,
    micros: Micros,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-role', { roleId, micros }, options, (s) => {
      s.roles[roleId] = micros;
    });
  }

  clearRoleAllowance(
    guildId: string,
    roleId: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    return this.changeSettings(guildId, by, 'clear-role', { roleId }, options, (s) => {
      delete s.roles[roleId];
    });
  }

  setDefault(
    guildId: string,
    micros: Micros,
    period: Period,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-default', { micros, period }, options, (s) => {
      s.default = { micros, period };
    });
  }

  setBudget(guildId: string, micros: Micros, by: string, options?: ChangeOptions): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-budget', { micros }, options, (s) => {
      s.budgetMicros = micros;
    });
  }

  setInFlightCap(guildId: string, cap: number, by: string, options?: ChangeOptions): Promise<GuildSettings> {
    if (!Number.isSafeInteger(cap) || cap < 1)
      throw new RangeError(`cap must be a positive integer (got ${cap})`);
    return this.changeSettings(guildId, by, 'set-in-flight-cap', { cap }, options, (s) => {
      s.inFlightCap = cap;
    });
  }

  /** Requests quoted above `micros` wait for the member's confirmation; 0 turns confirmation off. */
  setConfirmThreshold(
    guildId: string,
    micros: Micros,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    checkMicros('micros', micros);
    return this.changeSettings(guildId, by, 'set-confirm-threshold', { micros }, options, (s) => {
      s.confirmAboveMicros = micros;
    });
  }

  /**
   * The alert channel and the low-balance threshold; `channelId` null turns alerts off, undefined
   * keeps the channel; `belowMicros` undefined keeps the threshold.
   */
  setAlerts(
    guildId: string,
    change: { channelId?: string | null; belowMicros?: Micros },
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    const { channelId, belowMicros } = change;
    if (channelId) checkId('channelId', channelId);
    if (belowMicros !== undefined) checkMicros('belowMicros', belowMicros);
    return this.changeSettings(guildId, by, 'set-alerts', { channelId, belowMicros }, options, (s) => {
      if (channelId === null) delete s.alertChannelId;
      else if (channelId !== undefined) s.alertChannelId = channelId;
      if (belowMicros !== undefined) s.alertBelowMicros = belowMicros;
    });
  }

  /**
   * What one purchase of a consumable SKU adds to the buyer's top-up in this server. The SKU is
   * checked to be the application's own consumable by the caller (it asks Discord), not here.
   */
  setTopupSku(
    guildId: string,
    skuId: string,
    micros: Micros,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    checkId('skuId', skuId);
    checkMicros('micros', micros);
    if (micros === 0) throw new RangeError('a top-up adds more than 0');
    return this.changeSettings(guildId, by, 'set-topup-sku', { skuId, micros }, options, (s) => {
      s.topupSkus = { ...s.topupSkus, [skuId]: micros };
    });
  }

  /** No longer offers the SKU here (what members bought stays theirs). */
  clearTopupSku(guildId: string, skuId: string, by: string, options?: ChangeOptions): Promise<GuildSettings> {
    return this.changeSettings(guildId, by, 'clear-topup-sku', { skuId }, options, (s) => {
      const { [skuId]: _removed, ...rest } = s.topupSkus ?? {};
      if (Object.keys(rest).length === 0) delete s.topupSkus;
      else s.topupSkus = rest;
    });
  }

  /** The moderation log's channel (jobs/moderation-log.ts); null turns the log off. */
  setModerationChannel(
    guildId: string,
    channelId: string | null,
    by: string,
    options?: ChangeOptions,
  ): Promise<GuildSettings> {
    if (channelId !== null) checkId('channelId', channelId);
    return this.changeSettings(guildId, by, 'set-moderation-channel', { channelId }, options, (s) => {
      if (channelId === null) delete s.moderationChannelId;
      else s.moderationChannelId = channelId;
    });
  }

  /**
   * Zeroes the member's spend in their period: one `adjust` ledger entry. Settled when its answer
   * gives up: a reset that landed gets the opposite adjustment, so the ledger shows both.
   */
  async resetSpend(
    guildId: string,
    userId: string,
    by: string,
    note?: string,
  ): Promise<{ adjustedMicros: Micros }> {
    checkId('guildId', guildId);
    checkId('userId', userId);
    const changeId = randomUUID();
    // The adjustment of the run that counts (on Redis a run may be run again, and the last counts).
    let reset: LedgerEntry | undefined;
    const c: GivenUpChange = {
      guildId,
      changeId,
      action: 'reset-spend',
      by,
      landed: async (s) =>
        reset !== undefined && (await s.ledger.get(guildId, reset.seq))?.changeId === changeId,
      undo: async (s) => {
        if (reset) await this.commit(s, [this.opposite(reset)]);
        return () => undefined;
      },
    };
    return this.behindAnswer(c, async (s, settleNow) => {
      const settings = await s.settings.get(guildId);
      const period = memberPeriod(settings, this.defaults, userId);
      const now = this.clock.now();
      const member = await this.member(s, userId);
      const spent = spentIn(member.spend, member.lifetimeMicros, period, now);
      // Zero every day of the period (not just today's total), so the reset holds whatever period
      // an admin picks afterwards.
      const days: Record<DayKey, Micros> = {};
      for (const [day, micros] of Object.entries(member.spend)) {
        if (dayInPeriod(day, period, now) && micros !== 0) days[day] = -micros;
      }
      const adjustedMicros =
        period === 'total' ? 0 - member.lifetimeMicros : Object.values(days).reduce((a, b) => a + b, 0);
      [reset] = await this.commit(s, [
        {
          kind: 'adjust',
          userId,
          amountMicros: adjustedMicros,
          days,
          day: dayKey(now),
          at: new Date(now).toISOString(),
          by,
          note: note ?? `reset ${period} spend (${formatUsd(spent)})`,
          changeId,
        },
      ]);
      await settleNow();
      return { adjustedMicros };
    });
  }

  /** The adjustment that gives back what `reset` took, day by day. */
  private opposite(reset: LedgerEntry): EntryDraft {
    const days: Record<DayKey, Micros> = {};
    for (const [day, micros] of Object.entries(reset.days ?? {})) days[day] = -micros;
    const now = this.clock.now();
    return {
      kind: 'adjust',
      userId: reset.userId,
      amountMicros: -reset.amountMicros,
      days,
      day: dayKey(now),
      at: new Date(now).toISOString(),
      ...(reset.by === undefined ? {} : { by: reset.by }),
      note: 'undone: the reset landed after its answer said it failed',
    };
  }

  async guildOverview(guildId: string, options: { top?: number } = {}): Promise<GuildOverview> {
    checkId('guildId', guildId);
    const top = options.top ?? 10;
    const now = this.clock.now();
    const snapshot = await this.withGuild(guildId, async (s) => {
      const settings = await s.settings.get(guildId);
      let inFlight = 0;
      for (const h of Object.values(s.guild.holders)) inFlight += h.open + h.inFlight;
      return {
        settings,
        budget: this.budgetFigures(s, settings, now),
        head: s.guild.seq,
        inFlight,
      };
    });
    const { settings, budget, head } = snapshot;
    // Entries up to the head never change, so the walk needs no lock.
    const entries = await this.ledger.forPeriod(guildId, head, budget.period, now);
    const byMember = new Map<string, Micros>();
    for (const e of entries) {
      const sign = e.kind === 'charge' ? 1 : e.kind === 'refund' ? -1 : 0;
      if (sign !== 0) byMember.set(e.userId, (byMember.get(e.userId) ?? 0) + sign * e.amountMicros);
    }
    const topSpenders = [...byMember]
      .filter(([, micros]) => micros > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, top)
      .map(([userId, spentMicros]) => ({ userId, spentMicros }));
    return {
      guildId,
      period: budget.period,
      defaultAllowance: defaultAllowance(settings, this.defaults),
      budgetMicros: settings.budgetMicros,
      spentMicros: budget.spentMicros,
      reservedMicros: budget.reservedMicros,
      remainingMicros: settings.budgetMicros > 0 ? budget.remainingMicros : null,
      resetsAt: budget.resetsAt,
      inFlight: snapshot.inFlight,
      inFlightCap: inFlightCap(settings, this.defaults),
      topSpenders,
    };
  }

  async allowChannel(
    guildId: string,
    channelId: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<string[]> {
    const settings = await this.changeSettings(guildId, by, 'allow-channel', { channelId }, options, (s) => {
      if (!s.allowedChannels.includes(channelId)) s.allowedChannels.push(channelId);
    });
    return settings.allowedChannels;
  }

  async removeChannel(
    guildId: string,
    channelId: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<string[]> {
    const settings = await this.changeSettings(guildId, by, 'remove-channel', { channelId }, options, (s) => {
      s.allowedChannels = s.allowedChannels.filter((c) => c !== channelId);
    });
    return settings.allowedChannels;
  }

  /**
   * Adds a prompt rule (prompt-rules.ts: kept as normalizePattern gives it); at most MAX_PATTERNS.
   * Returns the list.
   */
  async addPromptPattern(
    guildId: string,
    pattern: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<string[]> {
    const normal = normalizePattern(pattern);
    if ('refused' in normal) throw new RangeError(`not a prompt pattern (${normal.refused})`);
    const settings = await this.changeSettings(
      guildId,
      by,
      'add-prompt-pattern',
      { pattern: normal.pattern },
      options,
      (s) => {
        const list = s.promptPatterns ?? [];
        if (list.includes(normal.pattern)) return;
        if (list.length >= MAX_PATTERNS)
          throw new RangeError(`a server has at most ${MAX_PATTERNS} prompt rules`);
        s.promptPatterns = [...list, normal.pattern];
      },
    );
    return settings.promptPatterns ?? [];
  }

  async removePromptPattern(
    guildId: string,
    pattern: string,
    by: string,
    options?: ChangeOptions,
  ): Promise<string[]> {
    const normal = normalizePattern(pattern);
    const kept = 'pattern' in normal ? normal.pattern : pattern;
    const settings = await this.changeSettings(
      guildId,
      by,
      'remove-prompt-pattern',
      { pattern: kept },
      options,
      (s) => {
        s.promptPatterns = (s.promptPatterns ?? []).filter((p) => p !== kept);
      },
    );
    return settings.promptPatterns ?? [];
  }

  async listChannels(guildId: string): Promise<string[]> {
    return (await this.settings.get(guildId)).allowedChannels;
  }

  async isChannelAllowed(guildId: string, channelId: string): Promise<boolean> {
    const channels = await this.listChannels(guildId);
    return channels.length === 0 || channels.includes(channelId);
  }
}
