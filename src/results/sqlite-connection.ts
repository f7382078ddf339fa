/**
 * A connection to the bot's SQLite file, promised, and the queue that turns one connection into the
 * index's writer. Write-ahead logging and a busy timeout, like keyv's connections to the same file
 * (store/open.ts), so none of them fails on another's lock.
 */
import sqlite3 from 'sqlite3';

const BUSY_TIMEOUT_MS = 10_000;

/** One sqlite3 connection, promised. */
export class Connection {
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
   * two connections opening a new file turn it at the same moment.
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

interface QueuedWrite {
  work: (db: Connection) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * The one connection that writes: transactions, one at a time. Writes that queue while one runs go
 * together into the next (a backfill's puts, a burst of deliveries): one commit for them all.
 */
export class WriteQueue {
  private readonly db: Connection;
  /** Writes waiting for the writer; taken together into its next transaction. */
  private queued: QueuedWrite[] = [];
  /** The writer's run through the queue, while there is one. */
  private writing: Promise<void> | undefined;

  constructor(db: Connection) {
    this.db = db;
  }

  /** Runs `work` in a transaction. Each is a savepoint of its own, so one that fails leaves the others. */
  write<T>(work: (db: Connection) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queued.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.writing ??= this.drain();
    });
  }

  /** Once every write queued so far, and any queued meanwhile, is done. */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  close(): Promise<void> {
    return this.db.close();
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
        await this.db.exec('BEGIN IMMEDIATE');
        for (const write of batch) {
          await this.db.exec('SAVEPOINT one');
          try {
            done.push([write, await write.work(this.db)]);
            await this.db.exec('RELEASE one');
          } catch (err) {
            await this.db.exec('ROLLBACK TO one; RELEASE one');
            write.reject(err);
          }
        }
        await this.db.exec('COMMIT');
        for (const [write, value] of done) write.resolve(value);
      } catch (err) {
        await this.db.exec('ROLLBACK').catch(() => undefined);
        for (const write of batch) write.reject(err);
      }
    }
  }
}
