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
import { dockerfileInstructions, lastStageEnv, readDockerfile } from '../testkit/dockerfile.ts';
import { parseStartScript, readStartScript } from '../testkit/start-script.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  engines: { node: string };
};

/** The Node options and environment `npm start` gives the bot. */
const npmStart = readStartScript();

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
    const cmd = readDockerfile().findLast((line) => line.startsWith('CMD '));
    expect(cmd).toBe(`CMD ${JSON.stringify(['node', ...options, 'src/main.ts']).replaceAll(',', ', ')}`);
  });

  it("gives the bot in the image the allocator's settings npm start gives it", () => {
    expect(npmStart.env).toMatchObject({
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
    const image = lastStageEnv(readDockerfile());
    for (const [name, value] of Object.entries(npmStart.env)) expect(image.get(name), name).toBe(value);
  });

  it('reads the Dockerfile as Docker does: continuations joined, comments dropped, the last stage and its last ENV', () => {
    const text = [
      'FROM node AS build',
      'ENV A=build',
      'FROM node',
      'ENV A=1 \\',
      '  # a comment inside the instruction',
      '    B="two words" \\\r',
      '    C=3',
      '',
      '# A=ignored',
      'ENV A=2',
      'CMD ["node", \\',
      '  "src/main.ts"]',
    ].join('\n');
    const instructions = dockerfileInstructions(text);
    expect(instructions.at(-1)).toBe('CMD ["node", "src/main.ts"]');
    expect(Object.fromEntries(lastStageEnv(instructions))).toEqual({ A: '2', B: 'two words', C: '3' });
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
