/**
 * Faults of a bot's SQLite file made from outside, as another process or a damaged database would:
 * its write lock held (the bot's writes wait), or writes of some keys refused.
 */
import sqlite3 from 'sqlite3';

/** Opens the SQLite file beside the bot and holds its write lock until `release`. */
export async function holdWriteLock(file: string): Promise<{ release(): Promise<void> }> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(file, (err) =>
      err ? reject(err) : resolve(opened),
    );
  });
  const exec = (sql: string) =>
    new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
  await exec("BEGIN IMMEDIATE; INSERT OR REPLACE INTO keyv(key, value) VALUES('held', '{}');");
  return {
    async release() {
      await exec('ROLLBACK;');
      await new Promise<void>((resolve) => db.close(() => resolve()));
    },
  };
}

/**
 * Makes the bot's SQLite file refuse every write of a key matching `keyLike` (an SQL LIKE
 * pattern), as a damaged or policy-bound database would: a trigger aborts the insert (keyv's
 * upsert included) with `reason`. The bot's other writes go through. Undone by `restore`.
 */
export async function refuseWritesOf(
  file: string,
  keyLike: string,
  reason: string,
): Promise<{ restore(): Promise<void> }> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(file, (err) =>
      err ? reject(err) : resolve(opened),
    );
  });
  const exec = (sql: string) =>
    new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
  const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
  await exec(
    `CREATE TRIGGER refuse_writes BEFORE INSERT ON keyv WHEN NEW.key LIKE ${literal(keyLike)}
     BEGIN SELECT RAISE(ABORT, ${literal(reason)}); END;`,
  );
  return {
    async restore() {
      await exec('DROP TRIGGER IF EXISTS refuse_writes;');
      await new Promise<void>((resolve) => db.close(() => resolve()));
    },
  };
}
