/**
 * The dashboard's forms read into the quota's changes: what each form may carry, checked as /quota
 * checks it (the same amount reader and wording, quota/amount-input.ts), and a channel or role
 * picked only among those the server has now. Everything in a form is untrusted: ids are checked
 * against the server's directory, the value the page showed (`was`) is only ever compared.
 */
import type { Localizer } from '../i18n/index.ts';
import type { Micros } from '../money.ts';
import { readAmount } from '../quota/amount-input.ts';
import { isPeriod, type Period } from '../quota/periods.ts';
import { normalizePattern } from '../quota/prompt-rules.ts';
import type { ChangeOptions, RuleValue } from '../quota/rule-fields.ts';
import type { QuotaAdmin } from '../quota/types.ts';
import type { ServerDirectory } from '../results/server-access.ts';

export const RULE_NAMES = [
  'default',
  'budget',
  'confirm',
  'alerts',
  'moderation',
  'role',
  'role-clear',
  'channel-allow',
  'channel-remove',
  'override',
  'override-clear',
  'prompt-add',
  'prompt-remove',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

export function isRuleName(value: string): value is RuleName {
  return (RULE_NAMES as readonly string[]).includes(value);
}

export type RuleChange =
  | { rule: 'default'; micros: Micros; period: Period }
  | { rule: 'budget'; micros: Micros }
  | { rule: 'confirm'; micros: Micros }
  | { rule: 'alerts'; channelId: string | null; belowMicros: Micros }
  | { rule: 'moderation'; channelId: string | null }
  | { rule: 'role'; roleId: string; micros: Micros }
  | { rule: 'role-clear'; roleId: string }
  | { rule: 'channel-allow'; channelId: string }
  | { rule: 'channel-remove'; channelId: string }
  | { rule: 'override'; userId: string; micros: Micros; period: Period | undefined }
  | { rule: 'override-clear'; userId: string }
  | { rule: 'prompt-add'; pattern: string }
  | { rule: 'prompt-remove'; pattern: string };

/** A form read: the change and the value the page showed, or why it is refused (in the admin's language). */
export type ReadForm = { change: RuleChange; expect: RuleValue | undefined } | { refused: string };

const SNOWFLAKE = /^\d{17,20}$/;

type Form = Readonly<Record<string, unknown>>;
type Picked = { id: string } | { refused: string };

function text(form: Form, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value : '';
}

/**
 * Reads the form of `rule`. `was` is required where a value is replaced (a missing or unreadable
 * one is a form from an older page: refused as expired); adding or removing one channel of the
 * list needs none (both are what they say whatever the list holds, as /quota channels).
 */
export function readRuleForm(
  rule: RuleName,
  form: Form,
  l: Localizer,
  ctx: { guildId: string; directory: ServerDirectory | null },
): ReadForm {
  const amount = (name: string): { micros: Micros } | { refused: string } => readAmount(text(form, name), l);
  const role = (): Picked => {
    const id = text(form, 'role');
    if (id === ctx.guildId) return { refused: l.t('web:admin.refused.everyone') };
    const found = ctx.directory?.roles.find((r) => r.id === id);
    if (!found) return { refused: l.t('web:admin.refused.noSuchRole') };
    if (found.managed) return { refused: l.t('web:admin.refused.managedRole', { role: found.name }) };
    return { id };
  };
  const channel = (kinds?: readonly string[]): Picked => {
    const id = text(form, 'channel');
    const found = ctx.directory?.channels.find((ch) => ch.id === id && (!kinds || kinds.includes(ch.kind)));
    return found ? { id } : { refused: l.t('web:admin.refused.noSuchChannel') };
  };
  const member = (): Picked => {
    const id = text(form, 'member');
    return SNOWFLAKE.test(id) ? { id } : { refused: l.t('web:admin.refused.noSuchMember') };
  };
  let expect: RuleValue | undefined;
  if (
    rule !== 'channel-allow' &&
    rule !== 'channel-remove' &&
    rule !== 'prompt-add' &&
    rule !== 'prompt-remove'
  ) {
    try {
      expect = JSON.parse(text(form, 'was')) as RuleValue;
    } catch {
      return { refused: l.t('web:admin.refused.expired') };
    }
  }
  const done = (change: RuleChange): ReadForm => ({ change, expect });
  switch (rule) {
    case 'default': {
      const a = amount('usd');
      if ('refused' in a) return a;
      const period = text(form, 'period');
      if (!isPeriod(period)) return { refused: l.t('web:admin.refused.period') };
      return done({ rule, micros: a.micros, period });
    }
    case 'budget':
    case 'confirm': {
      const a = amount('usd');
      return 'refused' in a ? a : done({ rule, micros: a.micros });
    }
    case 'alerts': {
      const a = amount('below');
      if ('refused' in a) return a;
      if (text(form, 'channel') === '') return done({ rule, channelId: null, belowMicros: a.micros });
      const ch = channel(['text', 'announcement']);
      return 'refused' in ch ? ch : done({ rule, channelId: ch.id, belowMicros: a.micros });
    }
    case 'moderation': {
      if (text(form, 'channel') === '') return done({ rule, channelId: null });
      const ch = channel(['text', 'announcement']);
      return 'refused' in ch ? ch : done({ rule, channelId: ch.id });
    }
    case 'role': {
      const r = role();
      if ('refused' in r) return r;
      const a = amount('usd');
      return 'refused' in a ? a : done({ rule, roleId: r.id, micros: a.micros });
    }
    case 'role-clear': {
      // A role deleted since can still lose its allowance: its id only has to be one.
      const id = text(form, 'role');
      return SNOWFLAKE.test(id)
        ? done({ rule, roleId: id })
        : { refused: l.t('web:admin.refused.noSuchRole') };
    }
    case 'channel-allow': {
      const ch = channel();
      return 'refused' in ch ? ch : done({ rule, channelId: ch.id });
    }
    case 'channel-remove': {
      // A channel deleted since can still leave the list.
      const id = text(form, 'channel');
      return SNOWFLAKE.test(id)
        ? done({ rule, channelId: id })
        : { refused: l.t('web:admin.refused.noSuchChannel') };
    }
    case 'override': {
      const m = member();
      if ('refused' in m) return m;
      const a = amount('usd');
      if ('refused' in a) return a;
      const period = text(form, 'period');
      if (period !== '' && !isPeriod(period)) return { refused: l.t('web:admin.refused.period') };
      return done({ rule, userId: m.id, micros: a.micros, period: period === '' ? undefined : period });
    }
    case 'override-clear': {
      const m = member();
      return 'refused' in m ? m : done({ rule, userId: m.id });
    }
    case 'prompt-add':
    case 'prompt-remove': {
      const normal = normalizePattern(text(form, 'pattern'));
      if ('refused' in normal) {
        const why = { empty: 'promptEmpty', 'too-long': 'promptTooLong', star: 'promptStar' } as const;
        return { refused: l.t(`web:admin.refused.${why[normal.refused]}`) };
      }
      return done({ rule, pattern: normal.pattern });
    }
    default:
      return rule satisfies never;
  }
}

/** Makes the change through the quota's own service, as /quota would, marked as made on the web. */
export async function applyRuleChange(
  admin: QuotaAdmin,
  guildId: string,
  change: RuleChange,
  by: string,
  options: ChangeOptions,
): Promise<void> {
  switch (change.rule) {
    case 'default':
      await admin.setDefault(guildId, change.micros, change.period, by, options);
      return;
    case 'budget':
      await admin.setBudget(guildId, change.micros, by, options);
      return;
    case 'confirm':
      await admin.setConfirmThreshold(guildId, change.micros, by, options);
      return;
    case 'alerts':
      await admin.setAlerts(
        guildId,
        { channelId: change.channelId, belowMicros: change.belowMicros },
        by,
        options,
      );
      return;
    case 'moderation':
      await admin.setModerationChannel(guildId, change.channelId, by, options);
      return;
    case 'role':
      await admin.setRoleAllowance(guildId, change.roleId, change.micros, by, options);
      return;
    case 'role-clear':
      await admin.clearRoleAllowance(guildId, change.roleId, by, options);
      return;
    case 'channel-allow':
      await admin.allowChannel(guildId, change.channelId, by, options);
      return;
    case 'channel-remove':
      await admin.removeChannel(guildId, change.channelId, by, options);
      return;
    case 'override':
      await admin.setOverride(guildId, change.userId, change.micros, change.period, by, options);
      return;
    case 'override-clear':
      await admin.clearOverride(guildId, change.userId, by, options);
      return;
    case 'prompt-add':
      await admin.addPromptPattern(guildId, change.pattern, by, options);
      return;
    case 'prompt-remove':
      await admin.removePromptPattern(guildId, change.pattern, by, options);
      return;
    default:
      change satisfies never;
  }
}
