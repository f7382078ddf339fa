/**
 * The sample of /quota report's chart that README shows (docs/images/quota-report.png), drawn by the
 * bot's own code: the figures of src/quota/spend-report.ts over a scripted ledger, and the chart of
 * src/discord/views/spend-chart.ts. `npm run docs:chart` writes it again after the chart changes; a test
 * (test/docs/sample-spend-chart.test.ts) fails while README's picture is not what the bot draws.
 *
 * The ledger is made up but shaped like a real server's fortnight: seven members (five drawn on
 * their own, two as "others"), images most days and videos now and then, a few failures refunded.
 * A fixed seed and fixed days keep the picture the same from run to run.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderSpendChart, type SpendChart } from '../src/discord/views/spend-chart.ts';
import { english } from '../src/i18n/index.ts';
import type { LedgerEntry } from '../src/quota/ledger.ts';
import { buildSpendReport, reportDays, type SpendReport } from '../src/quota/spend-report.ts';
import { SIM_MODELS } from '../src/sim/models.ts';

export const SAMPLE_CHART_FILE = fileURLToPath(new URL('../docs/images/quota-report.png', import.meta.url));

/** The report's last day: fixed, so the picture does not change with the date it is drawn. */
const LAST_DAY = Date.parse('2026-11-25T12:00:00Z');
const DAYS = 14;
const GUILD = '1300000000000000001';

const MEMBERS: readonly { id: string; name: string; perDay: number; videoShare: number }[] = [
  { id: '1300000000000000010', name: 'ada', perDay: 6, videoShare: 0.3 },
  { id: '1300000000000000011', name: 'bob', perDay: 4, videoShare: 0.1 },
  { id: '1300000000000000012', name: 'chen', perDay: 3, videoShare: 0.5 },
  { id: '1300000000000000013', name: 'dee', perDay: 2, videoShare: 0.2 },
  { id: '1300000000000000014', name: 'eli', perDay: 2, videoShare: 0 },
  { id: '1300000000000000015', name: 'fay', perDay: 1, videoShare: 0.3 },
  { id: '1300000000000000016', name: 'gus', perDay: 1, videoShare: 0 },
];

/** What a generation of each model cost, in micro-USD (the simulator's prices at common settings). */
const IMAGE_PRICES: Readonly<Record<string, number>> = {
  'lang-4o-image': 20_000,
  'nano-fruit-pro': 100_000,
  'dream-4.5': 40_000,
  'lang-image-2': 60_000,
};
const VIDEO_PRICES: Readonly<Record<string, number>> = {
  'quick-video-1': 150_000,
  'motion-2.0-fast': 528_000,
  'vista-3.1-fast': 300_000,
  'orbit-2': 250_000,
};

/** A small deterministic generator (mulberry32): the same ledger on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** The scripted fortnight of charges and refunds. */
export function sampleLedger(): LedgerEntry[] {
  const next = random(20);
  const days = reportDays(DAYS, LAST_DAY);
  const entries: LedgerEntry[] = [];
  let seq = 0;
  days.forEach((day, d) => {
    // Busier towards the weekend and the end of the fortnight, as a server that is catching on.
    const busy = 0.6 + d / DAYS + (d % 7 >= 5 ? 0.5 : 0);
    for (const member of MEMBERS) {
      const count = Math.round(member.perDay * busy * (0.4 + next()));
      for (let i = 0; i < count; i++) {
        const video = next() < member.videoShare;
        const prices = video ? VIDEO_PRICES : IMAGE_PRICES;
        const model = pick(Object.keys(prices), next);
        const generationId = `sample-${day}-${member.name}-${i}`;
        const at = `${day}T${String(8 + Math.floor(next() * 14)).padStart(2, '0')}:00:00.000Z`;
        const charge = { guildId: GUILD, userId: member.id, model, generationId, at, day };
        const amountMicros = prices[model] ?? 0;
        entries.push({ ...charge, seq: ++seq, kind: 'charge', amountMicros });
        // One in twelve fails and is refunded, on its charge's day.
        if (next() < 1 / 12) entries.push({ ...charge, seq: ++seq, kind: 'refund', amountMicros });
      }
    }
  });
  return entries;
}

export function sampleReport(): SpendReport {
  return buildSpendReport(sampleLedger(), reportDays(DAYS, LAST_DAY));
}

/** The sample chart, with members' names and the models' labels as /quota report shows them. */
export async function sampleSpendChart(): Promise<SpendChart> {
  const report = sampleReport();
  const names = new Map(MEMBERS.map((m) => [m.id, m.name]));
  const labels = new Map(SIM_MODELS.map((m) => [m.slug, m.label]));
  // README's picture is in English, the language README is written in.
  return renderSpendChart(
    report,
    {
      title: `Art Club: spend per day, ${report.days[0]} to ${report.days.at(-1)}`,
      member: (id) => names.get(id) ?? id,
      model: (slug) => labels.get(slug) ?? slug,
    },
    english,
  );
}

if (import.meta.main) {
  const chart = await sampleSpendChart();
  await writeFile(SAMPLE_CHART_FILE, chart.png);
  console.log(`wrote ${SAMPLE_CHART_FILE} (${chart.width}×${chart.height})`);
}
