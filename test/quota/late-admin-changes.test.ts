/**
 * An admin's change whose answer gave up while a real SQLite file was write-locked by another
 * connection: the change lands when the lock goes, and must count for nothing. What waited for the
 * guild behind it (a reservation's decision, another admin's change that admin was told about)
 * runs only after it is taken back, and keeps its own part.
 *
 * The change runs behind an answer as a store step runs it (src/late-writes.ts `answering`); the
 * answer gives up once the change's first write is on its way to the locked file, which a watch on the
 * store's `quota` namespace reports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Keyv from 'keyv';
import { afterEach, describe, expect, it } from 'vitest';
import { answering } from '../../src/late-writes.ts';
import { createQuota, type Quota } from '../../src/quota/create.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { holdWriteLock } from '../support/sqlite-lock.ts';

const G = '100000000000000001';
const ALICE = '200000000000000001';
const USD = 1_000_000;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

/**
 * The quota on a fresh SQLite file; `changeWritten` resolves when a change's first write is issued:
 * its numbered audit record, written before the settings (src/quota/audit-log.ts).
 */
async function openQuota(): Promise<{
  quota: Quota['service'];
  admin: Quota['admin'];
  file: string;
  changeWritten: () => Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'late-admin-'));
  const file = join(dir, 'bot.sqlite');
  const store = await openStore(`sqlite://${file}`);
  let waiting: (() => void)[] = [];
  const watched: Store = {
    namespace(name) {
      const keyv = store.namespace(name);
      if (name !== 'quota') return keyv;
      return new Proxy(keyv, {
        get(target, property, receiver) {
          if (property !== 'set') return Reflect.get(target, property, receiver);
          return (key: string, ...rest: unknown[]) => {
            if (key.startsWith('audit:')) for (const resolve of waiting.splice(0)) resolve();
            return (target.set as (...args: unknown[]) => unknown).call(target, key, ...rest);
          };
        },
      }) as Keyv;
    },
    close: () => store.close(),
  };
  const { service: quota, admin } = createQuota({
    store: watched,
    clock: new ManualClock('2024-05-15T12:00:00.000Z'),
    defaults: { micros: 1 * USD, period: 'daily' },
  });
  cleanup = async () => {
    waiting = [];
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  };
  // The file and its table exist before another connection locks it.
  await admin.setInFlightCap(G, 10, 'admin');
  return {
    quota,
    admin,
    file,
    changeWritten: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
}

/**
 * Runs `change` behind an answer that gives up once its first write is on its way to the
 * write-locked file, and `next` right after (queued behind it on the guild); then lets the lock go.
 */
async function changeGivenUpWhileLocked<T>(
  opened: Awaited<ReturnType<typeof openQuota>>,
  change: () => Promise<unknown>,
  next: () => Promise<T>,
): Promise<T> {
  const lock = await holdWriteLock(opened.file);
  const answer = new AbortController();
  const writing = opened.changeWritten();
  const changed = answering(answer.signal, change);
  const after = next();
  try {
    await writing;
    answer.abort(new Error('the answer gave up: the store did not confirm in time'));
  } finally {
    await lock.release();
  }
  await changed.catch(() => undefined);
  return after;
}

describe('an admin change whose answer gave up, on a write-locked SQLite file', () => {
  it('is taken back before a reservation waiting behind it is decided', async () => {
    const opened = await openQuota();
    const { quota, admin } = opened;
    // The admin was told that setting Alice's allowance to $0 failed: her $1 default still holds.
    const decided = await changeGivenUpWhileLocked(
      opened,
      () => admin.setOverride(G, ALICE, 0, undefined, 'admin'),
      () => quota.reserve({ guildId: G, userId: ALICE, roleIds: [], model: 'img', quoteMicros: 0.5 * USD }),
    );
    expect(decided).toMatchObject({ ok: true });
    expect((await admin.getSettings(G)).overrides).toEqual({});
  });

  it('is taken back, and a change made after it, which its admin was told about, stays', async () => {
    const opened = await openQuota();
    const { admin } = opened;
    await changeGivenUpWhileLocked(
      opened,
      () => admin.setOverride(G, ALICE, 7 * USD, undefined, 'admin'),
      () => admin.setBudget(G, 50 * USD, 'another admin'),
    );
    const settings = await admin.getSettings(G);
    expect(settings.overrides).toEqual({});
    expect(settings.budgetMicros).toBe(50 * USD);
  });
});
