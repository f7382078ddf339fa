import { describe, expect, it } from 'vitest';
import { RedisKeyedLock } from '../../src/redis/keyed-lock.ts';
import { Leadership } from '../../src/redis/leadership.ts';
import { type LeaseGrant, RedisLeases } from '../../src/redis/lease.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();

/** One process's view of Redis: its own connection and its own owner id. */
async function leasesOfAProcess(): Promise<RedisLeases> {
  return new RedisLeases(await server.connect());
}

/** The grant, failing the test when there is none. */
function held(grant: LeaseGrant | undefined): LeaseGrant {
  if (!grant) throw new Error('expected the lease to be granted');
  return grant;
}

let names = 0;
const newName = () => `poller-${++names}`;

describe('leases in Redis', () => {
  it('is held by one process at a time, and renewing keeps it', async () => {
    const [a, b] = [await leasesOfAProcess(), await leasesOfAProcess()];
    const name = newName();
    const grant = await a.acquire(name, 1_000);
    expect(grant).toBeDefined();
    expect(await b.acquire(name, 1_000)).toBeUndefined();
    expect(await a.renew(name, held(grant), 1_000)).toBe(true);
    expect(await b.acquire(name, 1_000)).toBeUndefined();
  });

  it('goes to another process once the holder stops renewing, with a larger fencing token', async () => {
    const [dead, survivor] = [await leasesOfAProcess(), await leasesOfAProcess()];
    const name = newName();
    const first = await dead.acquire(name, 100);
    let taken: LeaseGrant | undefined;
    await expect
      .poll(async () => (taken = await survivor.acquire(name, 1_000)), { interval: 20, timeout: 2_000 })
      .toBeDefined();
    expect(held(taken).token).toBeGreaterThan(held(first).token);
    // The old holder learns it lost the lease, and cannot release the new holder's.
    expect(await dead.renew(name, held(first), 1_000)).toBe(false);
    await dead.release(name, held(first));
    expect(await survivor.renew(name, held(taken), 1_000)).toBe(true);
  });

  it('is free at once after a release', async () => {
    const [a, b] = [await leasesOfAProcess(), await leasesOfAProcess()];
    const name = newName();
    const grant = await a.acquire(name, 60_000);
    await a.release(name, held(grant));
    expect(await b.acquire(name, 60_000)).toBeDefined();
  });
});

describe('RedisKeyedLock', () => {
  it('lets one holder at a time run, across processes, without losing an update', async () => {
    const locks = [
      new RedisKeyedLock({ leases: await leasesOfAProcess() }),
      new RedisKeyedLock({ leases: await leasesOfAProcess() }),
    ];
    // A read-modify-write on a shared counter with a pause in the middle: without mutual
    // exclusion, two holders read the same value and one increment is lost.
    let counter = 0;
    let inside = 0;
    let mostInside = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (locks[i % 2] as RedisKeyedLock).withLock('guild:1', async () => {
          inside += 1;
          mostInside = Math.max(mostInside, inside);
          const read = counter;
          await new Promise((resolve) => setTimeout(resolve, 2));
          counter = read + 1;
          inside -= 1;
        }),
      ),
    );
    expect(counter).toBe(20);
    expect(mostInside).toBe(1);
  });

  it('frees a key whose holder died once its lease lapses', async () => {
    const dead = await leasesOfAProcess();
    await dead.acquire('lock:guild:2', 150, `${dead.owner}:crashed`);
    const lock = new RedisKeyedLock({ leases: await leasesOfAProcess(), ttlMs: 1_000 });
    await expect(lock.withLock('guild:2', async () => 'ran')).resolves.toBe('ran');
  });
});

describe('Leadership', () => {
  it('has one leader among two processes, and the other takes over when the leader dies or stops', async () => {
    const name = newName();
    const events: string[] = [];
    const make = async (who: string) =>
      new Leadership({
        leases: await leasesOfAProcess(),
        name,
        ttlMs: 300,
        renewMs: 50,
        onChange: (leading, grant) => events.push(`${who}:${leading ? `lead@${grant?.token}` : 'step down'}`),
      });
    const [a, b] = [await make('a'), await make('b')];
    await a.start();
    await b.start();
    expect(a.leading).toBe(true);
    expect(b.leading).toBe(false);
    // A graceful stop hands over at once (within one try of the other).
    await a.stop();
    await expect.poll(() => b.leading, { interval: 20, timeout: 2_000 }).toBe(true);
    expect(events).toEqual(['a:lead@1', 'a:step down', 'b:lead@2']);
    await b.stop();
  });

  it('steps down when another process holds the lease after it lapsed (a paused leader)', async () => {
    const name = newName();
    const leases = await leasesOfAProcess();
    let leading = false;
    const paused = new Leadership({
      leases,
      name,
      ttlMs: 100,
      renewMs: 1_000,
      onChange: (l) => {
        leading = l;
      },
    });
    await paused.start();
    expect(leading).toBe(true);
    // The lease lapses while this leader sleeps; another process takes it.
    const other = await leasesOfAProcess();
    await expect
      .poll(async () => (await other.acquire(name, 60_000)) !== undefined, { interval: 20 })
      .toBe(true);
    await expect.poll(() => leading, { interval: 50, timeout: 3_000 }).toBe(false);
    await paused.stop();
  });
});
