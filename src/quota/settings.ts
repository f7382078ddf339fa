/**
 * Per-guild quota settings, one value per guild (`settings:{guildId}` among the quota's state values).
 *
 * Decisions:
 * - Role allowances and the server budget use the period of the guild's default allowance; only a
 *   member override may name its own period (and falls back to the default period without one).
 * - The effective allowance is: member override, else the highest allowance among the member's
 *   roles that have one, else the default. A role allowance applies even when it is lower than the
 *   default, so admins can restrict a role (e.g. $0 for "muted").
 * - Settings changes move no money, so they are not ledger entries. Each change is recorded twice,
 *   by audit-log.ts in the same transaction: as a numbered value of its own (`audit:{guildId}:{n}`,
 *   kept for ever, paged by number on the dashboard), and in a short list kept in this record (the
 *   last AUDIT_LIMIT changes) that /quota and the settle of a change that gave up read
 *   (settle-change.ts). This record is written last and remembers the last number (`auditSeq`): it
 *   is the commit point, so a numbered value a crash left behind it is never read, and the next
 *   change writes over it.
 * Writers must be inside the guild's transaction (admin.ts's changes are: transactions.ts) and go
 * through audit-log.ts; this module only reads and writes the record.
 */

import type { Micros } from '../money.ts';
import type { Values } from './backend.ts';
import type { Period } from './periods.ts';

export const DEFAULT_IN_FLIGHT_CAP = 3;
export const AUDIT_LIMIT = 200;
/** A request quoted above this asks the member to confirm first ($0.50), unless the guild says otherwise. */
export const DEFAULT_CONFIRM_ABOVE_MICROS = 500_000;
/** With an alert channel and no threshold of its own, a guild is told when the shared balance falls below $5. */
export const DEFAULT_ALERT_BELOW_MICROS = 5_000_000;

/** An amount per period. */
export interface Allowance {
  micros: Micros;
  period: Period;
}

/** A member's own allowance; without a period it uses the guild default's period. */
export interface MemberOverride {
  micros: Micros;
  period?: Period;
}

/** What the operator's config provides when a guild has set nothing. */
export interface QuotaDefaults {
  /** Default allowance per member, e.g. 1_000_000 ($1.00). */
  micros: Micros;
  /** Period of that default allowance, e.g. 'daily'. */
  period: Period;
  /** Generations one member may have in flight at once (3 when omitted). */
  inFlightCap?: number;
}

/** A guild's settings as stored; unset fields fall back to QuotaDefaults. */
export interface GuildSettings {
  /** The guild's default allowance; undefined = the config default. */
  default?: Allowance;
  /** roleId -> allowance in micro-USD per default period. */
  roles: Record<string, Micros>;
  /** userId -> override. */
  overrides: Record<string, MemberOverride>;
  /** Server budget per default period, total of all members' charges; 0 = none. */
  budgetMicros: Micros;
  /** Generations one member may have in flight; undefined = the config default. */
  inFlightCap?: number;
  /** Channels where generating is allowed; empty = anywhere. */
  allowedChannels: string[];
  /** Requests quoted above this wait for the member's confirmation; 0 = never; undefined = the default. */
  confirmAboveMicros?: Micros;
  /** Where the bot posts what an admin must act on (ops/alerts.ts); undefined = no alerts. */
  alertChannelId?: string;
  /** Alert when the shared balance falls below this; 0 = never; undefined = the default. */
  alertBelowMicros?: Micros;
  /** Words and phrases a prompt may not hold (prompt-rules.ts), as normalizePattern keeps them; undefined = none. */
  promptPatterns?: string[];
  /**
   * Where the bot posts one line per generation sent and per prompt refused (jobs/moderation-log.ts);
   * undefined = no moderation log (the default).
   */
  moderationChannelId?: string;
  /**
   * Top-ups members may buy in Discord's store: the application's consumable SKU id → what one
   * purchase adds to the buyer's top-up in this server (micro-USD); undefined = none offered.
   */
  topupSkus?: Record<string, Micros>;
}

/** One settings change, for the audit list. */
export interface AuditEntry {
  at: string;
  by: string;
  /** Where the change was made (rule-fields.ts's ChangeSource); absent on entries from before the web: 'command'. */
  via?: 'command' | 'web';
  action: string;
  detail: Record<string, unknown>;
  /** The change's own id: a change whose answer said it failed is found by it (late-writes.ts). */
  changeId?: string;
  /** The id of the change this entry settles: taken back (`undo`) or fenced off (`not-applied`); settle-change.ts. */
  settles?: string;
}

/** The stored value: the settings, the last AUDIT_LIMIT changes, and the number of the last one. */
export interface SettingsRecord {
  settings: GuildSettings;
  audit: AuditEntry[];
  /**
   * The number of the last change in the audit log (audit-log.ts); absent on a record written
   * before the log was numbered, whose list the next change numbers first.
   */
  auditSeq?: number;
}

/** The allowance that applies to a member, and where it came from. */
export interface EffectiveAllowance extends Allowance {
  source: 'override' | 'role' | 'default';
  /** The role that gave the allowance, when source is 'role'. */
  roleId?: string;
}

function emptySettings(): GuildSettings {
  return { roles: {}, overrides: {}, budgetMicros: 0, allowedChannels: [] };
}

/** The guild's default allowance, or the config's when the guild has none. */
export function defaultAllowance(settings: GuildSettings, defaults: QuotaDefaults): Allowance {
  return settings.default ?? { micros: defaults.micros, period: defaults.period };
}

/** The in-flight cap for the guild. */
export function inFlightCap(settings: GuildSettings, defaults: QuotaDefaults): number {
  return settings.inFlightCap ?? defaults.inFlightCap ?? DEFAULT_IN_FLIGHT_CAP;
}

/** The quote above which a request waits for the member's confirmation; 0 = never. */
export function confirmThreshold(settings: GuildSettings): Micros {
  return settings.confirmAboveMicros ?? DEFAULT_CONFIRM_ABOVE_MICROS;
}

/** The shared balance below which the guild's alert channel is told; 0 = never. */
export function alertThreshold(settings: GuildSettings): Micros {
  return settings.alertBelowMicros ?? DEFAULT_ALERT_BELOW_MICROS;
}

/** Override > highest role allowance > default. */
export function effectiveAllowance(
  settings: GuildSettings,
  defaults: QuotaDefaults,
  userId: string,
  roleIds: readonly string[],
): EffectiveAllowance {
  const base = defaultAllowance(settings, defaults);
  const override = settings.overrides[userId];
  if (override)
    return { micros: override.micros, period: override.period ?? base.period, source: 'override' };
  let best: { roleId: string; micros: Micros } | undefined;
  for (const roleId of roleIds) {
    const micros = settings.roles[roleId];
    if (micros !== undefined && (best === undefined || micros > best.micros)) best = { roleId, micros };
  }
  if (best) return { micros: best.micros, period: base.period, source: 'role', roleId: best.roleId };
  return { ...base, source: 'default' };
}

/** The period of a member's allowance; roles do not change it, so role ids are not needed. */
export function memberPeriod(settings: GuildSettings, defaults: QuotaDefaults, userId: string): Period {
  return settings.overrides[userId]?.period ?? defaultAllowance(settings, defaults).period;
}

/** Reads and writes guild settings (inside a guild's transaction to change them: backend.ts). */
export class SettingsStore {
  private readonly values: Values;

  constructor(values: Values) {
    this.values = values;
  }

  private key(guildId: string): string {
    return `settings:${guildId}`;
  }

  /** The whole record (empty when the guild has none); a copy the caller may change. */
  async read(guildId: string): Promise<SettingsRecord> {
    // Values hands out copies, so callers may change it freely.
    return (
      (await this.values.get<SettingsRecord>(this.key(guildId))) ?? { settings: emptySettings(), audit: [] }
    );
  }

  /** Writes the whole record (audit-log.ts, inside the guild's transaction). */
  async write(guildId: string, record: SettingsRecord): Promise<void> {
    await this.values.set(this.key(guildId), record);
  }

  /** The guild's settings (empty settings when it has none). */
  async get(guildId: string): Promise<GuildSettings> {
    return (await this.read(guildId)).settings;
  }

  /** The last settings changes, newest first. */
  async audit(guildId: string): Promise<AuditEntry[]> {
    return (await this.read(guildId)).audit.slice().reverse();
  }
}
