/**
 * Deferring a reply when the answer to the defer can be lost. Discord may carry out the callback and
 * its answer go astray (a 5xx at the edge, a dropped connection); @discordjs/rest then sends the same
 * callback again, and Discord answers 40060 "Interaction has already been acknowledged". The
 * interaction is deferred all the same: treating that as a failure would release a reservation the
 * member is about to use and leave the reply "thinking" forever.
 */
import { DiscordAPIError, RESTJSONErrorCodes, type RepliableInteraction } from 'discord.js';

/**
 * Defers the interaction's reply publicly. A 40060 answer means an earlier attempt of this same
 * call deferred it: the interaction is then marked deferred, exactly as discord.js marks it after
 * a successful defer, so that `editReply` works.
 */
export async function deferReply(interaction: RepliableInteraction): Promise<void> {
  try {
    await interaction.deferReply();
  } catch (err) {
    if (!isAlreadyAcknowledged(err)) throw err;
    // Nothing else in this process answers an interaction before its handler defers it (the
    // gateway hands each interaction to one process), so the acknowledgement is this defer's own.
    // These are the two fields discord.js's deferReply sets once Discord has accepted the defer.
    interaction.deferred = true;
    interaction.ephemeral = false;
  }
}

/** Whether Discord says the interaction was acknowledged already (code 40060). */
export function isAlreadyAcknowledged(err: unknown): boolean {
  return (
    err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged
  );
}
