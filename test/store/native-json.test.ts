/**
 * withNativeJson must write byte for byte what keyv's own serializer writes and read back what it
 * reads, or a store written before the switch would read differently after it (a prompt that
 * starts with ':' would lose or gain a colon).
 */
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { withNativeJson } from '../../src/store/native-json.ts';
import { seededRandom } from '../../testkit/seeded-random.ts';

function codecOf(keyv: Keyv) {
  const { serialize, deserialize } = keyv;
  if (!serialize || !deserialize) throw new Error('this keyv has no serializer');
  return { serialize, deserialize };
}
const native = withNativeJson(new Keyv());
const own = codecOf(new Keyv());
const fast = codecOf(native);

/** keyv hands its serializer `{ value, expires }`. */
const stored = (value: unknown) => ({ value, expires: undefined });

const TRICKY: unknown[] = [
  null,
  'plain',
  ':smile: a cat',
  '::double',
  ':',
  ':base64:aGk=',
  { prompt: ':smile:', note: 'x:y', list: [':a', 'b', ':'] },
  { ':key': 1, 'a"b': '"\\",":x', nested: { deeper: [{ s: ':deep' }] } },
  { a: undefined, b: [undefined, 1], c: Number.NaN, d: new Date(0) },
  [1, 'two', { three: ':3' }],
  { text: 'a\\",":b', quote: '","' },
];

function randomValue(random: () => number, depth = 0): unknown {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
  const randomString = () =>
    Array.from({ length: Math.floor(random() * 6) }, () =>
      pick([':', '"', '\\', ',', '{', 'a', ' ', 'é']),
    ).join('');
  const kind = depth > 3 ? pick(['string', 'number']) : pick(['string', 'number', 'object', 'array', 'null']);
  if (kind === 'string') return randomString();
  if (kind === 'number') return Math.round(random() * 1e6);
  if (kind === 'null') return null;
  if (kind === 'array')
    return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  return Object.fromEntries(
    Array.from({ length: Math.floor(random() * 4) }, () => [randomString(), randomValue(random, depth + 1)]),
  );
}

describe('withNativeJson', () => {
  it('writes the same text as keyv and reads back the same values, for strings that start with a colon too', async () => {
    for (const value of TRICKY) {
      const text = await own.serialize(stored(value));
      expect(await fast.serialize(stored(value))).toBe(text);
      expect(await fast.deserialize(text)).toEqual(await own.deserialize(text));
    }
  });

  it('agrees with keyv on a thousand random values made of colons, quotes, backslashes and commas', async () => {
    const random = seededRandom(11);
    for (let i = 0; i < 1_000; i++) {
      const value = randomValue(random);
      const text = await own.serialize(stored(value));
      expect(await fast.serialize(stored(value))).toBe(text);
      expect(await fast.deserialize(text)).toEqual(await own.deserialize(text));
    }
  });

  it('keeps a Buffer a Buffer, as keyv does', async () => {
    await native.set('b', { file: Buffer.from('hi') });
    const read = await native.get<{ file: Buffer }>('b');
    expect(Buffer.isBuffer(read?.file)).toBe(true);
    expect(read?.file.toString()).toBe('hi');
  });
});
