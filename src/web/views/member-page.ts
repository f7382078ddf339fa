/** `/servers/<id>/admin/members/<user>`: one member's figures (as /quota show names them) and their own allowance. */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { MemberSummary } from '../../quota/types.ts';
import type { ServerSummary } from '../../results/server-access.ts';
import { adminNav, type Names, type Notice, noticeBlock, perPeriod } from './admin-bits.ts';
import { type Html, page, type Viewer } from './layout.ts';
import { shownWhen } from './result-bits.ts';
import { overrideForm, type RulesView } from './rules-forms.ts';

export interface MemberPageView {
  server: ServerSummary;
  userId: string;
  name: string;
  summary: MemberSummary;
  rules: RulesView;
  names: Names;
  notice?: Notice;
}

export function memberPage(l: Localizer, viewer: Viewer, v: MemberPageView): Html {
  const s = v.summary;
  const title = l.t('web:admin.member.title', { name: v.name, server: v.server.name });
  const source =
    s.source === 'role' && s.roleId
      ? l.t('web:admin.members.source.role', { role: v.names.role(s.roleId) })
      : l.t(`web:admin.members.source.${s.source === 'role' ? 'default' : s.source}`);
  return page(
    l,
    title,
    viewer,
    html`<h1>${title}</h1>
${adminNav(l, v.server.id, 'members')}
${noticeBlock(l, v.notice)}
<p class="figures" id="member-figures">${l.t('web:admin.member.figures', {
      when: l.t(`quota:thisPeriod.${s.period}`),
      spent: s.spentMicros,
      allowance: `${perPeriod(l, s.allowanceMicros, s.period)} · ${source}`,
      held: s.reservedMicros,
      left: Math.max(0, s.remainingMicros),
    })}</p>
<p class="hint">${
      s.resetsAt
        ? l.t('web:admin.member.resets', { when: shownWhen(l, s.resetsAt.getTime()) })
        : l.t('web:admin.member.neverResets')
    }</p>
${overrideForm(l, v.rules, v.userId)}
<p><a href="/servers/${v.server.id}?member=${v.userId}">${l.t('web:admin.members.results')}</a> · <a href="/servers/${v.server.id}/admin/members">${l.t('web:admin.member.back')}</a></p>`,
  );
}
