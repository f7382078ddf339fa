/**
 * `/quota report` through the fake Discord: the real bot answers an admin privately with a PNG that
 * decodes to a real picture and a CSV whose amounts add up to the ledger; an empty period says so
 * without a chart; a member without Manage Server gets nothing.
 */
import { Locale } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuotaCommand } from '../../commands/quota/definition.ts';
import { ledgerChargedMicros } from '../../src/quota/drift.ts';
import { reportDays } from '../../src/quota/spend-report.ts';
import { openApiValidator } from '../../testkit/fake-discord/openapi.ts';
import { stateOf } from '../../testkit/fake-discord/state.ts';
import { ADMIN, ALICE, BOB, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { parseCsv, usdToMicrosExact } from '../support/csv.ts';
import { colourStats, decodePng } from '../support/png.ts';
import { deferredEphemeralReply, sub } from './quota-helpers.ts';

/** A member who has left the server: looked up as a user, and named like a spreadsheet formula. */
const EVE = '1300000000000000099';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  stateOf(h.discord).user(EVE, '=HYPERLINK("http://x")');
});
afterEach(async () => {
  await h?.close();
});

const USD = 1_000_000;

async function charge(userId: string, model: string, micros: number, generationId: string): Promise<void> {
  const q = h.bot.services.quota;
  const r = await q.reserve({
    guildId: h.bot.client.guilds.cache.first()?.id ?? '',
    userId,
    roleIds: [],
    model,
    quoteMicros: micros,
  });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  await q.settle(r.reservationId, { generationId, chargedMicros: micros });
}

function report(userId: string, days?: number) {
  return h.command('quota', [sub('report', days === undefined ? [] : [opt.integer('days', days)])], {
    userId,
  });
}

describe('/quota report', () => {
  it("answers in the admin's language, numbers and money too", async () => {
    await charge(ALICE, 'flux-schnell', 0.5 * USD, 'gen-de1');
    const interaction = await h.command('quota', [sub('report', [opt.integer('days', 7)])], {
      userId: ADMIN,
      locale: Locale.German,
    });
    const answer = await deferredEphemeralReply(h, interaction);
    expect(answer.content).toMatch(
      /^Ausgaben für die letzten 7 Tage \(\d{4}-\d\d-\d\d bis \d{4}-\d\d-\d\d, UTC\): berechnet 0,50\u00a0\$, erstattet 0,00\u00a0\$, netto \*\*0,50\u00a0\$\*\*\.\n/,
    );
    expect(answer.content).toContain('Die CSV listet jede Berechnung und Erstattung (1)');
  });

  it('sends an admin a chart that decodes to a picture and a CSV that adds up to the ledger', async () => {
    const guildId = h.bot.client.guilds.cache.first()?.id ?? '';
    await h.bot.services.quotaAdmin.setDefault(guildId, 50 * USD, 'daily', ADMIN);
    await charge(ALICE, 'flux-schnell', 0.25 * USD, 'gen-a1');
    await charge(ALICE, 'flux-schnell', 0.5 * USD, 'gen-a2');
    await charge(BOB, 'veo-3', 2 * USD, 'gen-b1');
    await h.bot.services.quota.refund('gen-b1', 'failed');
    await charge(BOB, 'flux-schnell', 0.125 * USD, 'gen-b2');
    await charge(EVE, 'veo-3', 1 * USD, 'gen-e1');

    const interaction = await report(ADMIN, 7);
    const answer = await deferredEphemeralReply(h, interaction);
    expect(answer.content).toContain('net **$1.875**');
    expect(answer.content).toContain('refunded $2.00');
    const edit = await h.editOf(interaction);
    const png = edit.files.find((f) => f.name.endsWith('.png'));
    const csv = edit.files.find((f) => f.name.endsWith('.csv'));
    expect(edit.files).toHaveLength(2);

    // The picture: its header's size, and a chart drawn on it (many colours, not a blank page).
    const image = decodePng(png?.data ?? Buffer.alloc(0));
    expect(image.width).toBeGreaterThan(800);
    expect(image.height).toBeGreaterThan(600);
    const { colours, inked } = colourStats(image);
    expect(colours).toBeGreaterThan(20);
    expect(inked).toBeGreaterThan(0.02);
    expect(inked).toBeLessThan(0.9);

    // The CSV: one row per charge or refund, adding up to what the ledger says, names as shown.
    const days = reportDays(7, h.clock.now());
    const ledger = await h.bot.services.quotaLedger.since(guildId, days[0] ?? '');
    const [header, ...rows] = parseCsv(csv?.data.toString('utf8') ?? '');
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(rows).toHaveLength(6);
    const sum = rows.reduce((s, r) => s + usdToMicrosExact(r[column('amount_usd')] ?? ''), 0);
    expect(sum).toBe(ledgerChargedMicros(ledger));
    expect(sum).toBe(1.875 * USD);
    const refund = rows.find((r) => r[column('kind')] === 'refund');
    expect(refund?.[column('amount_usd')]).toBe('-2.000000');
    expect(refund?.[column('generation_id')]).toBe('gen-b1');
    const nameOf = (id: string) => rows.find((r) => r[column('member_id')] === id)?.[column('member')];
    expect(nameOf(ALICE)).toBe('alice');
    expect(nameOf(BOB)).toBe('bob');
    // A name that a spreadsheet would run stays text.
    expect(nameOf(EVE)).toBe(`'=HYPERLINK("http://x")`);
  });

  it('says an empty period is empty, without a chart', async () => {
    const interaction = await report(ADMIN);
    const answer = await deferredEphemeralReply(h, interaction);
    expect(answer.content).toContain('Nothing was charged on this server in the last 30 days');
    expect((await h.editOf(interaction)).files).toEqual([]);
  });

  it('refuses a number of days out of range (a modified client) before reading anything', async () => {
    const interaction = await report(ADMIN, 1000);
    const body = (await h.callbackOf(interaction)).body as { type: number; data: { content: string } };
    expect(body.type).toBe(4);
    expect(body.data.content).toBe(
      'The option `days` takes a value from 1 to 90. Nothing was sent, charged or changed.',
    );
  });

  it('refuses a member without Manage Server, and reads nothing', async () => {
    await charge(ALICE, 'flux-schnell', 0.25 * USD, 'gen-a1');
    // Bob: no Manage Server (Alice owns the fake server, so she has every permission).
    const interaction = await report(BOB);
    const call = await h.callbackOf(interaction);
    const body = call.body as { type: number; data: { content: string; flags: number } };
    expect(body.type).toBe(4);
    expect(body.data.content).toContain('Manage Server');
    expect(body.data.flags & 64).toBe(64);
    expect(h.discord.calls.filter((c) => c.route === 'webhookEdit')).toEqual([]);
  });

  it("makes /quota a command Discord's bulk overwrite accepts, within /quota's 25 options", () => {
    expect(openApiValidator().check('PUT', '/applications/1/commands', [QuotaCommand])).toBeUndefined();
    expect(QuotaCommand.options.length).toBeLessThanOrEqual(25);
  });
});
