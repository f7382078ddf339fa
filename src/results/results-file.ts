/**
 * The index's file, beside the store's (`data/bot.sqlite` → `data/bot.results.sqlite`), opened only
 * by the process that holds the store file's lock. Not the store's own file: an index write is a
 * transaction of several statements, and node-sqlite3 runs each on libuv's small thread pool; with
 * keyv's connections waiting for the same file's write lock on every pool thread (their busy
 * timeout sleeps in the thread), the transaction's next statement found no thread to run on and
 * every write of the bot stalled for the busy timeout (seen: a batch of 4 took a minute).
 */
export function resultsFileBeside(storeFile: string): string {
  return storeFile.endsWith('.sqlite')
    ? `${storeFile.slice(0, -'.sqlite'.length)}.results.sqlite`
    : `${storeFile}.results`;
}
