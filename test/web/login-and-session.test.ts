/** The web side's login bookkeeping on a real SQLite store: a state is used once, by its own browser. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/open.ts';
import { LoginFlow, safeReturnPath } from '../../src/web/login-flow.ts';
import { LOGIN_WINDOW_MS, LOGINS_PER_WINDOW, LoginLimit } from '../../src/web/login-limit.ts';
import { SESSION_LIFETIME_MS, SessionStore } from '../../src/web/sessions.ts';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-login-'));
  store = await openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a login on its way through Discord', () => {
  it('is finished once, by the browser that started it', async () => {
    const logins = new LoginFlow(store.namespace('web'));
    const started = await logins.start('/servers/1');
    expect(await logins.finish(started.state, 'another browser')).toBeUndefined();
    // The wrong browser's attempt used it up: not even the right browser may finish it now.
    expect(await logins.finish(started.state, started.binding)).toBeUndefined();
    const again = await logins.start('/servers/1');
    expect(await logins.finish(again.state, again.binding)).toEqual({
      verifier: again.verifier,
      returnTo: '/servers/1',
    });
    expect(await logins.finish(again.state, again.binding)).toBeUndefined();
  });

  it('gives one of two racing callbacks the login', async () => {
    const logins = new LoginFlow(store.namespace('web'));
    const started = await logins.start('/');
    const both = await Promise.all([
      logins.finish(started.state, started.binding),
      logins.finish(started.state, started.binding),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
  });

  it('knows no forged state', async () => {
    const logins = new LoginFlow(store.namespace('web'));
    await logins.start('/');
    expect(await logins.finish('forged', 'x')).toBeUndefined();
    expect(await logins.finish('', 'x')).toBeUndefined();
  });
});

describe('where a login returns to', () => {
  it.each([
    ['/servers/1?q=fox', '/servers/1?q=fox'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['/\t/evil.example', '/'],
    ['javascript:alert(1)', '/'],
    [undefined, '/'],
  ])('%s → %s', (given, expected) => {
    expect(safeReturnPath(given)).toBe(expected);
  });
});

describe('sessions', () => {
  it('are found by their id only, and end at logout and after 7 days', async () => {
    let now = 1_000_000;
    const sessions = new SessionStore(store.namespace('web'), () => now);
    const { id, session } = await sessions.create({
      userId: '1',
      userName: 'A',
      locale: 'de',
      guildIds: ['2'],
    });
    expect(await sessions.get(id)).toEqual(session);
    expect(await sessions.get(`${id}x`)).toBeUndefined();
    now += SESSION_LIFETIME_MS;
    expect(await sessions.get(id)).toBeUndefined();
    now -= SESSION_LIFETIME_MS;
    await sessions.destroy(id);
    expect(await sessions.get(id)).toBeUndefined();
  });

  it('keep no readable id in the store', async () => {
    const sessions = new SessionStore(store.namespace('web'), () => Date.now());
    const { id } = await sessions.create({ userId: '1', userName: 'A', locale: null, guildIds: [] });
    const keys: string[] = [];
    for await (const [key] of store.namespace('web').iterator?.(undefined) ?? []) keys.push(String(key));
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes(id))).toBe(false);
  });
});

describe('logins per address', () => {
  it('allows a window full, then refuses until it slides', () => {
    let now = 0;
    const limit = new LoginLimit(() => now);
    for (let i = 0; i < LOGINS_PER_WINDOW; i++) expect(limit.take('a')).toBe(true);
    expect(limit.take('a')).toBe(false);
    expect(limit.take('b')).toBe(true);
    now += LOGIN_WINDOW_MS;
    expect(limit.take('a')).toBe(true);
  });
});
