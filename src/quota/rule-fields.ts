/**
 * The server's rules one at a time, as an admin sees and changes them: each field's value as it
 * applies now (the operator's default filled in), the same on the dashboard's forms, in the audit
 * log's before and after, and in the check that a change was made on the value its admin saw.
 *
 * A form carries the value it showed (`expect`); the change is refused with ChangedMeanwhile when
 * the field holds something else by the time the change runs, inside the guild's transaction, so
 * two admins saving the same field at once never lose one change silently: the second is told what
 * changed under them (the field's latest audit record) and saves again on purpose.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Micros } from '../money.ts';
import type { Period } from './periods.ts';
import {
  alertThreshold,
  confirmThreshold,
  defaultAllowance,
  type GuildSettings,
  inFlightCap,
  type QuotaDefaults,
} from './settings.ts';

/** One rule of a server, as the dashboard edits it and the audit log names it. */
export type RuleField =
  | { kind: 'default' }
  | { kind: 'budget' }
  | { kind: 'confirm' }
  | { kind: 'in-flight-cap' }
  | { kind: 'alerts' }
  | { kind: 'channels' }
  | { kind: 'prompts' }
  | { kind: 'moderation' }
  | { kind: 'topup'; skuId: string }
  | { kind: 'override'; userId: string }
  | { kind: 'role'; roleId: string };

/** A rule's value now: JSON, compared whole (null = not set, for a member's or a role's own allowance). */
export type RuleValue =
  | { micros: Micros; period: Period }
  | { micros: Micros; period?: Period }
  | { channelId: string | null; belowMicros: Micros }
  | Micros
  | string[]
  | string
  | null;

/** The value of `field` as it applies now (the config's defaults filled in). */
export function ruleValue(settings: GuildSettings, defaults: QuotaDefaults, field: RuleField): RuleValue {
  switch (field.kind) {
    case 'default':
      return { ...defaultAllowance(settings, defaults) };
    case 'budget':
      return settings.budgetMicros;
    case 'confirm':
      return confirmThreshold(settings);
    case 'in-flight-cap':
      return inFlightCap(settings, defaults);
    case 'alerts':
      return { channelId: settings.alertChannelId ?? null, belowMicros: alertThreshold(settings) };
    case 'channels':
      return [...settings.allowedChannels];
    case 'prompts':
      return [...(settings.promptPatterns ?? [])];
    case 'moderation':
      return settings.moderationChannelId ?? null;
    case 'topup':
      return settings.topupSkus?.[field.skuId] ?? null;
    case 'override': {
      const o = settings.overrides[field.userId];
      return o === undefined ? null : { ...o };
    }
    case 'role':
      return settings.roles[field.roleId] ?? null;
    default:
      return field satisfies never;
  }
}

/** Whether two values of one rule are the same (JSON compared whole). */
export function sameRuleValue(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(a, b);
}

/** Where an admin's change was made. */
export type ChangeSource = 'command' | 'web';

/** How a change of the rules is made (admin.ts); both optional. */
export interface ChangeOptions {
  /** Where the change was made; 'command' when absent. */
  via?: ChangeSource;
  /**
   * The value of the changed rule the admin saw (ruleValue): when the rule holds another value by
   * the time the change runs, nothing is written and the change throws ChangedMeanwhile. Absent:
   * no check (the /quota commands apply what they are given, as they always did).
   */
  expect?: RuleValue;
}

/** One change of the server's rules, from Discord or the web, kept for ever and paged by its number. */
export interface AuditRecord {
  /** 1, 2, 3… per server, in the order the changes were made. */
  n: number;
  at: string;
  /** The admin's user id. */
  by: string;
  via: ChangeSource;
  /** `set-default`, `set-override`, `allow-channel`…, or `undo` / `not-applied` for a settle. */
  action: string;
  /** The rule changed; absent on records from before the audit log kept it. */
  field?: RuleField;
  /** The rule's value before and after the change (ruleValue), when known. */
  before?: RuleValue;
  after?: RuleValue;
  detail: Record<string, unknown>;
  /** The id of the change this record settles (settle-change.ts). */
  settles?: string;
  /** The change's own id (a settle finds the change by it: late-writes.ts). */
  changeId?: string;
}

/** A page of the audit log, newest first. */
export interface AuditPage {
  records: AuditRecord[];
  /** What to pass as `before` for the next (older) page; null when this page reaches the first change. */
  older: number | null;
}

/**
 * A change refused because its rule no longer holds the value its admin saw: `current` is what it
 * holds, `latest` the audit record of the change that made it so (when the log has one).
 */
export class ChangedMeanwhile extends Error {
  readonly field: RuleField;
  readonly current: RuleValue;
  readonly latest: AuditRecord | undefined;

  constructor(field: RuleField, current: RuleValue, latest: AuditRecord | undefined) {
    super(`the rule ${field.kind} changed while the admin edited it`);
    this.name = 'ChangedMeanwhile';
    this.field = field;
    this.current = current;
    this.latest = latest;
  }
}
