import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { openRedisResultsIndex, RedisResultsIndex } from '../../src/redis/results-index.ts';
import type { ResultsIndex } from '../../src/results/result.ts';
import { aResult, describeResultsIndex } from '../results/index-contract.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();
const prefixes = new Map<ResultsIndex, string>();
let tests = 0;

/** An index on a connection of its own, as a process has, under `prefix`. */
async function openOn(prefix: string): Promise<ResultsIndex> {
  const index = new RedisResultsIndex({ client: await server.connect(), prefix });
  prefixes.set(index, prefix);
  return index;
}

describeResultsIndex('Redis', {
  // Each test its own prefix: an empty index on the file's server.
  open: () => openOn(`results-test-${++tests}:`),
  another: (index) => openOn(prefixes.get(index) ?? ''),
});

describe('the Redis results index of the bot', () => {
  it('opens its own connection to the store URL, and closes it', async () => {
    const index = await openRedisResultsIndex(server.url, silentLogger);
    const result = aResult({ prompt: 'opened from the URL' });
    await index.put(result);
    expect(await index.get(result.guildId, result.generationId)).toEqual(result);
    await index.close();
    await expect(index.size()).rejects.toThrow();
  });
});
