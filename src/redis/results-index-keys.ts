/**
 * The keys of the Redis results index: plain sorted sets and hashes (Debian's redis-server has no
 * search module). Under `prefix` (`results:` by default), each sorted set scored by deliveredAt
 * with the generation ids as members, so that walking one from the top is the gallery's order
 * (newest first; one millisecond's ties by generation id, as Redis orders equal scores by their
 * bytes):
 *   r:{id}                       a hash: the result's JSON (j), the fields a search reads (guild g,
 *                                view channel c, member u, model m, type t, message msg, batch b),
 *                                its prompt's folded words with a space around each (w: phrases
 *                                are found in it by a plain find) and the words it is indexed by (k)
 *   g:{guild}                    every result of a server
 *   w:{guild}:{word}             the results whose prompt has the word (words.ts folds it)
 *   m:{guild}:{model}  t:{guild}:{type}  u:{guild}:{user}  c:{guild}:{view channel}
 *   msg:{guild}:{message}        a set: the results a message shows (a deleted message takes them)
 *   b:{guild}:{batch}            the takes of a batch, scored by their index
 *   n                            how many results in all
 *   scratch                      a search's chunk of candidates, deleted before its script ends
 * The scripts that change a result build its keys in Lua (results-index-scripts.ts); these are the
 * ones a search and the count are given.
 */

/** The names of the keys a search reads, and the count's, under `prefix`. */
export function resultsKeys(prefix: string) {
  return {
    guild: (guildId: string) => `${prefix}g:${guildId}`,
    word: (guildId: string, word: string) => `${prefix}w:${guildId}:${word}`,
    model: (guildId: string, model: string) => `${prefix}m:${guildId}:${model}`,
    type: (guildId: string, type: string) => `${prefix}t:${guildId}:${type}`,
    user: (guildId: string, userId: string) => `${prefix}u:${guildId}:${userId}`,
    /** A server's view channels' sets, but for the channel's id (the search script adds it). */
    channelsOf: (guildId: string) => `${prefix}c:${guildId}:`,
    /** The results' hashes, but for the generation id. */
    results: `${prefix}r:`,
    count: `${prefix}n`,
    scratch: `${prefix}scratch`,
  };
}
