/**
 * The results index of one process: tables in the bot's own SQLite file (beside keyv's), laid out
 * in sqlite-tables.ts and searched as sqlite-search.ts plans.
 *
 * Two connections to the file: one writes (transactions, one at a time; puts that queue behind one
 * are committed together: sqlite-connection.ts), one reads (a search sees committed results only).
 */
import type { GalleryPage, GalleryQuery, IndexedResult, ResultsIndex } from './result.ts';
import { Connection, WriteQueue } from './sqlite-connection.ts';
import { searchResults } from './sqlite-search.ts';
import { countFacets, freeId, SCHEMA, type Stored, unindex } from './sqlite-tables.ts';
import { foldedWords, phraseText } from './words.ts';

export class SqliteResultsIndex implements ResultsIndex {
  private readonly writer: WriteQueue;
  private readonly reader: Connection;

  private constructor(writer: WriteQueue, reader: Connection) {
    this.writer = writer;
    this.reader = reader;
  }

  /** Opens (and makes, the first time) the index in `file`: the bot's SQLite file. */
  static async open(file: string): Promise<SqliteResultsIndex> {
    const writer = await Connection.open(file);
    try {
      await writer.whileBusy(SCHEMA);
      const reader = await Connection.open(file);
      return new SqliteResultsIndex(new WriteQueue(writer), reader);
    } catch (err) {
      await writer.close().catch(() => undefined);
      throw err;
    }
  }

  put(result: IndexedResult): Promise<void> {
    if (!Number.isSafeInteger(result.deliveredAt)) {
      return Promise.reject(new RangeError(`deliveredAt must be whole ms (got ${result.deliveredAt})`));
    }
    return this.writer.write(async (db) => {
      const old = await db.get<Stored & { delivered_at: number }>(
        `SELECT id, guild_id, view_channel_id, user_id, model, type, words, delivered_at
         FROM results WHERE generation_id = ?`,
        [result.generationId],
      );
      if (old) await unindex(db, [old]);
      const id =
        old && old.delivered_at === result.deliveredAt ? old.id : await freeId(db, result.deliveredAt);
      const words = phraseText(foldedWords(result.prompt));
      await db.run(
        `INSERT INTO results (id, generation_id, guild_id, view_channel_id, user_id, type, model,
           delivered_at, message_id, batch_id, batch_index, words, result)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          result.generationId,
          result.guildId,
          result.viewChannelId,
          result.userId,
          result.type,
          result.model,
          result.deliveredAt,
          result.messageId,
          result.batch?.id ?? null,
          result.batch?.index ?? null,
          words,
          JSON.stringify(result),
        ],
      );
      await db.run('INSERT INTO results_words (rowid, words) VALUES (?, ?)', [id, words]);
      await countFacets(
        db,
        [
          {
            id,
            guild_id: result.guildId,
            view_channel_id: result.viewChannelId,
            user_id: result.userId,
            model: result.model,
            type: result.type,
            words,
          },
        ],
        1,
      );
    });
  }

  removeMessage(guildId: string, messageId: string): Promise<number> {
    return this.removeWhere(guildId, 'message_id', messageId);
  }

  async remove(guildId: string, generationId: string): Promise<void> {
    await this.removeWhere(guildId, 'generation_id', generationId);
  }

  /** Takes a server's results whose `column` is `value` out of the index; how many. */
  private removeWhere(
    guildId: string,
    column: 'message_id' | 'generation_id',
    value: string,
  ): Promise<number> {
    return this.writer.write(async (db) => {
      const rows = await db.all<Stored>(
        `SELECT id, guild_id, view_channel_id, user_id, model, type, words FROM results
         WHERE guild_id = ? AND ${column} = ?`,
        [guildId, value],
      );
      await unindex(db, rows);
      return rows.length;
    });
  }

  async get(guildId: string, generationId: string): Promise<IndexedResult | undefined> {
    const row = await this.reader.get<{ result: string }>(
      'SELECT result FROM results WHERE guild_id = ? AND generation_id = ?',
      [guildId, generationId],
    );
    return row ? (JSON.parse(row.result) as IndexedResult) : undefined;
  }

  async batch(guildId: string, batchId: string): Promise<IndexedResult[]> {
    const rows = await this.reader.all<{ result: string }>(
      `SELECT result FROM results WHERE guild_id = ? AND batch_id = ? AND batch_id IS NOT NULL
       ORDER BY batch_index, generation_id`,
      [guildId, batchId],
    );
    return rows.map((r) => JSON.parse(r.result) as IndexedResult);
  }

  search(query: GalleryQuery): Promise<GalleryPage> {
    return searchResults(this.reader, query);
  }

  async size(): Promise<number> {
    const row = await this.reader.get<{ n: number }>(
      `SELECT sum(n) AS n FROM results_counts WHERE facet = 'g'`,
    );
    return row?.n ?? 0;
  }

  async close(): Promise<void> {
    await this.writer.idle();
    await Promise.all([this.reader.close(), this.writer.close()]);
  }
}
