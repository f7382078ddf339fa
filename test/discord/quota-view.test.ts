import { PermissionsBitField } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ModelCatalog } from '../../src/catalog/catalog.ts';
import { scaledClock } from '../../src/clock.ts';
import { autocompleteChoices } from '../../src/discord/generation/autocomplete.ts';
import { parseAmount } from '../../src/discord/interactions/amounts.ts';
import { UserError } from '../../src/discord/interactions/command.ts';
import { buildCustomId, parseCustomId } from '../../src/discord/interactions/custom-ids.ts';
import { requireManageGuild } from '../../src/discord/interactions/permissions.ts';
import { describeDrift, renderUsagePage } from '../../src/discord/views/balance-view.ts';
import { joinWithin, renderGuildOverview } from '../../src/discord/views/quota-view.ts';
import { renderMemberSummary } from '../../src/discord/views/usage-view.ts';
import { english, type Localizer, localizerOf } from '../../src/i18n/index.ts';
import { silentLogger } from '../../src/log.ts';
import type { UsageRecord } from '../../src/media/schemas.ts';
import { type Drift, ledgerChargedMicros, usageSinceMicros } from '../../src/quota/drift.ts';
import type { LedgerEntry } from '../../src/quota/ledger.ts';
import type { GuildOverview, MemberSummary } from '../../src/quota/service.ts';
import type { GuildSettings } from '../../src/quota/settings.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

describe('amounts typed by admins', () => {
  it.each([
    ['2.5', 2_500_000],
    ['0.0001', 100],
    ['$3', 3_000_000],
    [' 10000 ', 10_000_000_000],
    ['0', 0],
  ])('reads %j as micro-USD', (text, micros) => {
    expect(parseAmount(text, english)).toBe(micros);
  });

  it.each([
    ['-0.5', "An amount can't be negative"],
    ['0.00001', 'at most 4 decimals'],
    ['1e3', 'at most 4 decimals'],
    ['1,000', 'at most 4 decimals'],
    ['', 'at most 4 decimals'],
    ['10000.0001', 'The amount may be at most $10,000.00.'],
  ])('refuses %j with a user error saying why', (text, message) => {
    expect(() => parseAmount(text, english)).toThrow(UserError);
    expect(() => parseAmount(text, english)).toThrow(message);
  });
});

describe('the Manage Server check', () => {
  const perms = (...flags: bigint[]) => new PermissionsBitField(flags);

  it('refuses a member without Manage Server, and any use outside a server', () => {
    expect(() =>
      requireManageGuild(
        { guildId: '1', memberPermissions: perms(PermissionsBitField.Flags.SendMessages) },
        () => 'quota',
      ),
    ).toThrow('Only members with the Manage Server permission can use /quota.');
    expect(() => requireManageGuild({ guildId: '1', memberPermissions: null }, () => 'quota')).toThrow(
      UserError,
    );
    expect(() =>
      requireManageGuild(
        { guildId: null, memberPermissions: perms(PermissionsBitField.Flags.ManageGuild) },
        () => 'quota',
      ),
    ).toThrow('servers only');
  });

  it('lets Manage Server and Administrator through', () => {
    expect(() =>
      requireManageGuild(
        { guildId: '1', memberPermissions: perms(PermissionsBitField.Flags.ManageGuild) },
        () => 'quota',
      ),
    ).not.toThrow();
    expect(() =>
      requireManageGuild(
        { guildId: '1', memberPermissions: perms(PermissionsBitField.Flags.Administrator) },
        () => 'quota',
      ),
    ).not.toThrow();
  });
});

describe('member summary', () => {
  const summary: MemberSummary = {
    guildId: '1',
    userId: '2',
    allowanceMicros: 1_000_000,
    spentMicros: 250_000,
    reservedMicros: 100_000,
    remainingMicros: 650_000,
    resetsAt: new Date('2030-01-02T00:00:00Z'),
    period: 'daily',
    source: 'role',
    roleId: '9',
    inFlight: 1,
    inFlightCap: 3,
    recent: [
      {
        generationId: 'a',
        model: 'motion-2.0',
        chargedMicros: 132_000,
        status: 'in_flight',
        at: new Date('2030-01-01T10:00:00Z'),
      },
      { generationId: 'b', chargedMicros: 20_000, status: 'refunded', at: new Date('2030-01-01T09:00:00Z') },
    ],
  };

  it('shows allowance and its source, spend, reservations, what is left, the reset and the last generations', () => {
    const embed = renderMemberSummary(summary, english, {
      title: 'Your generation quota',
      labelOf: (s) => s.toUpperCase(),
    }).toJSON();
    expect(embed.fields).toEqual([
      { name: 'Allowance', value: '$1.00 per day (from the role <@&9>)' },
      { name: 'Spent today', value: '$0.25', inline: true },
      {
        name: 'Reserved by generations in flight',
        value: '$0.10 · 1 of at most 3 in progress',
        inline: true,
      },
      { name: 'Remaining', value: '$0.65', inline: true },
      { name: 'Resets', value: '<t:1893542400:R> (<t:1893542400:f>)' },
      {
        name: 'Last 2 generations',
        value:
          '<t:1893492000:R> · MOTION-2.0 · $0.132 · in progress\n<t:1893488400:R> · unknown model · $0.02 · failed · refunded',
      },
    ]);
  });

  it('never shows a negative remainder, and says a total allowance does not reset', () => {
    const embed = renderMemberSummary(
      { ...summary, remainingMicros: -5, resetsAt: null, period: 'total', source: 'override', recent: [] },
      english,
      { title: 't', labelOf: (s) => s },
    ).toJSON();
    const fields = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(fields.Remaining).toBe('$0.00');
    expect(fields.Resets).toBe('never (a total allowance does not reset)');
    expect(fields['Spent in total']).toBe('$0.25');
    expect(fields['Last generations']).toBe('None yet.');
  });
});

describe("a member's quota in the reader's language", () => {
  const summary: MemberSummary = {
    guildId: '1',
    userId: '2',
    allowanceMicros: 2_500_000,
    spentMicros: 1_250_000,
    reservedMicros: 0,
    remainingMicros: 1_250_000,
    resetsAt: new Date('2030-01-02T00:00:00Z'),
    period: 'weekly',
    source: 'override',
    inFlight: 0,
    inFlightCap: 2,
    recent: [
      {
        generationId: 'a',
        model: 'm',
        chargedMicros: 3_500,
        status: 'completed',
        at: new Date('2030-01-01T10:00:00Z'),
      },
    ],
  };
  const fieldsOf = (l: Localizer, s: MemberSummary = summary) =>
    Object.fromEntries(
      (renderMemberSummary(s, l, { title: 't', labelOf: (m: string) => m }).toJSON().fields ?? []).map(
        (f) => [f.name, f.value],
      ),
    );

  it('says one generation in the singular and counts several, in English', () => {
    expect(fieldsOf(english)['Last generation']).toBe('<t:1893492000:R> · m · $0.0035 · done');
    const two = { ...summary, recent: [...summary.recent, ...summary.recent] };
    expect(Object.keys(fieldsOf(english, two))).toContain('Last 2 generations');
  });

  it('writes German words, plurals and money', () => {
    const fields = fieldsOf(localizerOf('de'));
    expect(fields.Kontingent).toBe('2,50\u00a0$ pro Woche (eigenes Kontingent)');
    expect(fields['Diese Woche ausgegeben']).toBe('1,25\u00a0$');
    expect(fields['Letzte Generierung']).toBe('<t:1893492000:R> · m · 0,0035\u00a0$ · fertig');
    const two = { ...summary, recent: [...summary.recent, ...summary.recent] };
    expect(Object.keys(fieldsOf(localizerOf('de'), two))).toContain('Letzte 2 Generierungen');
  });

  it('writes Japanese, with one form for every count', () => {
    const fields = fieldsOf(localizerOf('ja'));
    expect(fields.利用枠).toBe('1週間あたり$2.50（個別の利用枠）');
    expect(fields.最近の生成1件).toBe('<t:1893492000:R> · m · $0.0035 · 完了');
  });

  it("shows the server's overview in German, members by their mention and lists in the language", () => {
    const overview: GuildOverview = {
      guildId: '1',
      period: 'daily',
      defaultAllowance: { micros: 1_000_000, period: 'daily' },
      budgetMicros: 20_000_000,
      spentMicros: 2_000_000,
      reservedMicros: 0,
      remainingMicros: 18_000_000,
      resetsAt: new Date('2030-01-02T00:00:00Z'),
      inFlight: 1,
      inFlightCap: 3,
      topSpenders: [{ userId: '7', spentMicros: 1_500_000 }],
    };
    const settings: GuildSettings = {
      roles: {},
      overrides: {},
      budgetMicros: 20_000_000,
      allowedChannels: ['5', '6'],
    };
    const embed = renderGuildOverview(overview, settings, localizerOf('de')).toJSON();
    const fields = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(embed.title).toBe('Kontingent dieses Servers');
    expect(fields['Server-Budget']).toBe(
      '20,00\u00a0$ pro Tag für alle Mitglieder zusammen · 18,00\u00a0$ übrig',
    );
    expect(fields.Laufend).toBe('1 Generierung (höchstens 3 pro Mitglied)');
    expect(fields['Höchste Ausgaben heute']).toBe('1. <@7> · 1,50\u00a0$');
    expect(fields['/bild und /video erlaubt in']).toBe('<#5> und <#6>');
  });
});

describe('fitting lines into an embed', () => {
  it('keeps whole lines and counts the ones left out', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i} ${'x'.repeat(20)}`);
    const text = joinWithin(lines, 100, english);
    expect(text.length).toBeLessThanOrEqual(100);
    expect(text).toMatch(/^line 0 x+\nline 1 x+\nline 2 x+\n… and 7 more$/);
    expect(joinWithin(['a', 'b'], 100, english)).toBe('a\nb');
  });
});

describe('/balance arithmetic and wording', () => {
  const entry = (kind: LedgerEntry['kind'], amountMicros: number): LedgerEntry => ({
    seq: 1,
    guildId: 'g',
    userId: 'u',
    kind,
    amountMicros,
    at: '2030-01-01T00:00:00Z',
    day: '2030-01-01',
  });

  it('counts charges minus refunds from the ledger, not reservations or admin resets', () => {
    expect(
      ledgerChargedMicros([
        entry('reserve', 500_000),
        entry('charge', 132_000),
        entry('charge', 20_000),
        entry('refund', 20_000),
        entry('release', 500_000),
        entry('adjust', -132_000),
      ]),
    ).toBe(132_000);
  });

  it('sums usage records of the period once each, in exact micro-USD', () => {
    const record = (id: number, amount: number, at: string): UsageRecord => ({
      id,
      model_key: 'lang_4o_image',
      generation_type: 'image',
      amount_usd: amount,
      source: 'api',
      created_at: at,
    });
    const seen = new Set<number>();
    const since = new Date('2030-01-01T00:00:00Z');
    const page1 = [record(3, 0.1, '2030-01-01T02:00:00Z'), record(2, 0.2, '2030-01-01T01:00:00Z')];
    const page2 = [record(2, 0.2, '2030-01-01T01:00:00Z'), record(1, 0.5, '2029-12-31T23:59:59Z')];
    expect(usageSinceMicros(page1, since, seen) + usageSinceMicros(page2, since, seen)).toBe(300_000);
  });

  const drift: Drift = {
    period: 'daily',
    since: new Date('2030-01-01T00:00:00Z'),
    ledgerMicros: 120_000,
    serverMicros: 120_000,
    serversCompared: 1,
    botServers: 1,
    serviceMicros: 120_000,
    serviceComplete: true,
  };

  it('says the ledger and the service match when they do', () => {
    expect(describeDrift(drift, english)).toBe(
      "**Drift** today (since <t:1893456000:f>): this server's ledger shows $0.12, the service's usage log $0.12. They match.",
    );
  });

  it('names the side that is higher and by how much', () => {
    expect(describeDrift({ ...drift, serviceMicros: 150_000 }, english)).toContain(
      'The service charged $0.03 more than the ledger shows',
    );
    expect(describeDrift({ ...drift, serviceMicros: 100_000 }, english)).toContain(
      'The ledger shows $0.02 more than the service charged',
    );
  });

  it('says the usage log covers the whole token when the bot is in several servers', () => {
    const several = describeDrift(
      {
        ...drift,
        serversCompared: 3,
        botServers: 3,
        ledgerMicros: 300_000,
        serviceMicros: 300_000,
      },
      english,
    );
    expect(several).toContain(
      'the ledgers of all 3 servers of this bot. They show $0.30 (this server $0.12)',
    );
    expect(several).toContain("the service's usage log covers the whole API token");
    expect(several).toContain('They match.');
    const tooMany = describeDrift(
      { ...drift, serversCompared: 0, botServers: 40, serviceMicros: 900_000 },
      english,
    );
    expect(tooMany).toContain('shared by the 40 servers of this bot');
    expect(tooMany).toContain('no difference is computed');
  });

  it('computes no difference from a usage log it could not read to the start of the period', () => {
    const partial = describeDrift({ ...drift, serviceComplete: false, serviceMicros: 999_000 }, english);
    expect(partial).toContain('at least $0.999');
    expect(partial).not.toContain('more than');
  });

  it('reads page buttons and refuses other custom ids', () => {
    const pageOf = (customId: string) => {
      const id = parseCustomId(customId);
      return id?.kind === 'balance' ? id.page : null;
    };
    expect(pageOf('balance:page:3')).toBe(3);
    expect(pageOf('balance:page:0')).toBeNull();
    expect(pageOf('balance:page:-1')).toBeNull();
    expect(pageOf('balance:page:2x')).toBeNull();
    expect(pageOf('quota:page:2')).toBeNull();
    expect(pageOf(buildCustomId({ kind: 'balance', page: 3 }))).toBe(3);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const page = { data: [], current_page: 1, per_page: 10, total: 25 };
    const buttons = (n: number) =>
      renderUsagePage(n, { ...page, current_page: n }, english)
        .row.toJSON()
        .components.map((c) => ({
          id: 'custom_id' in c ? c.custom_id : undefined,
          disabled: c.disabled ?? false,
        }));
    // Previous on the first page names page 1: disabled, and no page 0 exists to name.
    expect(buttons(1)).toEqual([
      { id: 'balance:v1:page:1', disabled: true },
      { id: 'balance:v1:page:2', disabled: false },
    ]);
    expect(buttons(3)).toEqual([
      { id: 'balance:v1:page:2', disabled: false },
      { id: 'balance:v1:page:4', disabled: true },
    ]);
    expect(renderUsagePage(2, null, english).embed.toJSON().description).toContain('could not be read');
  });
});

describe('spicy mode in autocomplete', () => {
  const catalog = async () => {
    const c = new ModelCatalog({
      fetchModels: async () => [...SIM_MODELS],
      clock: scaledClock(),
      logger: silentLogger,
    });
    await c.load();
    return c;
  };

  it('leaves spicy out of the modes unless the channel is age-restricted', async () => {
    const c = await catalog();
    const values = (ageRestricted: boolean, model: string | null) =>
      autocompleteChoices(c, 'video', 'mode', '', model, { l: english, ageRestricted }).map((x) => x.value);
    expect(values(false, 'quick-video-1')).toEqual(['custom', 'normal', 'fun']);
    expect(values(true, 'quick-video-1')).toEqual(['custom', 'normal', 'fun', 'spicy']);
    expect(values(false, null)).not.toContain('spicy');
    expect(values(false, 'vista-3.1-fast')).toEqual(['frame', 'ingredient']);
    expect(autocompleteChoices(c, 'video', 'mode', 'spi', 'quick-video-1', { l: english })).toEqual([]);
  });
});
