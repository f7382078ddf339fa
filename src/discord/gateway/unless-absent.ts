/** Discord's REST answers where "not there" is an answer, not a failure. */
import { DiscordAPIError } from 'discord.js';

/** Null for Discord's "unknown" (404) and "no access" (403): what the bot cannot see is not its. */
export async function unlessAbsent<T>(answer: Promise<T>): Promise<T | null> {
  try {
    return await answer;
  } catch (err) {
    if (err instanceof DiscordAPIError && (err.status === 404 || err.status === 403)) return null;
    throw err;
  }
}
