import { describe, expect, it } from 'vitest';
import { describeDrift, renderBalance, renderUsagePage } from '../../src/discord/views/balance-view.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import { type UsagePage, type UsageRecord, usageModelKey } from '../../src/media/schemas.ts';
import type { Drift } from '../../src/quota/drift.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

const record = (id: number, model_key: string, extra: Partial<UsageRecord> = {}): UsageRecord => ({
  id,
  model_key,
  generation_type: 'image',
  amount_usd: 0.02,
  source: 'api',
  created_at: '2030-01-01T10:00:00Z',
  ...extra,
});
const page = (data: UsageRecord[], total = data.length): UsagePage => ({
  data,
  current_page: 1,
  per_page: 10,
  total,
});

/** The catalog's labels by the service's keys, as /balance looks them up. */
const labels = new Map(SIM_MODELS.map((m) => [usageModelKey(m.slug), m.label]));
const labelOf = (key: string) => labels.get(key);

describe("/balance's usage log", () => {
  it("names each record's model by the catalog's label, and a key the catalog lacks as the service wrote it, escaped", () => {
    const { embed } = renderUsagePage(
      1,
      page([
        record(3, 'motion_2_0', { generation_type: 'video', amount_usd: 0.66 }),
        record(2, 'orbit_2_pro', { generation_type: 'video', amount_usd: 1.2, source: 'dashboard' }),
        record(1, 'retired_*model*'),
      ]),
      english,
      labelOf,
    );
    expect(embed.toJSON().description?.split('\n')).toEqual([
      '`#3` <t:1893492000:R> · Motion 2.0 · video · $0.66',
      '`#2` <t:1893492000:R> · Orbit 2 Pro · video · $1.20 · dashboard',
      '`#1` <t:1893492000:R> · retired\\_\\*model\\* · image · $0.02',
    ]);
    expect(embed.toJSON().footer?.text).toBe('3 records');
    expect(renderUsagePage(1, page([record(1, 'x')]), english).embed.toJSON().footer?.text).toBe('1 record');
  });

  it('in Japanese: the title, the type, money and the count', () => {
    const { embed, row } = renderUsagePage(
      2,
      page([record(11, 'lang_4o_image')], 11),
      localizerOf('ja'),
      labelOf,
    );
    const json = embed.toJSON();
    expect(json.title).toBe('利用履歴（アカウント全体）· 2/2ページ');
    expect(json.description).toBe('`#11` <t:1893492000:R> · Lang 4o Image · 画像 · $0.02');
    expect(json.footer?.text).toBe('11件');
    expect(row.toJSON().components.map((b) => ('label' in b ? b.label : undefined))).toEqual([
      '前へ',
      '次へ',
    ]);
  });
});

describe("/balance's account embed", () => {
  const drift: Drift = {
    period: 'weekly',
    since: new Date('2030-01-01T00:00:00Z'),
    ledgerMicros: 1_250_000,
    serverMicros: 1_250_000,
    serversCompared: 1,
    botServers: 1,
    serviceMicros: 1_300_000,
    serviceComplete: true,
  };

  it('in German: the account, the budget of the period and the drift in German money', () => {
    const de = localizerOf('de');
    const embed = renderBalance(
      {
        account: { usd_balance: 1234.5, usd_spent: 20, name: 'n', email: 'e' } as never,
        period: 'weekly',
        serverMicros: 1_250_000,
        budgetMicros: 50_000_000,
        drift,
      },
      de,
    ).toJSON();
    const fields = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(fields.Guthaben).toBe('1.234,50\u00a0$');
    expect(fields['Dieser Server, diese Woche']).toBe(
      '1,25\u00a0$ von 50,00\u00a0$ Budget pro Woche berechnet (laut Buchungen, abzüglich Erstattungen)',
    );
    expect(embed.description).toBe(
      '**Abweichung** diese Woche (seit <t:1893456000:f>): Die Buchungen dieses Servers zeigen 1,25\u00a0$, das Nutzungsprotokoll des Dienstes 1,30\u00a0$. Der Dienst hat 0,05\u00a0$ mehr berechnet, als die Buchungen zeigen (Ausgaben, die der Bot nicht erfasst hat, oder Nutzung des Tokens außerhalb dieses Bots).',
    );
  });

  it('in Japanese: a usage log read only in part computes no difference', () => {
    const text = describeDrift(
      { ...drift, serviceComplete: false, serviceMicros: 999_000 },
      localizerOf('ja'),
    );
    expect(text).toBe(
      '**差異**（今週、<t:1893456000:f>以降）：このサーバーの台帳は$1.25、サービスの利用履歴は$0.999以上です。最新の利用履歴だけを読み込んだため、差額は計算しません。',
    );
  });
});
