/**
 * The audit log of a server's rules, kept for ever: every change of the settings (and every settle
 * of one whose answer gave up, settle-change.ts) gets the next number of the guild, 1, 2, 3…, and
 * is stored as a value of its own (`audit:{guildId}:{n}` among the quota's state values), so the
 * log grows without the settings record growing with it, and the dashboard pages it by number.
 *
 * Order of the writes, inside the guild's transaction: the numbered value first, then the settings
 * record with the change, its line in the short list (settings.ts) and the new last number
 * (`auditSeq`). The settings record is the commit point: readers only read numbers up to
 * `auditSeq`, so a numbered value orphaned by a crash between the two writes is never read, and the
 * next change, given the same number, writes over it. On Redis both are in the same EXEC anyway.
 *
 * Records from before the numbering (a settings record without `auditSeq`) are the short list:
 * its first change numbers them 1..k, oldest first, before its own; until then a page reads them
 * numbered the same way. What the list had already dropped (beyond its last 200) is gone.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Values } from './backend.ts';
import {
  type AuditPage,
  type AuditRecord,
  ChangedMeanwhile,
  type ChangeSource,
  type RuleField,
  type RuleValue,
  sameRuleValue,
} from './rule-fields.ts';
import {
  AUDIT_LIMIT,
  type AuditEntry,
  type GuildSettings,
  type SettingsRecord,
  SettingsStore,
} from './settings.ts';

/** Records on a page when the caller does not say. */
export const AUDIT_PAGE_SIZE = 50;
/** The most records one page reads. */
export const AUDIT_PAGE_MAX = 100;
/** How far back ChangedMeanwhile looks for the field's latest record (a bounded read inside the transaction). */
export const LATEST_LOOKBACK = 200;

/** The key of the guild's record number `n`: zero-padded, so the keys of one guild sort by number. */
export function auditKey(guildId: string, n: number): string {
  return `audit:${guildId}:${String(n).padStart(12, '0')}`;
}

/**
 * The rule an admin's action changes, from its action and detail: the one mapping, for the changes
 * admin.ts makes and for the records from before the log named their rule. Undefined for actions
 * that change no single rule (a settle names the rule of the change it settles instead).
 */
export function fieldOfAction(action: string, detail: Record<string, unknown>): RuleField | undefined {
  switch (action) {
    case 'set-override':
    case 'clear-override':
      return typeof detail.userId === 'string' ? { kind: 'override', userId: detail.userId } : undefined;
    case 'set-role':
    case 'clear-role':
      return typeof detail.roleId === 'string' ? { kind: 'role', roleId: detail.roleId } : undefined;
    case 'set-default':
      return { kind: 'default' };
    case 'set-budget':
      return { kind: 'budget' };
    case 'set-confirm-threshold':
      return { kind: 'confirm' };
    case 'set-in-flight-cap':
      return { kind: 'in-flight-cap' };
    case 'set-alerts':
      return { kind: 'alerts' };
    case 'allow-channel':
    case 'remove-channel':
      return { kind: 'channels' };
    case 'add-prompt-pattern':
    case 'remove-prompt-pattern':
      return { kind: 'prompts' };
    case 'set-moderation-channel':
      return { kind: 'moderation' };
    case 'set-topup-sku':
    case 'clear-topup-sku':
      return typeof detail.skuId === 'string' ? { kind: 'topup', skuId: detail.skuId } : undefined;
    default:
      return undefined;
  }
}

/** A change to record, as admin.ts and settle-change.ts describe it. */
export interface ChangeToRecord {
  at: Date;
  by: string;
  /** 'command' when absent. */
  via?: ChangeSource;
  action: string;
  detail: Record<string, unknown>;
  changeId?: string;
  settles?: string;
  /** The rule changed, and its value as it applies (the operator's defaults filled in: rule-fields.ts). */
  rule?: { field: RuleField; value: (settings: GuildSettings) => RuleValue };
  /**
   * The rule's value the change was made on (rule-fields.ts's ChangeOptions.expect): when the
   * rule holds another, nothing is written and ChangedMeanwhile is thrown. Needs `rule`.
   */
  expect?: RuleValue;
}

/** What a recorded change found and made. */
export interface RecordedChange {
  before: GuildSettings;
  after: GuildSettings;
  record: AuditRecord;
}

/**
 * Checks `entry.expect`, applies `change` to the guild's settings and records it: its numbered
 * record, then the settings record (see the top of this file). `state` is the transaction's.
 */
export async function recordChange(
  state: Values,
  guildId: string,
  entry: ChangeToRecord,
  change: (settings: GuildSettings) => void,
): Promise<RecordedChange> {
  const settingsStore = new SettingsStore(state);
  const stored = await settingsStore.read(guildId);
  const { rule } = entry;
  const valueBefore = rule?.value(stored.settings);
  if (entry.expect !== undefined) {
    if (!rule) throw new Error(`${entry.action}: a change with an expected value must name its rule`);
    if (!sameRuleValue(valueBefore, entry.expect)) {
      const latest = await latestOf(state, guildId, stored, rule.field);
      throw new ChangedMeanwhile(rule.field, valueBefore ?? null, latest);
    }
  }
  const before = structuredClone(stored.settings);
  const last = await numberLegacy(state, guildId, stored);
  change(stored.settings);
  const via = entry.via ?? 'command';
  const record: AuditRecord = {
    n: last + 1,
    at: entry.at.toISOString(),
    by: entry.by,
    via,
    action: entry.action,
    ...(rule ? { field: rule.field, before: valueBefore ?? null, after: rule.value(stored.settings) } : {}),
    detail: entry.detail,
    ...(entry.settles === undefined ? {} : { settles: entry.settles }),
    ...(entry.changeId === undefined ? {} : { changeId: entry.changeId }),
  };
  await state.set(auditKey(guildId, record.n), record);
  const line: AuditEntry = {
    at: record.at,
    by: entry.by,
    via,
    action: entry.action,
    detail: entry.detail,
    ...(entry.changeId === undefined ? {} : { changeId: entry.changeId }),
    ...(entry.settles === undefined ? {} : { settles: entry.settles }),
  };
  stored.audit.push(line);
  if (stored.audit.length > AUDIT_LIMIT) stored.audit.splice(0, stored.audit.length - AUDIT_LIMIT);
  stored.auditSeq = record.n;
  await settingsStore.write(guildId, stored);
  return { before, after: structuredClone(stored.settings), record };
}

/** The list of a record from before the numbering, numbered 1..k oldest first, as records. */
function legacyRecords(audit: readonly AuditEntry[]): AuditRecord[] {
  return audit.map((e, i) => {
    const field = fieldOfAction(e.action, e.detail);
    return {
      n: i + 1,
      at: e.at,
      by: e.by,
      via: e.via ?? 'command',
      action: e.action,
      ...(field ? { field } : {}),
      detail: e.detail,
      ...(e.settles === undefined ? {} : { settles: e.settles }),
      ...(e.changeId === undefined ? {} : { changeId: e.changeId }),
    };
  });
}

/**
 * The number of the guild's last record; on a record from before the numbering, first writes its
 * list as records 1..k (the settings record, written after, then says k).
 */
async function numberLegacy(state: Values, guildId: string, stored: SettingsRecord): Promise<number> {
  if (stored.auditSeq !== undefined) return stored.auditSeq;
  const records = legacyRecords(stored.audit);
  for (const r of records) await state.set(auditKey(guildId, r.n), r);
  return records.length;
}

/** Records `numbers` of the guild (those ≤ its last), in the order asked; a number not found is left out. */
async function readNumbers(
  state: Values,
  guildId: string,
  stored: SettingsRecord,
  numbers: readonly number[],
): Promise<AuditRecord[]> {
  if (stored.auditSeq === undefined) {
    const legacy = legacyRecords(stored.audit);
    return numbers.flatMap((n) => legacy[n - 1] ?? []);
  }
  const found = await state.getMany<AuditRecord>(numbers.map((n) => auditKey(guildId, n)));
  // Records written before `via` was kept were made with /quota.
  return found.flatMap((r) => (r === undefined ? [] : [{ ...r, via: r.via ?? 'command' }]));
}

/** The newest record of `field` among the last LATEST_LOOKBACK, read in the transaction. */
async function latestOf(
  state: Values,
  guildId: string,
  stored: SettingsRecord,
  field: RuleField,
): Promise<AuditRecord | undefined> {
  const last = stored.auditSeq ?? stored.audit.length;
  const oldest = Math.max(1, last - LATEST_LOOKBACK + 1);
  for (let top = last; top >= oldest; top -= AUDIT_PAGE_MAX) {
    const numbers = descending(top, Math.max(oldest, top - AUDIT_PAGE_MAX + 1));
    const records = await readNumbers(state, guildId, stored, numbers);
    const hit = records.find((r) => isDeepStrictEqual(r.field, field));
    if (hit) return hit;
  }
  return undefined;
}

function descending(from: number, to: number): number[] {
  const numbers: number[] = [];
  for (let n = from; n >= to; n--) numbers.push(n);
  return numbers;
}

/**
 * A page of the guild's log, newest first: `limit` records (AUDIT_PAGE_SIZE by default, at most
 * AUDIT_PAGE_MAX) numbered below `before`, or from the newest. `state` is read outside the
 * transaction: the settings record first, then only numbers up to its last, which never change.
 */
export async function auditPage(
  state: Values,
  guildId: string,
  page: { before?: number; limit?: number } = {},
): Promise<AuditPage> {
  const { before, limit = AUDIT_PAGE_SIZE } = page;
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer (got ${limit})`);
  if (before !== undefined && (!Number.isSafeInteger(before) || before < 1))
    throw new RangeError(`before must be a positive integer (got ${before})`);
  const stored = await new SettingsStore(state).read(guildId);
  const last = stored.auditSeq ?? stored.audit.length;
  const top = before === undefined ? last : Math.min(last, before - 1);
  if (top < 1) return { records: [], older: null };
  const lowest = Math.max(1, top - Math.min(limit, AUDIT_PAGE_MAX) + 1);
  const records = await readNumbers(state, guildId, stored, descending(top, lowest));
  return { records, older: lowest > 1 ? lowest : null };
}
