/**
 * One thing for each test of a file, without the file's own beforeEach/afterEach pair:
 *
 *   const w = perTest('world', () => startWorld(), (world) => world.close());
 *
 * The thing is started before each test and closed after it (after the file's own afterEach hooks,
 * since Vitest runs those in reverse order). The handle reads the running test's one, so the file
 * holds it in a `const` at its top; reading it outside a test throws.
 */
import { afterEach, beforeEach } from 'vitest';

export function perTest<T extends object>(
  name: string,
  start: () => Promise<T>,
  close: (thing: T) => Promise<void>,
): T {
  let current: T | undefined;
  beforeEach(async () => {
    current = await start();
  });
  afterEach(async () => {
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
