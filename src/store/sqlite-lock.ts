/**
 * One bot process per SQLite file. Two processes on one file overspent allowances and took the
 * same ledger sequence numbers, because each serializes a guild's money changes only within
 * itself. Until a shared store is used (Redis), a second process must refuse to start.
 *
 * The lock is an SQLite database beside the store (`<file>.lock`) held in EXCLUSIVE locking mode
 * for the life of the process. It rests on the operating system's file locks, so it is released
 * when the process dies in any way (kill -9 included) and cannot be fooled by a reused pid, as a
 * pid file could in a container where every start is pid 1.
 */
import sqlite3 from 'sqlite3';

export type LockResult =
  | { ok: true; release: () => Promise<void> }
  | { ok: false; busy: boolean; reason: string };

/** Takes the lock of `file` for this process, without waiting. */
export async function lockSqliteFile(file: string): Promise<LockResult> {
  let db: sqlite3.Database;
  try {
    db = await new Promise<sqlite3.Database>((resolve, reject) => {
      const opened: sqlite3.Database = new sqlite3.Database(`${file}.lock`, (err) =>
        err ? reject(err) : resolve(opened),
      );
    });
  } catch (err) {
    return { ok: false, busy: false, reason: messageOf(err) };
  }
  const exec = (sql: string) =>
    new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
  try {
    // The first write takes the exclusive lock, and EXCLUSIVE mode keeps it until close. No
    // busy timeout: a held lock is answered at once.
    await exec(
      `PRAGMA locking_mode=EXCLUSIVE;
       PRAGMA journal_mode=MEMORY;
       CREATE TABLE IF NOT EXISTS holder(pid INTEGER, since TEXT);
       BEGIN EXCLUSIVE;
       DELETE FROM holder;
       INSERT INTO holder VALUES(${process.pid}, '${new Date().toISOString()}');
       COMMIT;`,
    );
  } catch (err) {
    await new Promise<void>((resolve) => db.close(() => resolve()));
    const code = (err as { code?: string }).code;
    return { ok: false, busy: code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED', reason: messageOf(err) };
  }
  return {
    ok: true,
    release: () => new Promise<void>((resolve) => db.close(() => resolve())),
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
