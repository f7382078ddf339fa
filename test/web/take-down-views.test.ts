/**
 * A take-down as the audit log and the gallery word it: who took down whose result in which
 * channel, made in Discord or on the dashboard, the prompt's first line; every member-written text
 * (names, channel, prompt) escaped; the gallery's notice names the admin who came first.
 */
import { describe, expect, it } from 'vitest';
import { english, localizerOf } from '../../src/i18n/index.ts';
import type { AuditRecord } from '../../src/quota/rule-fields.ts';
import { namesOf } from '../../src/web/views/admin-bits.ts';
import { auditTable, membersNamedIn } from '../../src/web/views/audit-view.ts';
import { takeDownNotice } from '../../src/web/views/take-down.ts';

const ADMIN = '1300000000000000012';
const ALICE = '1300000000000000010';
const ART = '1300000000000000002';

const record = (over: Partial<AuditRecord> = {}): AuditRecord => ({
  n: 7,
  at: '2026-03-01T10:00:00.000Z',
  by: ADMIN,
  via: 'command',
  action: 'take-down',
  detail: {
    generationId: 'gen-1',
    messageId: '1300000000000000900',
    channelId: ART,
    authorId: ALICE,
    prompt: '<img src=x onerror=alert(1)> a fox',
  },
  ...over,
});

const names = namesOf(
  { channels: [{ id: ART, name: '<b>art</b>', kind: 'text', category: null, position: 0 }], roles: [] },
  english,
  new Map([
    [ADMIN, 'ada & co'],
    [ALICE, '<i>alice</i>'],
  ]),
);

async function rowOf(r: AuditRecord, l = english): Promise<string> {
  return String(
    await auditTable(l, { guildId: '1300000000000000001', records: [r], names, defaultPeriod: 'daily' }),
  );
}

describe('a take-down in the audit log', () => {
  it('says who took down whose result where, in Discord, with the prompt, all escaped', async () => {
    const html = await rowOf(record());
    expect(html).toContain('data-action="take-down"');
    expect(html).toContain('<td>ada &amp; co</td>');
    expect(html).toContain('<td>in Discord</td>');
    expect(html).toContain('took down the result of &lt;i&gt;alice&lt;/i&gt; in #&lt;b&gt;art&lt;/b&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; a fox');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<i>alice');
  });

  it('made on the dashboard says so, in every language', async () => {
    expect(await rowOf(record({ via: 'web' }))).toContain('<td>on the dashboard</td>');
    expect(await rowOf(record(), localizerOf('de'))).toContain('hat das Ergebnis von');
    expect(await rowOf(record(), localizerOf('ja'))).toContain('生成結果を削除しました');
  });

  it('names the admin and the member whose result it was', () => {
    expect(membersNamedIn(record())).toEqual([ADMIN, ALICE]);
    expect(membersNamedIn(record({ action: 'set-budget', detail: { authorId: ALICE } }))).toEqual([ADMIN]);
  });
});

describe("the gallery's notice after a take-down", () => {
  const shown = new Map([
    [ADMIN, 'ada'],
    [ALICE, 'alice'],
  ]);
  it('tells the admin who did it that it is done, and another that it was done already, by whom', () => {
    expect(takeDownNotice(english, record(), ADMIN, shown).text).toBe(
      'Taken down: the result of alice is deleted in Discord and gone from the gallery. The audit log says you did it.',
    );
    expect(takeDownNotice(english, record(), '1300000000000000011', shown).text).toBe(
      'ada already took this result down (Mar 1, 2026, 10:00 AM UTC). Nothing more was done.',
    );
  });
});

describe('a top-up in the audit log', () => {
  it('says the member bought it in Discord’s store, and what a refund took back', () => {
    const credit = record({
      action: 'topup-credit',
      by: ALICE,
      detail: { entitlementId: 'e1', micros: 5_000_000 },
    });
    const back = record({
      n: 8,
      action: 'topup-take-back',
      by: ALICE,
      detail: { entitlementId: 'e1', takenMicros: 3_000_000, owedMicros: 2_000_000 },
    });
    const whole = record({
      n: 9,
      action: 'topup-take-back',
      by: ALICE,
      detail: { entitlementId: 'e2', takenMicros: 1_000_000, owedMicros: 0 },
    });
    const table = String(
      auditTable(english, { guildId: '1', records: [whole, back, credit], names, defaultPeriod: 'daily' }),
    );
    expect(table).toContain('in Discord&#39;s store');
    expect(table).toContain('bought a top-up of $5.00');
    expect(table).toContain('a refunded top-up: $3.00 taken back, $2.00 owed');
    // Nothing owed: not "$0.00 owed".
    expect(table).toContain('a refunded top-up: $1.00 taken back</td>');
    expect(table).toContain('&lt;i&gt;alice&lt;/i&gt;');
  });
});
