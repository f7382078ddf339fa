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
import { parseStartScript, readStartScript } from '../testkit/start-script.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  engines: { node: string };
};

/** The Node options and environment `npm start` gives the bot. */
const npmStart = readStartScript();

/**
 * The environment the Dockerfile's last stage gives its CMD, as Docker reads it: comment lines
 * dropped (also inside a continued instruction), continuations joined, a later ENV overriding an
 * earlier one. Only the `ENV NAME=value …` form, the one this Dockerfile uses.
 */
function imageEnv(): Map<string, string> {
  const text = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8').replaceAll('\r\n', '\n');
  const lastStage = text.slice(text.lastIndexOf('\nFROM '));
  const instructions = lastStage
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\[ \t]*\n/g, ' ')
    .split('\n');
  const env = new Map<string, string>();
  for (const line of instructions.filter((l) => l.startsWith('ENV '))) {
    for (const [, name = '', value = ''] of line.matchAll(/(\w+)=("[^"]*"|\S+)/g))
      env.set(name, value.replace(/^"|"$/g, ''));
  }
  return env;
}

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
    const { options } = npmStart;
    expect(options).toContain('--optimize-for-size');
    const cmd = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8')
      .split('\n')
      .findLast((line) => line.startsWith('CMD '));
    expect(cmd).toBe(`CMD ${JSON.stringify(['node', ...options, 'src/main.ts']).replaceAll(',', ', ')}`);
  });

  it("gives the bot in the image the allocator's settings npm start gives it", () => {
    expect(npmStart.env).toMatchObject({
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
    const image = imageEnv();
    for (const [name, value] of Object.entries(npmStart.env)) expect(image.get(name), name).toBe(value);
  });

  it("reads npm start's script as the shell does: the assignments before the command, the options after it", () => {
    expect(parseStartScript('node --a src/main.ts')).toEqual({ env: {}, options: ['--a'] });
    expect(parseStartScript(' A_1=x B_=1=2 node_modules/.bin/node --a --b=./c src/main.ts')).toEqual({
      env: { A_1: 'x', B_: '1=2' },
      options: ['--a', '--b=./c'],
    });
    // A word that is not an assignment is the command, even one with `=` further on.
    expect(parseStartScript('env A=1 node --a')).toEqual({ env: {}, options: ['--a'] });
  });

  it('starts, from its second start on, without loading the type stripper: npm start turns the compile cache on', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    // npm start's options, its preload made absolute: the bot runs from a folder of its own, where
    // no .env gives it a token, so it loads every module of its start and stops at the configuration.
    const options = npmStart.options.map((w) => w.replace('=./', `=${root}`));
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
