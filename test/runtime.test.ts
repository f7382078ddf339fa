/**
 * The suite runs on the Node the project brings (the `node` dev dependency, first on the PATH of
 * every npm script), whatever Node the machine has: the runtime production uses, not another.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
  engines: { node: string };
  scripts: { start: string };
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
    const options = pkg.scripts.start.split(/\s+/).filter((w) => w.startsWith('--'));
    expect(options).toContain('--optimize-for-size');
    const cmd = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8')
      .split('\n')
      .findLast((line) => line.startsWith('CMD '));
    expect(cmd).toBe(`CMD ${JSON.stringify(['node', ...options, 'src/main.ts']).replaceAll(',', ', ')}`);
  });
});
