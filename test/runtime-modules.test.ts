/**
 * What a bot on SQLite (the default, one process) loads at start: not the libraries only another
 * setup or a rare command uses, each resident for the life of the process (docs/performance.md,
 * Memory). The Redis client (@keyv/redis, @redis/client's 423 files) loads only when STORE_URL names
 * a Redis (store/redis-client.ts); Vega and resvg when an admin first asks for /quota report; pino-pretty
 * in pino's worker, not in the bot's thread; and undici once, discord.js's copy (http-agent.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** Packages (or a prefix of their names) a bot on SQLite must not load at start. */
const NOT_AT_START = ['@redis/', '@keyv/redis', 'vega', '@resvg/', 'pino-pretty'];

/** Every module URL a fresh Node loads to import `entry` (importing app.ts does not start the bot). */
async function modulesLoadedBy(entry: string): Promise<string[]> {
  const hook = new URL('./support/record-loads.ts', import.meta.url).href;
  const target = new URL(entry, import.meta.url).href;
  const dir = mkdtempSync(join(tmpdir(), 'loads-'));
  try {
    const to = join(dir, 'loaded.json');
    await promisify(execFile)(
      process.execPath,
      ['--import', hook, '--input-type=module', '--eval', `await import(${JSON.stringify(target)});`],
      { env: { ...process.env, RECORD_LOADS_TO: to } },
    );
    return JSON.parse(readFileSync(to, 'utf8')) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The package a module URL belongs to (`@scope/name` or `name`), or undefined for one of ours. */
function packageOf(url: string): string | undefined {
  const path = url.split('/node_modules/').at(-1);
  if (path === undefined || path === url) return undefined;
  const [first, second] = path.split('/');
  return first?.startsWith('@') ? `${first}/${second}` : first;
}

describe('the modules a start loads', () => {
  it('leaves out what only another setup needs', async () => {
    const loaded = await modulesLoadedBy('../src/app.ts');
    const packages = new Set(loaded.map(packageOf));
    // The recording works: the app and discord.js are there.
    expect(loaded.some((url) => url.endsWith('/src/app.ts'))).toBe(true);
    expect(packages).toContain('discord.js');
    const unwanted = [...packages].filter((name) => NOT_AT_START.some((p) => name?.startsWith(p)));
    expect(unwanted).toEqual([]);
    // One copy of undici: a folder of its own under another package would be a second.
    const undicis = new Set(loaded.flatMap((url) => url.match(/^.*\/node_modules\/undici\//) ?? []));
    expect(undicis.size).toBe(1);
  });
});
