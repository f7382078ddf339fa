/** /quota show: a member's allowance and spend, or, naming no one, the server's overview. */
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { renderGuildOverview, roleIdsOf, TOP_SPENDERS } from '../../../src/discord/views/quota-view.ts';
import { renderMemberSummary } from '../../../src/discord/views/usage-view.ts';
import type { SubcommandHandler } from '../definition.ts';

export const show: SubcommandHandler<'show'> = async (i, args, { quota, catalog }) => {
  if (!args.user) {
    const [overview, settings] = await Promise.all([
      quota.guildOverview(i.guildId, { top: TOP_SPENDERS }),
      quota.getSettings(i.guildId),
    ]);
    return { embeds: [renderGuildOverview(overview, settings)] };
  }
  const { user, member } = args.user;
  const summary = await quota.summary({
    guildId: i.guildId,
    userId: user.id,
    roleIds: roleIdsOf(member ?? null),
  });
  return {
    embeds: [
      renderMemberSummary(summary, memberLocalizer(i), {
        title: `Quota of ${user.username}`,
        labelOf: (slug) => catalog.get(slug)?.label ?? slug,
        mention: true,
      }),
    ],
  };
};
