import { describe, expect, it } from 'vitest';
import { fieldsWithin, renderMemberSummary } from '../../src/discord/views/quota-view.ts';
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
    const embed = renderMemberSummary(summary([generation('known'), generation('unknown')]), {
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
    const embed = renderMemberSummary(summary([generation('a')]), {
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
    const embed = renderMemberSummary(summary(recent), {
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
    const values = fieldsWithin(lines, 100, 2);
    expect(values).toHaveLength(2);
    for (const v of values) expect(v.length).toBeLessThanOrEqual(100);
    expect(values[0]).toMatch(/^line 0 x+\nline 1 x+\nline 2 x+$/);
    expect(values[1]).toMatch(/^line 3 x+\nline 4 x+\nline 5 x+\n… and 4 more$/);
    expect(fieldsWithin(['a', 'b'], 100, 3)).toEqual(['a\nb']);
  });
});
