/**
 * /quota show: a member's allowance and spend, or, naming no one, the server's overview. A member is
 * named one way in both, by their mention (which Discord shows as their name in this server).
 */
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { roleIdsOf } from '../../../src/discord/interactions/permissions.ts';
import { renderGuildOverview, TOP_SPENDERS } from '../../../src/discord/views/quota-view.ts';
import { renderMemberSummary } from '../../../src/discord/views/usage-view.ts';
import type { SubcommandHandler } from '../definition.ts';

export const show: SubcommandHandler<'show'> = async (i, args, { quota, quotaAdmin, catalog }) => {
  const l = memberLocalizer(i);
  if (!args.user) {
    const [overview, settings] = await Promise.all([
      quotaAdmin.guildOverview(i.guildId, { top: TOP_SPENDERS }),
      quotaAdmin.getSettings(i.guildId),
    ]);
    return { embeds: [renderGuildOverview(overview, settings, l)] };
  }
  const { user, member } = args.user;
  const summary = await quota.summary({
    guildId: i.guildId,
    userId: user.id,
    roleIds: roleIdsOf(member ?? null),
  });
  return {
    embeds: [
      renderMemberSummary(summary, l, {
        // The title names nobody: the mention below it does, as the server shows the member.
        title: l.t('quota:member.title'),
        labelOf: (slug) => catalog.get(slug)?.label ?? slug,
        mention: true,
      }),
    ],
  };
};
