/**
 * A request refused after its reply was deferred publicly: the public reply is taken back and only
 * the member reads why. Used when a reservation fails after the early defer, and when the
 * service says the bot's shared balance is used up (the server's business, not the channel's).
 */
import { MessageFlags } from 'discord.js';
import type { UserError } from '../interactions/command.ts';
import { memberLocalizer } from '../interactions/locale.ts';
import type { GuildStartingInteraction } from '../interactions/starting-interaction.ts';

/**
 * Refuses privately a request whose reply was deferred publicly: the "thinking…" reply is removed
 * and only the member is told why (an ephemeral follow-up). Should the removal fail, the public
 * reply says no more than that nothing was sent.
 */
export async function refuseAfterDefer(
  interaction: GuildStartingInteraction,
  content: string,
  components: UserError['components'] = [],
): Promise<void> {
  await interaction
    .deleteReply()
    .catch(() =>
      interaction.editReply({
        content: memberLocalizer(interaction).t('generate:nothingSent'),
        components: [],
        embeds: [],
        allowedMentions: { parse: [] },
      }),
    )
    // A reply that can be neither removed nor edited (a batch's V2 card takes no plain content) must
    // not keep the member from reading why.
    .catch(() => undefined);
  await interaction.followUp({
    content,
    components: [...components],
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}
