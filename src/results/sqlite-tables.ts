/**
 * The index's tables in the bot's SQLite file (beside keyv's), and what a change does to them beyond
 * its own row: a table of results, an FTS5 index of their prompts' folded words (words.ts: the same
 * words the Redis engine and the search parser make), and how many results each server, channel,
 * member, model and type holds (what a search plans with, as Redis's ZCARD).
 *
 * The counts are kept in the same transaction as the results (per server: all, each view channel,
 * member, model, type and prompt word), so that planning a search is one read of a few rows.
 *
 * The order is in the row id: a result's id is deliveredAt × 1024 + a free slot of that
 * millisecond, and its FTS row has the same id. Walking by id from the top is walking the gallery
 * newest first (sqlite-search.ts).
 */
import type { Connection } from './sqlite-connection.ts';
import { MAX_WORD_LENGTH } from './words.ts';

/** Results of one millisecond that fit in the id; the 1,025th put in the same ms is refused. */
const SLOTS = 1024;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS results (
  id INTEGER PRIMARY KEY,
  generation_id TEXT NOT NULL UNIQUE,
  guild_id TEXT NOT NULL,
  view_channel_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  type TEXT NOT NULL,
  model TEXT NOT NULL,
  delivered_at INTEGER NOT NULL,
  message_id TEXT NOT NULL,
  batch_id TEXT,
  batch_index INTEGER,
  words TEXT NOT NULL,
  result TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS results_by_guild ON results(guild_id);
CREATE INDEX IF NOT EXISTS results_by_user ON results(guild_id, user_id);
CREATE INDEX IF NOT EXISTS results_by_model ON results(guild_id, model);
CREATE INDEX IF NOT EXISTS results_by_type ON results(guild_id, type);
CREATE INDEX IF NOT EXISTS results_by_channel ON results(guild_id, view_channel_id);
CREATE INDEX IF NOT EXISTS results_by_message ON results(guild_id, message_id);
CREATE INDEX IF NOT EXISTS results_by_batch ON results(guild_id, batch_id, batch_index) WHERE batch_id IS NOT NULL;
CREATE VIRTUAL TABLE IF NOT EXISTS results_words USING fts5(
  words, content = 'results', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS results_counts (
  guild_id TEXT NOT NULL,
  facet TEXT NOT NULL,
  value TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (guild_id, facet, value)
) WITHOUT ROWID;
`;

/** The facets counted per server: all of it (g), by view channel, member, model, type, prompt word. */
export type Facet = 'g' | 'c' | 'u' | 'm' | 't' | 'w';

/** A result's row as a change reads it back. */
export interface Stored {
  id: number;
  guild_id: string;
  view_channel_id: string;
  user_id: string;
  model: string;
  type: string;
  words: string;
}

/** The first id of a millisecond. */
export const firstId = (deliveredAt: number) => deliveredAt * SLOTS;

/** Takes results out of the FTS index and the counts, and deletes them. */
export async function unindex(db: Connection, rows: readonly Stored[]): Promise<void> {
  if (rows.length === 0) return;
  for (const row of rows) {
    // External content: FTS5 is told the words it indexed to forget them.
    await db.run(`INSERT INTO results_words (results_words, rowid, words) VALUES ('delete', ?, ?)`, [
      row.id,
      row.words,
    ]);
  }
  await countFacets(db, rows, -1);
  await db.run('DELETE FROM results WHERE id IN (SELECT value FROM json_each(?))', [
    JSON.stringify(rows.map((r) => r.id)),
  ]);
}

/**
 * Adds `by` to the counts of every facet of `rows` (a word once a prompt; one longer than a search
 * keeps is never asked about).
 */
export async function countFacets(db: Connection, rows: readonly Stored[], by: 1 | -1): Promise<void> {
  const facets: [string, Facet, string][] = rows.flatMap((r) => [
    [r.guild_id, 'g', ''],
    [r.guild_id, 'c', r.view_channel_id],
    [r.guild_id, 'u', r.user_id],
    [r.guild_id, 'm', r.model],
    [r.guild_id, 't', r.type],
    ...[...new Set(r.words.split(' '))]
      .filter((w) => w.length > 0 && w.length <= MAX_WORD_LENGTH)
      .map((w): [string, Facet, string] => [r.guild_id, 'w', w]),
  ]);
  await db.run(
    `INSERT INTO results_counts (guild_id, facet, value, n)
     SELECT value ->> 0, value ->> 1, value ->> 2, ? FROM json_each(?) WHERE true
     ON CONFLICT (guild_id, facet, value) DO UPDATE SET n = n + excluded.n`,
    [by, JSON.stringify(facets)],
  );
  if (by > 0) return;
  await db.run(
    `DELETE FROM results_counts WHERE n <= 0
       AND (guild_id, facet, value) IN (SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?))`,
    [JSON.stringify(facets)],
  );
}

/** The first free id of a millisecond (deletes leave gaps: the largest plus one, else any gap). */
export async function freeId(db: Connection, deliveredAt: number): Promise<number> {
  const low = firstId(deliveredAt);
  const high = low + SLOTS - 1;
  const top = await db.get<{ id: number | null }>(
    'SELECT max(id) AS id FROM results WHERE id BETWEEN ? AND ?',
    [low, high],
  );
  if (top?.id === null || top?.id === undefined) return low;
  if (top.id < high) return top.id + 1;
  const taken = await db.get<{ id: number }>('SELECT id FROM results WHERE id = ?', [low]);
  if (!taken) return low;
  const gap = await db.get<{ id: number }>(
    `SELECT a.id + 1 AS id FROM results a WHERE a.id BETWEEN ? AND ?
       AND NOT EXISTS (SELECT 1 FROM results b WHERE b.id = a.id + 1) LIMIT 1`,
    [low, high - 1],
  );
  if (gap) return gap.id;
  throw new Error(`more than ${SLOTS} results delivered in the same millisecond (${deliveredAt})`);
}
