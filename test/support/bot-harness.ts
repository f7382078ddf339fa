/**
 * A test file's bot: useHarness() starts the real bot on the fake Discord and the simulator
 * (testkit/bot-harness.ts) before each test or the file, and closes it after. The harness itself,
 * the ids of the default server and the option builders (testkit/) are re-exported here for the
 * e2e files.
 */
import { type Harness, type HarnessOptions, startHarness } from '../../testkit/bot-harness.ts';
import { perFile, perTest } from './per-test.ts';

export { type Harness, type HarnessOptions, startHarness } from '../../testkit/bot-harness.ts';
export * from '../../testkit/ids.ts';
export { opt } from '../../testkit/options.ts';
export { componentsOf, type InteractiveComponent, type MessageLike, textOf } from './message-reading.ts';

export interface UseHarnessOptions extends HarnessOptions {
  /**
   * 'test' (the default): a fresh harness for every test, closed after it. 'file': one harness for
   * the file's tests, started before the first and closed after the last.
   */
  per?: 'test' | 'file';
  /**
   * Checks what the harness saw, just before it closes (after each test, or after the file); the
   * harness closes even when the check fails.
   */
  beforeClose?: (harness: Harness) => void;
}

/**
 * A test file's harness: registers the hooks that start it (before each test, or once for the file)
 * and close it, and returns the harness of the running test. Call it at the top of the file (or of a
 * describe), where the hooks belong:
 *
 *   const h = useHarness();                              // a fresh bot for every test
 *   const h = useHarness({ per: 'file', proxy: true });  // one for the file, behind the proxy
 *
 * What it returns stands for the harness started for the running test (every property is read from
 * it when used); it throws when used outside a test. A test that needs other options than the
 * file's starts its own with startHarness and closes it itself.
 */
export function useHarness(options: UseHarnessOptions = {}): Harness {
  const { per = 'test', beforeClose, ...harnessOptions } = options;
  const close = async (harness: Harness) => {
    try {
      beforeClose?.(harness);
    } finally {
      await harness.close();
    }
  };
  return (per === 'file' ? perFile : perTest)('useHarness', () => startHarness(harnessOptions), close);
}
