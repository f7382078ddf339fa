/**
 * Deferring a reply when the answer to the defer can be lost. Discord may carry out the callback and
 * its answer go astray (a 5xx at the edge, a dropped connection, a timeout); @discordjs/rest then
 * sends the same callback again, and Discord answers 40060 "Interaction has already been
 * acknowledged", or the retries run out on more 5xx. The interaction may be deferred all the same:
 * treating that as a failure would release a reservation the member is about to use and leave the
 * reply "thinking" forever.
 */
import { DiscordAPIError, DiscordjsError, RESTJSONErrorCodes, type RepliableInteraction } from 'discord.js';

/**
 * Defers the interaction's reply publicly. When Discord says the interaction is acknowledged
 * already (40060), or an answer that says nothing is followed by Discord showing the deferred
 * reply, the defer did happen: the interaction is then marked deferred, exactly as discord.js
 * marks it after a successful defer, so that `editReply` works. Otherwise the error is thrown.
 */
export async function deferReply(interaction: RepliableInteraction): Promise<void> {
  try {
    await interaction.deferReply();
  } catch (err) {
    if (!isAlreadyAcknowledged(err) && !(await deferLanded(interaction, err))) throw err;
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

/**
 * After an error that does not say whether Discord took the defer (5xx until the retries ran out,
 * a timeout, a lost connection): asks Discord for the original response, which exists only once
 * the interaction was answered. A refusal (4xx) or discord.js's own check says no by itself.
 */
async function deferLanded(interaction: RepliableInteraction, err: unknown): Promise<boolean> {
  if (err instanceof DiscordAPIError || err instanceof DiscordjsError) return false;
  try {
    await interaction.webhook.fetchMessage('@original');
    return true;
  } catch {
    return false;
  }
}
