/**
 * An admin's change whose answer gave up (the admin was told it failed), settled inside a
 * transaction of the guild (late-writes.ts says why and when). Every admin change reads the
 * guild's settings record in its transaction, so on Redis it WATCHes it; the settle always writes
 * that record (an audit entry naming the change it settles), so a run of the change still on its
 * way to Redis aborts at its EXEC, and a settle that comes second finds the change or the mark.
 * On SQLite the guild's lock orders them.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Settled } from '../late-writes.ts';
import { recordChange } from './audit-log.ts';
import type { Session } from './journal.ts';
import type { RuleField, RuleValue } from './rule-fields.ts';
import type { GuildSettings } from './settings.ts';

export interface GivenUpChange {
  guildId: string;
  /** The change's own id: its audit entry or ledger entry carries it. */
  changeId: string;
  /** Its audit action (`set-override`, `reset-spend`…), named by the mark. */
  action: string;
  by: string;
  /** The rule it changes, for the mark's numbered record (audit-log.ts); none for a reset. */
  rule?: { field: RuleField; value: (settings: GuildSettings) => RuleValue };
  /** Whether the change is in the store as `s` reads it (after the journal's recovery). */
  landed(s: Session): Promise<boolean>;
  /**
   * Takes the change back in `s` (a ledger entry, for a reset) and returns what to change in the
   * settings, written with the mark.
   */
  undo(s: Session): Promise<(settings: GuildSettings) => void>;
}

/** The audit actions of a settle: the change was taken back, or it had not landed and now cannot. */
const UNDO = 'undo';
const NOT_APPLIED = 'not-applied';

/**
 * Settles `c` in `s`: takes it back when it landed, else fences it off; either way with an audit
 * entry that `settles` it. A change settled before (a settle inside its own transaction, or an
 * earlier try whose answer was lost) is not settled again; what that settle did is returned.
 */
export async function settleChange(s: Session, c: GivenUpChange, now: number): Promise<Settled> {
  const mark = (await s.settings.audit(c.guildId)).find((e) => e.settles === c.changeId);
  if (mark) return mark.action === UNDO ? 'undone' : 'fenced';
  const landed = await c.landed(s);
  const change = landed ? await c.undo(s) : () => undefined;
  await recordChange(
    s.tx.state,
    c.guildId,
    {
      at: new Date(now),
      by: c.by,
      action: landed ? UNDO : NOT_APPLIED,
      detail: { of: c.action, why: 'its answer said it failed' },
      settles: c.changeId,
      ...(c.rule ? { rule: c.rule } : {}),
    },
    change,
  );
  return landed ? 'undone' : 'fenced';
}

/** Settings fields that are maps (each entry changed on its own), and lists that are sets. */
const MAPS = new Set(['roles', 'overrides']);
const SETS = new Set(['allowedChannels', 'promptPatterns']);

/**
 * Takes back, in `current`, what a change made of the settings (`before` → `after`), only where
 * `current` still holds what the change made: a change made after it (which its admin was told
 * about) keeps its own part. Entries of the maps, members of the allow-list and every other field
 * are taken back one by one.
 */
export function revertChange(current: GuildSettings, before: GuildSettings, after: GuildSettings): void {
  const c = current as unknown as Record<string, unknown>;
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (isDeepStrictEqual(b[field], a[field])) continue;
    if (MAPS.has(field)) {
      const map = { ...(c[field] as Record<string, unknown> | undefined) };
      revertFields(
        map,
        (b[field] ?? {}) as Record<string, unknown>,
        (a[field] ?? {}) as Record<string, unknown>,
      );
      c[field] = map;
    } else if (SETS.has(field)) {
      const was = (b[field] ?? []) as unknown[];
      const made = (a[field] ?? []) as unknown[];
      const added = made.filter((x) => !was.includes(x));
      const removed = was.filter((x) => !made.includes(x));
      const now = ((c[field] ?? []) as unknown[]).filter((x) => !added.includes(x));
      for (const x of removed) if (!now.includes(x)) now.push(x);
      c[field] = now;
    } else {
      revertFields(c, { [field]: b[field] }, { [field]: a[field] });
    }
  }
}

/** Puts back each key of `before` that differs in `after`, where `target` still holds `after`'s. */
function revertFields(
  target: Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): void {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isDeepStrictEqual(before[key], after[key]) || !isDeepStrictEqual(target[key], after[key])) continue;
    if (before[key] === undefined) delete target[key];
    else target[key] = structuredClone(before[key]);
  }
}
