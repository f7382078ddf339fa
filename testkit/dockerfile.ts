/**
 * The Dockerfile read as Docker reads it, for the image check's build (.ci/image/assemble.ts) and
 * the test that compares the image's ENV with npm start's (test/runtime.test.ts): one reading, so
 * that what the check builds and what the test compares cannot disagree about a line.
 */
import { readFileSync } from 'node:fs';

/**
 * The instructions, one per entry: continuation lines joined, comment lines dropped (also inside a
 * continued instruction, as Docker does), blank lines dropped, each trimmed; a continued line's parts
 * joined by one space.
 */
export function dockerfileInstructions(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const raw of text.replaceAll('\r\n', '\n').split('\n')) {
    const line = raw.trim();
    if (line === '' && !current) continue;
    if (line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      current += `${line.slice(0, -1).trimEnd()} `;
      continue;
    }
    lines.push((current + line).trim());
    current = '';
  }
  return lines.filter(Boolean);
}

/** The variables of one `ENV` instruction's arguments; only the `NAME=value …` form (quotes kept out). */
export function envAssignments(args: string): [name: string, value: string][] {
  return [...args.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map(([, name = '', value = '']) => [
    name,
    value.replace(/^"|"$/g, ''),
  ]);
}

/** The repository's Dockerfile, as instructions. */
export function readDockerfile(): string[] {
  return dockerfileInstructions(readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8'));
}

/** The environment the last stage gives its CMD: a later ENV overrides an earlier one. */
export function lastStageEnv(instructions: string[]): Map<string, string> {
  const from = instructions.findLastIndex((line) => /^FROM\s/i.test(line));
  const env = new Map<string, string>();
  for (const line of instructions.slice(from + 1)) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    if (keyword.toUpperCase() !== 'ENV') continue;
    for (const [name, value] of envAssignments(rest.join(' '))) env.set(name, value);
  }
  return env;
}
