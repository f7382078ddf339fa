import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'store-'));
  dirs.push(dir);
  return join(dir, 'nested', 'bot.sqlite');
}

function journalMode(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file);
    db.get('PRAGMA journal_mode', (err, row: { journal_mode: string }) => {
      db.close();
      if (err) reject(err);
      else resolve(row.journal_mode);
    });
  });
}

describe('store', () => {
  it('keeps namespaces apart in one SQLite file, creating its folder, and keeps them across reopening', async () => {
    const file = tempFile();
    const first = await openStore(`sqlite://${file}`);
    await first.namespace('jobs').set('x', { a: 1 });
    await first.namespace('quota').set('x', { b: 2 });
    await first.close();

    const again = await openStore(`sqlite://${file}`);
    expect(await again.namespace('jobs').get('x')).toEqual({ a: 1 });
    expect(await again.namespace('quota').get('x')).toEqual({ b: 2 });
    await again.close();
  });

  it('puts the SQLite file in write-ahead-log mode, so writes are not paced by the disk', async () => {
    const file = tempFile();
    const store = await openStore(`sqlite://${file}`);
    await store.namespace('jobs').set('x', 1);
    expect(await journalMode(file)).toBe('wal');
    await store.close();
  });

  it('refuses a store URL it cannot open, naming the scheme', async () => {
    await expect(openStore('postgres://localhost/db')).rejects.toThrow(
      /sqlite:\/\/, memory:\/\/ or redis:\/\//,
    );
  });
});
