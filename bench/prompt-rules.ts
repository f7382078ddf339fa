/**
 * `npm run bench:prompt-rules`: how long one check of a prompt against a server's prompt rules takes
 * (quota/prompt-rules.ts), at the limits: 500 patterns (words, phrases, some with `*`)
 * against prompts of 2,000 characters, most passing (the common case: every word looked up) and
 * some breaking a rule near their end. Prints p50, p99 and max per check, in microseconds.
 */
import { normalizePattern, PromptRules } from '../src/quota/prompt-rules.ts';
import { seededRandom } from '../testkit/seeded-random.ts';
import { spread } from './statistics.ts';

const PATTERNS = 500;
const PROMPT_CHARS = 2_000;
const CHECKS = 20_000;

const random = seededRandom(33);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const syllables = ['ka', 'lo', 'mi', 'ra', 'sen', 'to', 'vel', 'dor', 'an', 'is', 'qu', 'ñe', 'zé'];
const word = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllables)).join('');

const patterns = Array.from({ length: PATTERNS }, (_, i) => {
  const words = Array.from({ length: i % 5 === 0 ? 2 : 1 }, word);
  const text = `${words.join(' ')}${i % 4 === 0 ? '*' : ''}`;
  const normal = normalizePattern(text);
  if ('refused' in normal) throw new Error(`${text}: ${normal.refused}`);
  return normal.pattern;
});
// A prompt of ordinary words that are none of the patterns' (a different alphabet of syllables).
const plain = [
  'the',
  'a',
  'misty',
  'harbour',
  'at',
  'dawn',
  'with',
  'boats',
  'and',
  'gulls',
  'painted',
  'softly',
];
const prompt = () => {
  let text = '';
  while (text.length < PROMPT_CHARS - 20) text += `${pick(plain)} `;
  return text.trim();
};
const prompts = Array.from({ length: 200 }, (_, i) =>
  i % 10 === 0
    ? `${prompt().slice(0, PROMPT_CHARS - 30)} ${(patterns[i] ?? '').replace('*', 'ing')}`
    : prompt(),
);

const rules = new PromptRules(patterns);
// Warm the compiler's paths first, as a running bot's are.
for (let i = 0; i < 2_000; i++) rules.firstMatch(prompts[i % prompts.length] as string);
const took: number[] = [];
let matched = 0;
for (let i = 0; i < CHECKS; i++) {
  const text = prompts[i % prompts.length] as string;
  const started = process.hrtime.bigint();
  if (rules.firstMatch(text) !== undefined) matched += 1;
  took.push(Number(process.hrtime.bigint() - started) / 1_000);
}
const s = spread(took);
const us = (v: number | null) => (v === null ? '-' : `${v.toFixed(1)} µs`);
console.log(
  `prompt rules: ${PATTERNS} patterns, prompts of ${PROMPT_CHARS} characters, ${CHECKS} checks (${matched} broke a rule)`,
);
console.log(`per check: p50 ${us(s.p50)}, p99 ${us(s.p99)}, max ${us(s.max)} (target: under 1 ms)`);
