/** Holding a bot's SQLite file from outside, as another process would: its writes then wait. */
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
