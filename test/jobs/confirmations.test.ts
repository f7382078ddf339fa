import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIRMATION_TTL_MS, ConfirmationStore } from '../../src/jobs/confirmations.ts';
import { createInProcessLock } from '../../src/locks.ts';
import { silentLogger } from '../../src/log.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { ALICE, BOB } from '../../testkit/ids.ts';
import { ManualClock } from '../support/manual-clock.ts';

let dir: string;
let store: Store;
let clock: ManualClock;
let released: string[];
let confirmations: ConfirmationStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confirmations-test-'));
  store = await openStore(`sqlite://${join(dir, 'jobs.sqlite')}`);
  clock = new ManualClock('2026-11-23T10:00:00Z');
  released = [];
  confirmations = new ConfirmationStore({
    keyv: store.namespace('jobs'),
    lock: createInProcessLock(),
    quota: {
      release: async (reservationId: string) => {
        released.push(reservationId);
      },
    },
    clock,
    logger: silentLogger,
  });
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const hold = (reservationId = 'g:u:r1') =>
  confirmations.create({
    type: 'video',
    request: { model: 'motion-2.0-fast', prompt: 'hills', duration: 5 },
    quotedMicros: 528_000,
    reservationId,
    guildId: '1300000000000000001',
    channelId: '1300000000000000002',
    userId: ALICE,
    applicationId: '1300000000000000099',
    cardToken: 'card-token',
    attachmentSizeLimit: 10 * 1024 * 1024,
  });

describe('pending confirmations', () => {
  it('refuses a Confirm pressed after 5 minutes even before any sweep, and releases the reservation then', async () => {
    const record = await hold();
    clock.advance(CONFIRMATION_TTL_MS);
    expect(await confirmations.confirm(record.id, ALICE)).toEqual({ kind: 'expired' });
    expect(released).toEqual(['g:u:r1']);
    // The sweep finds nothing more to release.
    expect(await confirmations.expireDue()).toBe(0);
    expect(released).toEqual(['g:u:r1']);
  });

  it('lets exactly one of two concurrent Confirms claim it', async () => {
    const record = await hold();
    const results = await Promise.all([
      confirmations.confirm(record.id, ALICE),
      confirmations.confirm(record.id, ALICE),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(['answered', 'claimed']);
    expect(released).toEqual([]);
  });

  it('does not let another member confirm or cancel, and a confirmed one is not released by the sweep', async () => {
    const record = await hold();
    expect(await confirmations.cancel(record.id, BOB)).toEqual({ kind: 'not_yours' });
    expect((await confirmations.confirm(record.id, ALICE)).kind).toBe('claimed');
    clock.advance(CONFIRMATION_TTL_MS * 2);
    expect(await confirmations.expireDue()).toBe(0);
    expect(released).toEqual([]);
  });

  it('releases unanswered ones past their time on a sweep and leaves younger ones held', async () => {
    const old = await hold('g:u:old');
    clock.advance(CONFIRMATION_TTL_MS - 1);
    await hold('g:u:young');
    clock.advance(1);
    expect(await confirmations.expireDue()).toBe(1);
    expect(released).toEqual(['g:u:old']);
    expect(await confirmations.confirm(old.id, ALICE)).toEqual({ kind: 'expired' });
  });
});
