import type Keyv from 'keyv';
import type { Store } from '../../src/store/open.ts';

/**
 * Simulates the process dying at one write: the first write matching `crashAt` throws and
 * nothing after it in that operation is written. The test then reopens the store.
 */
export const crash: { at?: (namespace: string, key: string) => boolean } = {};

export function crashingStore(inner: Store): Store {
  return {
    namespace(name) {
      const keyv = inner.namespace(name);
      return new Proxy(keyv, {
        get(target, prop, receiver) {
          if (prop === 'set') {
            return async (key: string, value: unknown, ttl?: number) => {
              if (crash.at?.(name, key)) {
                crash.at = undefined;
                throw new Error(`simulated crash writing ${name}/${key}`);
              }
              return target.set(key, value, ttl);
            };
          }
          const v = Reflect.get(target, prop, receiver);
          return typeof v === 'function' ? v.bind(target) : v;
        },
      }) as Keyv;
    },
    close: () => inner.close(),
  };
}
