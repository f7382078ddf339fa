/**
 * The suite runs on the Node the project brings (the `node` dev dependency, first on the PATH of
 * every npm script), whatever Node the machine has: the runtime production uses, not another.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  engines: { node: string };
  scripts: { start: string };
};

/** The Node options `npm start` gives the bot (the words of its script that start with `--`). */
const startOptions = () => pkg.scripts.start.split(/\s+/).filter((w) => w.startsWith('--'));
/** The environment npm start's script sets before `node` (`NAME=value` words). */
const startEnv = () => {
  const words = pkg.scripts.start.split(/\s+/);
  return words.slice(0, words.indexOf('node'));
};

describe('the runtime', () => {
  it('is the Node 24 the `node` dev dependency pins, which strips the types itself', () => {
    expect(pkg.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(process.version).toBe(`v${pkg.devDependencies.node}`);
    expect(process.features.typescript).toBe('strip');
  });

  it('needs no transpiler in production: none is a runtime dependency', () => {
    for (const dev of ['tsx', 'esbuild', 'typescript', 'node'])
      expect(pkg.dependencies).not.toHaveProperty(dev);
  });

  it('runs the bot in the image with the Node options of npm start (the benchmark uses them too)', () => {
    const options = startOptions();
    expect(options).toContain('--optimize-for-size');
    const cmd = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8')
      .split('\n')
      .findLast((line) => line.startsWith('CMD '));
    expect(cmd).toBe(`CMD ${JSON.stringify(['node', ...options, 'src/main.ts']).replaceAll(',', ', ')}`);
  });

  it("gives the bot in the image the allocator's settings npm start gives it", () => {
    const env = startEnv();
    expect(env).toContain('MALLOC_ARENA_MAX=1');
    // The last stage's ENV, continuation lines joined and comment lines dropped, as Docker reads it.
    const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
    const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const instructions = lastStage
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('#'))
      .join('\n')
      .replaceAll('\\\n', ' ');
    const imageEnv = instructions
      .split('\n')
      .filter((line) => line.startsWith('ENV '))
      .flatMap((line) => line.slice(4).trim().split(/\s+/));
    for (const setting of env) expect(imageEnv).toContain(setting);
  });

  it('starts, from its second start on, without loading the type stripper: npm start turns the compile cache on', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    // npm start's options, its preload made absolute: the bot runs from a folder of its own, where
    // no .env gives it a token, so it loads every module of its start and stops at the configuration.
    const options = startOptions().map((w) => w.replace('=./', `=${root}`));
    // Says at exit whether Node's TypeScript stripper (amaro) was loaded.
    const reporter = `data:text/javascript,process.on('exit',()=>console.log('amaro:'+process.moduleLoadList.some(m=>m.includes('amaro'))))`;
    const cwd = mkdtempSync(join(tmpdir(), 'compile-cache-'));
    const start = () =>
      promisify(execFile)(process.execPath, [...options, `--import=${reporter}`, join(root, 'src/main.ts')], {
        cwd,
        // No NODE_COMPILE_CACHE (Node would turn the cache on by itself): its default folder is here.
        env: { PATH: process.env.PATH, TMPDIR: cwd },
      }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    try {
      expect((await start()).stdout).toContain('amaro:true');
      expect((await start()).stdout).toContain('amaro:false');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});
