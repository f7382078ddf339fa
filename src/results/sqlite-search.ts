/**
 * A search of the SQLite index: its plan (which set to walk), the page and the count.
 *
 * Walking by id from the top is walking the gallery newest first (sqlite-tables.ts), so a page stops
 * after limit + 1 matches. A search walks whichever of these holds the fewest rows, and checks the
 * rest of the query on each row:
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
 * It reads on the reader's connection: a search sees committed results only.
 */
import {
  decodeCursor,
  encodeCursor,
  newestFirst,
  type PagePosition,
  pageLimit,
  positionOf,
} from './cursor.ts';
import { COUNT_CAP, type GalleryPage, type GalleryQuery, type IndexedResult } from './result.ts';
import type { Connection } from './sqlite-connection.ts';
import { type Facet, firstId } from './sqlite-tables.ts';
import { parseSearch, phraseText } from './words.ts';

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

/** A page of the gallery: the results of `query` after its cursor, and how many match in all. */
export async function searchResults(reader: Connection, query: GalleryQuery): Promise<GalleryPage> {
  const limit = pageLimit(query.limit);
  const after = decodeCursor(query.cursor);
  const plan = await planOf(reader, query);
  if (!plan) return { results: [], next: null, total: 0, capped: false };
  const found = await page(reader, plan, after, limit + 1);
  const results = found.slice(0, limit).map((r) => JSON.parse(r.result) as IndexedResult);
  const last = results.at(-1);
  const next = found.length > limit && last ? encodeCursor(positionOf(last)) : null;
  // A first page that holds every match has counted them already.
  const counted = !after && found.length <= limit ? found.length : await count(reader, plan);
  return { results, next, total: Math.min(counted, COUNT_CAP), capped: counted > COUNT_CAP };
}

/**
 * What to walk and what to check; undefined when nothing can match. The walk is the smallest of
 * the sets the query requires, from the counts kept per facet and FTS5's count of each word.
 */
async function planOf(reader: Connection, query: GalleryQuery): Promise<Plan | undefined> {
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
  const counts = await reader.all<{ facet: Facet; value: string; n: number }>(
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
function walk(plan: Plan, columns: string, extra: string[], extraParams: unknown[]): [string, unknown[]] {
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
async function page(
  reader: Connection,
  plan: Plan,
  after: PagePosition | undefined,
  take: number,
): Promise<Found[]> {
  const columns =
    'r.id AS id, r.result AS result, r.delivered_at AS deliveredAt, r.generation_id AS generationId';
  const from: string[] = [];
  const fromParams: unknown[] = [];
  const after_ = ['(r.delivered_at < ? OR (r.delivered_at = ? AND r.generation_id < ?))'];
  if (after) {
    from.push(`${plan.id} < ?`, ...after_);
    fromParams.push(firstId(after.deliveredAt + 1), after.deliveredAt, after.deliveredAt, after.generationId);
  }
  const [sql, params] = walk(plan, columns, from, fromParams);
  const rows = await reader.all<Found>(`${sql} ORDER BY ${plan.id} DESC LIMIT ${take}`, params);
  const edge = rows.length === take ? rows[take - 1] : undefined;
  if (!edge || edge.id === firstId(edge.deliveredAt)) return rows.sort(newestFirst);
  const tied = await reader.all<Found>(
    `SELECT ${columns} FROM results r WHERE ${[...plan.rowSql, ...(after ? after_ : []), 'r.id >= ?', 'r.id < ?'].join(' AND ')}`,
    [...plan.rowParams, ...fromParams.slice(1), firstId(edge.deliveredAt), firstId(edge.deliveredAt + 1)],
  );
  return [...rows.filter((r) => r.deliveredAt > edge.deliveredAt), ...tied].sort(newestFirst).slice(0, take);
}

/** Matches in all (no cursor), counted up to one past COUNT_CAP (in whatever order the walk goes). */
async function count(reader: Connection, plan: Plan): Promise<number> {
  const [sql, params] = walk(plan, '1', [], []);
  const row = await reader.get<{ n: number }>(
    `SELECT count(*) AS n FROM (${sql} LIMIT ${COUNT_CAP + 1})`,
    params,
  );
  return row?.n ?? 0;
}
