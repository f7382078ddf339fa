import { describe, expect, it } from 'vitest';
import { fieldsWithin, renderMemberSummary } from '../../src/discord/views/usage-view.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import type { MemberSummary, RecentGeneration } from '../../src/quota/types.ts';

const summary = (recent: RecentGeneration[]): MemberSummary => ({
  guildId: '1',
  userId: '2',
  allowanceMicros: 1_000_000,
  spentMicros: 0,
  reservedMicros: 0,
  remainingMicros: 1_000_000,
  resetsAt: null,
  period: 'total',
  source: 'default',
  inFlight: 0,
  inFlightCap: 3,
  recent,
});

const generation = (generationId: string, model = 'lang-4o-image'): RecentGeneration => ({
  generationId,
  model,
  chargedMicros: 20_000,
  status: 'completed',
  at: new Date('2030-01-01T10:00:00Z'),
});

const LINK = 'https://discord.com/channels/1/3/4';

describe('/usage links to result messages', () => {
  it('links a generation whose message is known and shows the one whose message is unknown without a link', () => {
    const embed = renderMemberSummary(summary([generation('known'), generation('unknown')]), english, {
      title: 'Your generation quota',
      labelOf: () => 'Lang 4o Image',
      links: new Map([['known', LINK]]),
    }).toJSON();
    const list = embed.fields?.find((f) => f.name === 'Last 2 generations')?.value;
    expect(list).toBe(
      `<t:1893492000:R> · Lang 4o Image · $0.02 · done · [result](${LINK})\n<t:1893492000:R> · Lang 4o Image · $0.02 · done`,
    );
  });

  it('shows no link that is not an http(s) URL, and escapes a model label so that it cannot forge one', () => {
    const embed = renderMemberSummary(summary([generation('a')]), english, {
      title: 't',
      labelOf: () => '[result](https://evil.example)',
      links: new Map([['a', 'javascript:alert(1)']]),
    }).toJSON();
    const list = embed.fields?.find((f) => f.name === 'Last generation')?.value ?? '';
    expect(list).not.toContain('javascript:');
    expect(list).not.toContain('[result](');
    expect(list).toContain('\\[result\\]');
  });

  it('keeps ten linked generations with long labels within the field and embed limits, showing every one', () => {
    const recent = Array.from({ length: 10 }, (_, i) => generation(`g${i}`));
    const links = new Map(
      recent.map((g, i) => [
        g.generationId,
        `https://discord.com/channels/1300000000000000001/1300000000000000002/157434727808748750${i}`,
      ]),
    );
    const embed = renderMemberSummary(summary(recent), english, {
      title: 'Your generation quota',
      labelOf: () => 'x'.repeat(500),
      links,
    }).toJSON();
    const fields = embed.fields ?? [];
    const listed = fields.slice(5);
    expect(listed[0]?.name).toBe('Last 10 generations');
    for (const f of fields) expect(f.value.length).toBeLessThanOrEqual(1024);
    const total = (embed.title ?? '').length + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
    const lines = listed.flatMap((f) => f.value.split('\n'));
    expect(lines).toHaveLength(10);
    expect(lines.map((l) => l.match(/\((https:[^)]+)\)$/)?.[1])).toEqual([...links.values()]);
  });
});

describe('fitting lines into several fields', () => {
  it('fills fields with whole lines and counts what is left out of the last one', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `line ${i} ${'x'.repeat(20)}`);
    const values = fieldsWithin(lines, 100, 2, english);
    expect(values).toHaveLength(2);
    for (const v of values) expect(v.length).toBeLessThanOrEqual(100);
    expect(values[0]).toMatch(/^line 0 x+\nline 1 x+\nline 2 x+$/);
    expect(values[1]).toMatch(/^line 3 x+\nline 4 x+\nline 5 x+\n… and 4 more$/);
    expect(fieldsWithin(['a', 'b'], 100, 3, english)).toEqual(['a\nb']);
    // What is left out is counted in the reader's language.
    expect(fieldsWithin(lines, 100, 2, localizerOf('de'))[1]).toMatch(/\n… und 4 weitere$/);
  });
});

describe('/usage in the member’s language', () => {
  const member = (recent: RecentGeneration[]): MemberSummary => ({
    ...summary(recent),
    allowanceMicros: 2_500_000,
    spentMicros: 1_250_000,
    remainingMicros: 1_250_000,
    period: 'daily',
    source: 'role',
    roleId: '9',
    resetsAt: new Date('2030-01-02T00:00:00Z'),
  });

  it('says one generation in the singular, and numbers by Intl', () => {
    const fields = renderMemberSummary(member([generation('a')]), english, {
      title: 't',
      labelOf: () => 'Lang 4o Image',
    }).toJSON().fields;
    expect(fields?.map((f) => f.name)).toContain('Last generation');
  });

  it('in German: German words, plurals and money', () => {
    const embed = renderMemberSummary(member([generation('a'), generation('b')]), localizerOf('de'), {
      title: 'Dein Generierungskontingent',
      labelOf: () => 'Lang 4o Image',
      links: new Map([['a', LINK]]),
    }).toJSON();
    const fields = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(fields.Kontingent).toBe('2,50\u00a0$ pro Tag (über die Rolle <@&9>)');
    expect(fields['Heute ausgegeben']).toBe('1,25\u00a0$');
    expect(fields['Reserviert für laufende Generierungen']).toBe('0,00\u00a0$ · 0 von höchstens 3 laufen');
    expect(fields['Letzte 2 Generierungen']).toBe(
      `<t:1893492000:R> · Lang 4o Image · 0,02\u00a0$ · fertig · [Ergebnis](${LINK})\n<t:1893492000:R> · Lang 4o Image · 0,02\u00a0$ · fertig`,
    );
  });

  it('in Japanese: one plural form, Japanese words and money', () => {
    const embed = renderMemberSummary(member([generation('a')]), localizerOf('ja'), {
      title: 'あなたの生成の利用枠',
      labelOf: () => 'Lang 4o Image',
    }).toJSON();
    const fields = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(fields.利用枠).toBe('1日あたり$2.50（ロール<@&9>による）');
    expect(fields.最近の生成1件).toBe('<t:1893492000:R> · Lang 4o Image · $0.02 · 完了');
    expect(fields.リセット).toBe('<t:1893542400:R>（<t:1893542400:f>）');
  });
});
