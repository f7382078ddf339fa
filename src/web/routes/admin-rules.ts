/**
 * `POST /servers/<id>/admin/rules/<rule>`: one rule changed from the dashboard, through the quota's
 * own service (/quota's validation, wording and effect; the next /imagine on any process sees it).
 * In order, and nothing changes unless all pass: the request comes from this site with the
 * session's form token (else 403), the member manages the server now, asked of Discord (else 404),
 * the form reads as a change (else 400 with why, what was typed kept), the rule still holds what
 * the page showed (else 409: the admin is told who changed it to what, the form shows the new
 * value). A saved change redirects to the page, which says what was saved.
 */
import type { Hono } from 'hono';
import { MAX_PATTERNS } from '../../quota/prompt-rules.ts';
import { ChangedMeanwhile } from '../../quota/rule-fields.ts';
import { defaultAllowance } from '../../quota/settings.ts';
import { DEFAULT_REPORT_DAYS } from '../../quota/spend-report.ts';
import { profilesOf } from '../admin-data.ts';
import { ChangeNotMade, changeStep } from '../change-step.ts';
import type { WebDeps, WebEnv } from '../context.ts';
import { applyRuleChange, isRuleName, type RuleName, readRuleForm } from '../rule-forms.ts';
import { type Notice, namesOf, ruleValueText, ruleWhat } from '../views/admin-bits.ts';
import { shownWhen } from '../views/result-bits.ts';
import type { Typed } from '../views/rules-forms.ts';
import { type Admin, adminPost, renderDashboard, renderMember } from './admin.ts';
import { notFound } from './not-found.ts';

/** The fields a form may carry back into the page after a refusal (never the token or `was`). */
const TYPED_FIELDS = ['usd', 'period', 'channel', 'below', 'role', 'member', 'pattern'];

export function adminRuleRoutes(app: Hono<WebEnv>, deps: WebDeps): void {
  app.post('/servers/:guildId/admin/rules/:rule', async (c) => {
    const l = c.get('l');
    const posted = await adminPost(c, deps);
    if (posted instanceof Response) return posted;
    const { a, form } = posted;
    const rule = c.req.param('rule');
    if (!isRuleName(rule)) return notFound(c, a.viewer);
    const guildId = a.access.server.id;
    const typed: Typed = {
      rule,
      values: Object.fromEntries(
        TYPED_FIELDS.flatMap((k) => (typeof form[k] === 'string' ? [[k, form[k] as string]] : [])),
      ),
    };
    // A refusal keeps what was typed, to be corrected; a conflict shows the rule's current value
    // (what the notice promises), so what the other admin saved is what a second Save would replace.
    const again = (notice: Notice, status: 400 | 409 | 503) => {
      const kept = status === 409 ? {} : { typed };
      return backTo(rule, typed.values.member)
        ? renderMember(c, deps, a, typed.values.member ?? '', { notice, ...kept, status })
        : renderDashboard(c, deps, a, { days: DEFAULT_REPORT_DAYS, notice, ...kept, status });
    };

    const directory = await deps.access.directory(guildId);
    const read = readRuleForm(rule, form, l, { guildId, directory });
    if ('refused' in read) return again({ kind: 'refused', text: read.refused }, 400);
    const { change, expect } = read;
    if (change.rule === 'prompt-remove' || change.rule === 'prompt-add') {
      const listed = (await deps.quota.admin.getSettings(guildId)).promptPatterns ?? [];
      if (change.rule === 'prompt-remove' && !listed.includes(change.pattern)) {
        const text = l.t('web:admin.saved.promptNotListed', { pattern: change.pattern });
        return again({ kind: 'refused', text }, 400);
      }
      if (change.rule === 'prompt-add' && !listed.includes(change.pattern) && listed.length >= MAX_PATTERNS) {
        return again({ kind: 'refused', text: l.t('web:admin.refused.promptsFull') }, 400);
      }
    }
    if (change.rule === 'channel-remove') {
      const listed = (await deps.quota.admin.listChannels(guildId)).includes(change.channelId);
      if (!listed) {
        const names = namesOf(directory, l);
        return again(
          {
            kind: 'refused',
            text: l.t('web:admin.saved.channelNotListed', { channel: names.channel(change.channelId) }),
          },
          400,
        );
      }
    }
    try {
      await changeStep(
        () =>
          applyRuleChange(deps.quota.admin, guildId, change, a.userId, {
            via: 'web',
            ...(expect === undefined ? {} : { expect }),
          }),
        (err) => err instanceof ChangedMeanwhile,
      );
    } catch (err) {
      if (err instanceof ChangedMeanwhile) return again(await conflictNotice(c.get('l'), deps, a, err), 409);
      if (err instanceof ChangeNotMade) {
        deps.logger.warn({ err: err.cause, guildId, rule }, 'a dashboard change was not made');
        return again({ kind: 'refused', text: l.t('web:admin.refused.store') }, 503);
      }
      throw err;
    }
    deps.logger.info({ guildId, by: a.userId, rule }, 'a rule changed on the dashboard');
    const subject =
      'roleId' in change
        ? change.roleId
        : 'channelId' in change
          ? (change.channelId ?? '')
          : 'pattern' in change
            ? change.pattern
            : '';
    if (backTo(rule, typed.values.member)) {
      return c.redirect(
        `/servers/${guildId}/admin/members/${typed.values.member}?saved=${rule}&subject=${typed.values.member}#notice`,
        303,
      );
    }
    return c.redirect(
      `/servers/${guildId}/admin?saved=${rule}&subject=${encodeURIComponent(subject)}#notice`,
      303,
    );
  });
}

/** Whether the form was on a member's page (their own allowance). */
function backTo(rule: RuleName, member: string | undefined): boolean {
  return (
    (rule === 'override' || rule === 'override-clear') && member !== undefined && /^\d{17,20}$/.test(member)
  );
}

/** What changed under the admin: who, what, from what to what, when and where. */
async function conflictNotice(
  l: Parameters<typeof ruleWhat>[0],
  deps: WebDeps,
  a: Admin,
  err: ChangedMeanwhile,
): Promise<Notice> {
  const guildId = a.access.server.id;
  const latest = err.latest;
  const [directory, settings, profiles] = await Promise.all([
    deps.access.directory(guildId),
    deps.quota.admin.getSettings(guildId),
    profilesOf(deps, guildId, [
      ...(latest ? [latest.by] : []),
      ...(err.field.kind === 'override' ? [err.field.userId] : []),
    ]),
  ]);
  const names = namesOf(directory, l, new Map([...profiles].map(([id, p]) => [id, p.displayName])));
  const period = defaultAllowance(settings, deps.quota.defaults).period;
  const what = ruleWhat(l, err.field, names);
  const after = ruleValueText(l, err.field, err.current, names, period);
  const text = latest
    ? l.t('web:admin.conflict.text', {
        who: names.member(latest.by),
        what,
        before: ruleValueText(l, err.field, latest.before, names, period),
        after,
        when: shownWhen(l, Date.parse(latest.at)),
        where: l.t(`web:admin.where.${latest.via}`),
      })
    : l.t('web:admin.conflict.unknown', { what, after });
  return { kind: 'conflict', text, more: l.t('web:admin.conflict.again') };
}
