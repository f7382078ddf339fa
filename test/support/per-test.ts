/**
 * One thing for each test of a file (or one for the whole file), without the file's own
 * before/after pair of hooks:
 *
 *   const w = perTest('world', () => startWorld(), (world) => world.close());
 *
 * The thing is started before each test and closed after it (after the file's own afterEach hooks,
 * since Vitest runs those in reverse order); perFile starts it before the file's first test and
 * closes it after the last. The handle reads the running test's one (every property is read from it
 * when used), so the file holds it in a `const` at its top; reading it outside a test throws.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

type Start<T> = () => Promise<T>;
type Close<T> = (thing: T) => Promise<void>;

export function perTest<T extends object>(name: string, start: Start<T>, close: Close<T>): T {
  return scoped(beforeEach, afterEach, name, start, close);
}

export function perFile<T extends object>(name: string, start: Start<T>, close: Close<T>): T {
  return scoped(beforeAll, afterAll, name, start, close);
}

function scoped<T extends object>(
  before: typeof beforeEach,
  after: typeof afterEach,
  name: string,
  start: Start<T>,
  close: Close<T>,
): T {
  let current: T | undefined;
  before(async () => {
    current = await start();
  });
  after(async () => {
    const thing = current;
    current = undefined;
    if (thing) await close(thing);
  });
  const started = (): T => {
    if (!current) throw new Error(`${name}: it runs only while a test does (use it inside one)`);
    return current;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const thing = started();
      const value: unknown = Reflect.get(thing, key, thing);
      return typeof value === 'function' ? value.bind(thing) : value;
    },
    has: (_target, key) => key in started(),
  });
}
