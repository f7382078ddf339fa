/**
 * The quota reads JSON values and changes them in place before writing them back (journal.ts), so
 * a value it read must never be the object the store keeps: a change that is not written (an
 * operation that throws halfway) would otherwise be in the store all the same.
 */
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { keyvValues } from '../../src/quota/backend.ts';

interface Guild {
  open: Record<string, { micros: number }>;
}

async function changeWithoutWriting(keyv: Keyv): Promise<Guild | undefined> {
  const values = keyvValues(keyv);
  await values.set('guild:1', { open: { r1: { micros: 5 } } });
  const read = await values.get<Guild>('guild:1');
  if (read) read.open.r2 = { micros: 7 };
  const [many] = await values.getMany<Guild>(['guild:1']);
  if (many) delete many.open.r1;
  return values.get<Guild>('guild:1');
}

describe('keyvValues', () => {
  it('hands out values the caller may change, from a store that serializes (SQLite, Redis, the default)', async () => {
    expect(await changeWithoutWriting(new Keyv())).toEqual({ open: { r1: { micros: 5 } } });
  });

  it('hands out copies from a keyv that keeps the objects themselves (no serializer)', async () => {
    const keeping = new Keyv({ serialize: undefined, deserialize: undefined });
    // The premise: this keyv hands out the stored object itself.
    await keeping.set('x', { n: 1 });
    expect(await keeping.get('x')).toBe(await keeping.get('x'));

    expect(await changeWithoutWriting(keeping)).toEqual({ open: { r1: { micros: 5 } } });
  });
});
