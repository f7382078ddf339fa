/**
 * The house plan's lint (.dependency-cruiser.cjs, run by `npm run lint`): it passes on this tree, and
 * it fails on a tree where a lower layer imports a higher one, or where files import each other in a
 * loop. The bad trees are written to a temporary folder, laid out like this repository.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterEach, describe, expect, it } from 'vitest';

const ruleSet = createRequire(import.meta.url)('../../.dependency-cruiser.cjs');
const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The rule names broken in `roots`, cruised from `baseDir` with the project's rules. */
async function violations(roots: string[], baseDir = process.cwd()): Promise<string[]> {
  const { output } = await cruise(roots, {
    ruleSet: { forbidden: ruleSet.forbidden },
    validate: true,
    baseDir,
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
  });
  return (output as ICruiseResult).summary.violations.map((v) => v.rule.name).sort();
}

/** A tree of files (path → content) in a new temporary folder. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  temps.push(dir);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

describe('the layer lint', () => {
  it('finds nothing wrong with this repository', async () => {
    expect(await violations(['src', 'commands', 'bench', 'testkit', 'test', 'scripts'])).toEqual([]);
  }, 60_000);

  it('fails when the quota imports the Discord edge, and when jobs import a Redis adapter', async () => {
    const dir = tree({
      'src/discord/balance-view.ts': 'export const view = 1;\n',
      'src/redis/leadership.ts': 'export class Leadership {}\n',
      'src/quota/drift.ts': "import { view } from '../discord/balance-view.ts';\nexport const d = view;\n",
      'src/jobs/leader-poller.ts':
        "import { Leadership } from '../redis/leadership.ts';\nexport const l = new Leadership();\n",
    });
    expect(await violations(['src'], dir)).toEqual(['jobs-imports-only-down', 'quota-imports-only-down']);
  });

  it('fails on a type-only import that points up', async () => {
    const dir = tree({
      'src/discord/render.ts': 'export interface Rendered { x: number }\n',
      'src/media/client.ts':
        "import type { Rendered } from '../discord/render.ts';\nexport type R = Rendered;\n",
    });
    expect(await violations(['src'], dir)).toEqual(['media-imports-only-down']);
  });

  it('fails on a loop, and on one adapter reaching into another', async () => {
    const dir = tree({
      'src/discord/generate.ts':
        "import { card } from './confirm-card.ts';\nexport const generate = () => card;\n",
      'src/discord/confirm-card.ts':
        "import { generate } from './generate.ts';\nexport const card = () => generate;\n",
      'src/redis/lease.ts':
        "import { card } from '../discord/confirm-card.ts';\nexport const lease = card;\n",
    });
    expect(await violations(['src'], dir)).toEqual(['no-circular', 'redis-imports-no-other-adapter']);
  });

  it('fails on a loop in the test kit and in the tests, type-only imports included', async () => {
    const dir = tree({
      'testkit/fake-discord/types.ts':
        "import type { FakeFault } from './faults.ts';\nexport interface RecordedCall { fault?: FakeFault }\n",
      'testkit/fake-discord/faults.ts':
        "import type { RecordedCall } from './types.ts';\nexport interface FakeFault { call: RecordedCall }\n",
      'test/support/bot-process.ts':
        "import { useBot } from './use-bot.ts';\nexport const spawnBot = useBot;\n",
      'test/support/use-bot.ts':
        "import { spawnBot } from './bot-process.ts';\nexport const useBot = () => spawnBot;\n",
    });
    expect(await violations(['testkit'], dir)).toEqual(['no-circular']);
    expect(await violations(['test'], dir)).toEqual(['no-circular']);
  });

  it('fails when the benchmark imports test/, and when the bot imports the test kit', async () => {
    const dir = tree({
      'test/support/bot-harness.ts': 'export const ART = 1;\n',
      'testkit/ids.ts': 'export const GUILD = 1;\n',
      'bench/driver.ts': "import { ART } from '../test/support/bot-harness.ts';\nexport const a = ART;\n",
      'src/config.ts': "import { GUILD } from '../testkit/ids.ts';\nexport const g = GUILD;\n",
    });
    expect(await violations(['src', 'bench'], dir)).toEqual([
      'bench-imports-no-test',
      'bot-imports-no-test-code',
    ]);
  });

  it('fails when a room of src/discord imports a room above it (a view reaching into the generation path, the plumbing into a view)', async () => {
    const dir = tree({
      'src/discord/generation/generate.ts': 'export const generate = 1;\n',
      'src/discord/views/result-card.ts':
        "import { generate } from '../generation/generate.ts';\nexport const card = generate;\n",
      'src/discord/interactions/router.ts':
        "import { card } from '../views/result-card.ts';\nexport const route = card;\n",
      'src/discord/gateway/welcome.ts':
        "import { card } from '../views/result-card.ts';\nexport const welcome = card;\n",
    });
    expect(await violations(['src'], dir)).toEqual([
      'discord-interactions-imports-only-down',
      'discord-views-imports-only-down',
    ]);
  });
});
