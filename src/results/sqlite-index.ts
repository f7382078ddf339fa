/**
 * The results index of one process: tables in the bot's own SQLite file (beside keyv's). A table
 * of results, an FTS5 index of their prompts' folded words (words.ts: the same words the Redis
 * engine and the search parser make), and how many results each server, channel, member, model
 * and type holds (what a search plans with, as Redis's ZCARD).
 *
 * The counts are kept in the same transaction as the results (per server: all, each view channel,
 * member, model, type and prompt word), so that planning a search is one read of a few rows.
 *
 * The order is in the row id: a result's id is deliveredAt × 1024 + a free slot of that
 * millisecond, and its FTS row has the same id. Walking by id from the top is walking the gallery
 * newest first, so a page stops after limit + 1 matches. A search walks whichever of these holds
 * the fewest rows, and checks the rest of the query on each row:
 * - the FTS matches of its words (FTS5 walks a term's doclist newest first from the top cheaply,
 *   but seeks a rowid by reading it: only the walk from the top is used);
 * - an index of the results by server and member, model or type (ordered by id);
 * - the view channels the member may see, when they hold few of the server's results (read whole
 *   and sorted: no early stop, so only when small).
 * Off the FTS walk, words and phrases are checked on the row's folded words (` a b c `, a space
 * around each: `instr` finds ` b c ` only as whole words in that order), exactly what FTS5 finds.
 * Only the ties of one millisecond need a second look: they are by slot in the id, by generation
 * id in the gallery (see `page`).
 *
 * Two connections to the file: one writes (transactions, one at a time; puts that queue behind one
 * are committed together), one reads (a search sees committed results only). Write-ahead logging
 * and a busy timeout, like keyv's connections to the same file (store/open.ts), so none of them
 * fails on another's lock.
 */
import sqlite3 from 'sqlite3';
import {
  decodeCursor,
  encodeCursor,
  newestFirst,
  type PagePosition,
  pageLimit,
  positionOf,
} from './cursor.ts';
import {
  COUNT_CAP,
  type GalleryPage,
  type GalleryQuery,
  type IndexedResult,
  type ResultsIndex,
} from './result.ts';
import { foldedWords, MAX_WORD_LENGTH, parseSearch, phraseText } from './words.ts';

/** Results of one millisecond that fit in the id; the 1,025th put in the same ms is refused. */
const SLOTS = 1024;
const BUSY_TIMEOUT_MS = 10_000;

const SCHEMA = `
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
type Facet = 'g' | 'c' | 'u' | 'm' | 't' | 'w';

/** One sqlite3 connection, promised. */
class Connection {
  private readonly db: sqlite3.Database;

  private constructor(db: sqlite3.Database) {
    this.db = db;
  }

  static async open(file: string): Promise<Connection> {
    const db = await new Promise<sqlite3.Database>((resolve, reject) => {
      const opened: sqlite3.Database = new sqlite3.Database(file, (err) =>
        err ? reject(err) : resolve(opened),
      );
    });
    db.configure('busyTimeout', BUSY_TIMEOUT_MS);
    const connection = new Connection(db);
    try {
      await connection.whileBusy('PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;');
    } catch (err) {
      await connection.close().catch(() => undefined);
      throw err;
    }
    return connection;
  }

  /**
   * Runs `sql`, again while the file is busy. Turning a new file to write-ahead logging needs it
   * alone, and SQLite answers BUSY at once there (the busy timeout does not wait for that lock):
   * on a first start keyv's connections turn it at the same moment.
   */
  async whileBusy(sql: string): Promise<void> {
    const until = Date.now() + BUSY_TIMEOUT_MS;
    for (;;) {
      try {
        return await this.exec(sql);
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > until) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }

  exec(sql: string): Promise<void> {
    return new Promise((resolve, reject) => this.db.exec(sql, (err) => (err ? reject(err) : resolve())));
  }

  all<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return new Promise((resolve, reject) =>
      this.db.all(sql, params, (err, rows) => (err ? reject(err) : resolve(rows as T[]))),
    );
  }

  async get<T>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.all<T>(sql, params))[0];
  }

  run(sql: string, params: unknown[] = []): Promise<void> {
    return new Promise((resolve, reject) =>
      this.db.run(sql, params, (err) => (err ? reject(err) : resolve())),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve, reject) => this.db.close((err) => (err ? reject(err) : resolve())));
  }
}

/** A result's row as a change reads it back. */
interface Stored {
  id: number;
  guild_id: string;
  view_channel_id: string;
  user_id: string;
  model: string;
  type: string;
  words: string;
}

/** What a search walks: see the module's comment. */
type Driver = 'words' | 'channels' | 'guild' | 'user' | 'model' | 'type';

const FACET_INDEX: Record<'guild' | 'user' | 'model' | 'type', string> = {
  guild: 'results_by_guild',
  user: 'results_by_user',
  model: 'results_by_model',
  type: 'results_by_type',
};

/** A planned search: the walk and the conditions every row must meet, with their parameters. */
interface Plan {
  driver: Driver;
  /** The id the walk goes by: the FTS rowid on the words walk, else the results' own. */
  id: string;
  /** The FTS5 query of the words and phrases (the words walk only). */
  match: string | undefined;
  /** On `r`, the results; the walk's own conditions first. */
  sql: string[];
  params: unknown[];
  /** The same without the word conditions the FTS walk checks itself: for a look by id range. */
  rowSql: string[];
  rowParams: unknown[];
}

/** A row as a page selects it. */
interface Found extends PagePosition {
  id: number;
  result: string;
}

/** The first id of a millisecond. */
const firstId = (deliveredAt: number) => deliveredAt * SLOTS;

interface QueuedWrite {
  work: (db: Connection) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

export class SqliteResultsIndex implements ResultsIndex {
  private readonly writer: Connection;
  private readonly reader: Connection;
  /** Writes waiting for the writer; taken together into its next transaction. */
  private queued: QueuedWrite[] = [];
  /** The writer's run through the queue, while there is one. */
  private writing: Promise<void> | undefined;

  private constructor(writer: Connection, reader: Connection) {
    this.writer = writer;
    this.reader = reader;
  }

  /** Opens (and makes, the first time) the index in `file`: the bot's SQLite file. */
  static async open(file: string): Promise<SqliteResultsIndex> {
    const writer = await Connection.open(file);
    try {
      await writer.whileBusy(SCHEMA);
      const reader = await Connection.open(file);
      return new SqliteResultsIndex(writer, reader);
    } catch (err) {
      await writer.close().catch(() => undefined);
      throw err;
    }
  }

  put(result: IndexedResult): Promise<void> {
    if (!Number.isSafeInteger(result.deliveredAt)) {
      return Promise.reject(new RangeError(`deliveredAt must be whole ms (got ${result.deliveredAt})`));
    }
    return this.write(async (db) => {
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
      await count(
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
    }) as Promise<void>;
  }

  removeMessage(guildId: string, messageId: string): Promise<number> {
    return this.write(async (db) => {
      const rows = await db.all<Stored>(
        `SELECT id, guild_id, view_channel_id, user_id, model, type, words FROM results
         WHERE guild_id = ? AND message_id = ?`,
        [guildId, messageId],
      );
      await unindex(db, rows);
      return rows.length;
    }) as Promise<number>;
  }

  remove(guildId: string, generationId: string): Promise<void> {
    return this.write(async (db) => {
      const rows = await db.all<Stored>(
        `SELECT id, guild_id, view_channel_id, user_id, model, type, words FROM results
         WHERE guild_id = ? AND generation_id = ?`,
        [guildId, generationId],
      );
      await unindex(db, rows);
    }) as Promise<void>;
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

  async search(query: GalleryQuery): Promise<GalleryPage> {
    const limit = pageLimit(query.limit);
    const after = decodeCursor(query.cursor);
    const plan = await this.plan(query);
    if (!plan) return { results: [], next: null, total: 0, capped: false };
    const page = await this.page(plan, after, limit + 1);
    const results = page.slice(0, limit).map((r) => JSON.parse(r.result) as IndexedResult);
    const last = results.at(-1);
    const next = page.length > limit && last ? encodeCursor(positionOf(last)) : null;
    // A first page that holds every match has counted them already.
    const counted = !after && page.length <= limit ? page.length : await this.count(plan);
    return { results, next, total: Math.min(counted, COUNT_CAP), capped: counted > COUNT_CAP };
  }

  async size(): Promise<number> {
    const row = await this.reader.get<{ n: number }>(
      `SELECT sum(n) AS n FROM results_counts WHERE facet = 'g'`,
    );
    return row?.n ?? 0;
  }

  async close(): Promise<void> {
    while (this.writing) await this.writing;
    await Promise.all([this.reader.close(), this.writer.close()]);
  }

  /**
   * What to walk and what to check; undefined when nothing can match. The walk is the smallest of
   * the sets the query requires, by the counts kept per facet and word.
   */
  private async plan(query: GalleryQuery): Promise<Plan | undefined> {
    if (query.viewableChannelIds.size === 0) return undefined;
    const { words, phrases } = parseSearch(query.text ?? '');
    const channels = JSON.stringify([...query.viewableChannelIds]);
    const filters: ['user' | 'model' | 'type', string, Facet, string | undefined][] = [
      ['user', 'r.user_id', 'u', query.userId],
      ['model', 'r.model', 'm', query.model],
      ['type', 'r.type', 't', query.type],
    ];
    const wanted: [Facet, string][] = [['g', ''], ...words.map((w): [Facet, string] => ['w', w])];
    for (const [, , facet, value] of filters) if (value !== undefined) wanted.push([facet, value]);
    const counts = await this.reader.all<{ facet: Facet; value: string; n: number }>(
      `SELECT facet, value, n FROM results_counts WHERE guild_id = ?
         AND (facet, value) IN (SELECT value ->> 0, value ->> 1 FROM json_each(?))
       UNION ALL
       SELECT 'c', '', coalesce(sum(n), 0) FROM results_counts WHERE guild_id = ? AND facet = 'c'
         AND value IN (SELECT value FROM json_each(?))`,
      [query.guildId, JSON.stringify(wanted), query.guildId, channels],
    );
    const sizeOf = (facet: Facet, value?: string) =>
      counts.find((c) => c.facet === facet && (value === undefined || c.value === value))?.n ?? 0;
    let driver: Driver = 'guild';
    let smallest = sizeOf('g');
    for (const [name, , facet, value] of filters) {
      if (value === undefined) continue;
      if (sizeOf(facet) < smallest) [driver, smallest] = [name, sizeOf(facet)];
    }
    if (smallest === 0 || sizeOf('c') === 0) return undefined;
    if (words.length > 0) {
      // A word no result has answers at once (empty) through the FTS walk.
      const fewest = Math.min(...words.map((w) => sizeOf('w', w)));
      if (fewest <= smallest) [driver, smallest] = ['words', fewest];
    }
    // The channels' rows are read whole and sorted (no early stop): worth it only when few.
    if (sizeOf('c') * 4 < smallest) driver = 'channels';

    const plan: Plan = {
      driver,
      id: driver === 'words' ? 'results_words.rowid' : 'r.id',
      match: undefined,
      sql: ['r.guild_id = ?', 'r.view_channel_id IN (SELECT value FROM json_each(?))'],
      params: [query.guildId, channels],
      rowSql: [],
      rowParams: [],
    };
    for (const [, column, , value] of filters) {
      if (value === undefined) continue;
      plan.sql.push(`${column} = ?`);
      plan.params.push(value);
    }
    plan.rowSql = [...plan.sql];
    plan.rowParams = [...plan.params];
    // Delivered from (inclusive) to (exclusive): a range of ids. The FTS walk's own rowid
    // skips a match before its row is read.
    const range = (id: string) => [
      ...(query.from === undefined ? [] : [[`${id} >= ?`, firstId(Math.ceil(query.from))] as const]),
      ...(query.to === undefined ? [] : [[`${id} < ?`, firstId(Math.ceil(query.to))] as const]),
    ];
    for (const [sql, param] of range(plan.id)) {
      plan.sql.push(sql);
      plan.params.push(param);
    }
    for (const [sql, param] of range('r.id')) {
      plan.rowSql.push(sql);
      plan.rowParams.push(param);
    }
    // Off the FTS walk, words and phrases are found in the folded words, a space around each.
    for (const text of [...words.map((w) => [w]), ...phrases].map(phraseText)) {
      plan.rowSql.push('instr(r.words, ?) > 0');
      plan.rowParams.push(text);
    }
    if (driver === 'words') {
      // Each word a quoted FTS5 string (words are letters and digits: nothing in them is syntax).
      const inPhrases = new Set(phrases.flat());
      plan.match = [
        ...words.filter((w) => !inPhrases.has(w)).map((w) => `"${w}"`),
        ...phrases.map((p) => `"${p.join(' ')}"`),
      ].join(' AND ');
    } else {
      plan.sql = plan.rowSql;
      plan.params = plan.rowParams;
    }
    return plan;
  }

  /** The SELECT … FROM … WHERE of a plan's walk, with its parameters. */
  private walk(plan: Plan, columns: string, extra: string[], extraParams: unknown[]): [string, unknown[]] {
    const where = [...plan.sql, ...extra].join(' AND ');
    if (plan.driver === 'words') {
      return [
        `SELECT ${columns} FROM results_words CROSS JOIN results r ON r.id = results_words.rowid
         WHERE results_words MATCH ? AND ${where}`,
        [plan.match, ...plan.params, ...extraParams],
      ];
    }
    const index = plan.driver === 'channels' ? 'results_by_channel' : FACET_INDEX[plan.driver];
    return [
      `SELECT ${columns} FROM results r INDEXED BY ${index} WHERE ${where}`,
      [...plan.params, ...extraParams],
    ];
  }

  /**
   * The first `take` matches after `after`, in the gallery's order. The walk by id is that order
   * but for the ties of one millisecond, which are by slot there: when the walk stopped inside a
   * millisecond (at a slot above its first), that millisecond is read whole, by id range on the
   * results, and the page sorted by generation id.
   */
  private async page(plan: Plan, after: PagePosition | undefined, take: number): Promise<Found[]> {
    const columns =
      'r.id AS id, r.result AS result, r.delivered_at AS deliveredAt, r.generation_id AS generationId';
    const from: string[] = [];
    const fromParams: unknown[] = [];
    const afterCursor = ['(r.delivered_at < ? OR (r.delivered_at = ? AND r.generation_id < ?))'];
    if (after) {
      from.push(`${plan.id} < ?`, ...afterCursor);
      fromParams.push(
        firstId(after.deliveredAt + 1),
        after.deliveredAt,
        after.deliveredAt,
        after.generationId,
      );
    }
    const [sql, params] = this.walk(plan, columns, from, fromParams);
    const rows = await this.reader.all<Found>(`${sql} ORDER BY ${plan.id} DESC LIMIT ${take}`, params);
    const edge = rows.length === take ? rows[take - 1] : undefined;
    if (!edge || edge.id === firstId(edge.deliveredAt)) return rows.sort(newestFirst);
    const tied = await this.reader.all<Found>(
      `SELECT ${columns} FROM results r WHERE ${[...plan.rowSql, ...(after ? afterCursor : []), 'r.id >= ?', 'r.id < ?'].join(' AND ')}`,
      [...plan.rowParams, ...fromParams.slice(1), firstId(edge.deliveredAt), firstId(edge.deliveredAt + 1)],
    );
    return [...rows.filter((r) => r.deliveredAt > edge.deliveredAt), ...tied]
      .sort(newestFirst)
      .slice(0, take);
  }

  /** Matches in all (no cursor), counted up to one past COUNT_CAP (in whatever order the walk goes). */
  private async count(plan: Plan): Promise<number> {
    const [sql, params] = this.walk(plan, '1', [], []);
    const row = await this.reader.get<{ n: number }>(
      `SELECT count(*) AS n FROM (${sql} LIMIT ${COUNT_CAP + 1})`,
      params,
    );
    return row?.n ?? 0;
  }

  /**
   * Runs `work` in a transaction of the writer. Writes that queue while one runs go together into
   * the next (a backfill's puts, a burst of deliveries): one commit for them all. Each is a
   * savepoint of its own, so one that fails leaves the others.
   */
  private write(work: (db: Connection) => Promise<unknown>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queued.push({ work, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  /** Empties the queue; stops (and says so) in the same step as it finds the queue empty. */
  private async drain(): Promise<void> {
    await Promise.resolve();
    for (;;) {
      if (this.queued.length === 0) {
        this.writing = undefined;
        return;
      }
      const batch = this.queued.splice(0);
      const done: [QueuedWrite, unknown][] = [];
      try {
        await this.writer.exec('BEGIN IMMEDIATE');
        for (const write of batch) {
          await this.writer.exec('SAVEPOINT one');
          try {
            done.push([write, await write.work(this.writer)]);
            await this.writer.exec('RELEASE one');
          } catch (err) {
            await this.writer.exec('ROLLBACK TO one; RELEASE one');
            write.reject(err);
          }
        }
        await this.writer.exec('COMMIT');
        for (const [write, value] of done) write.resolve(value);
      } catch (err) {
        await this.writer.exec('ROLLBACK').catch(() => undefined);
        for (const write of batch) write.reject(err);
      }
    }
  }
}

/** Takes results out of the FTS index and the counts, and deletes them. */
async function unindex(db: Connection, rows: readonly Stored[]): Promise<void> {
  if (rows.length === 0) return;
  for (const row of rows) {
    // External content: FTS5 is told the words it indexed to forget them.
    await db.run(`INSERT INTO results_words (results_words, rowid, words) VALUES ('delete', ?, ?)`, [
      row.id,
      row.words,
    ]);
  }
  await count(db, rows, -1);
  await db.run('DELETE FROM results WHERE id IN (SELECT value FROM json_each(?))', [
    JSON.stringify(rows.map((r) => r.id)),
  ]);
}

/**
 * Adds `by` to the counts of every facet of `rows` (a word once a prompt; one longer than a search
 * keeps is never asked about).
 */
async function count(db: Connection, rows: readonly Stored[], by: 1 | -1): Promise<void> {
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
async function freeId(db: Connection, deliveredAt: number): Promise<number> {
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
