import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PENDING_REFERENCES_TTL_MS, PendingReferenceStore } from '../../src/jobs/pending-references.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { ManualClock } from '../support/manual-clock.ts';

let dir: string;
let store: Store;
let clock: ManualClock;
let references: PendingReferenceStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pending-references-test-'));
  store = await openStore(`sqlite://${join(dir, 'jobs.sqlite')}`);
  clock = new ManualClock('2026-11-23T10:00:00Z');
  references = new PendingReferenceStore(store.namespace('jobs'), clock);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const fields = {
  references: [{ url: 'https://cdn.discordapp.com/a.png', kind: 'image' as const, name: 'a.png' }],
  guildId: '1300000000000000001',
  channelId: '1300000000000000002',
  messageId: '1300000000000000099',
  userId: '1300000000000000010',
};

describe('pending references of "Generate from this"', () => {
  it('keeps the attachments under a short id that fits in a modal custom id', async () => {
    const record = await references.create(fields);
    expect(record.id).toMatch(/^[0-9a-f]{16}$/);
    expect(await references.get(record.id)).toEqual({ ...fields, id: record.id, createdAt: clock.now() });
  });

  it('survives a new store handle on the same file (a restart)', async () => {
    const record = await references.create(fields);
    await store.close();
    store = await openStore(`sqlite://${join(dir, 'jobs.sqlite')}`);
    const reopened = new PendingReferenceStore(store.namespace('jobs'), clock);
    expect((await reopened.get(record.id))?.references).toEqual(fields.references);
  });

  it('is good for 15 minutes of the bot clock, and unknown after', async () => {
    const record = await references.create(fields);
    clock.advance(PENDING_REFERENCES_TTL_MS);
    expect(await references.get(record.id)).toBeDefined();
    clock.advance(1);
    expect(await references.get(record.id)).toBeUndefined();
    expect(await references.get('0000000000000000')).toBeUndefined();
  });
});
