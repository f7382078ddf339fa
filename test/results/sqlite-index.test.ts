import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { ResultsIndex } from '../../src/results/result.ts';
import { SqliteResultsIndex } from '../../src/results/sqlite-index.ts';
import { describeResultsIndex } from './index-contract.ts';

let dir: string;
let opened: ResultsIndex[];
const files = new Map<ResultsIndex, string>();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'results-index-test-'));
  opened = [];
});
afterEach(async () => {
  for (const index of opened.reverse()) await index.close();
  rmSync(dir, { recursive: true, force: true });
});

async function openOn(file: string): Promise<ResultsIndex> {
  const index = await SqliteResultsIndex.open(file);
  opened.push(index);
  files.set(index, file);
  return index;
}

describeResultsIndex('SQLite', {
  open: () => openOn(join(dir, 'bot.sqlite')),
  another: (index) => openOn(files.get(index) ?? ''),
});
