/**
 * A set of ids kept under one keyv key, for the few indexes the bot needs (open jobs,
 * submissions in progress): keyv has no listing that works the same on every store.
 * Read-modify-write goes through the lock so concurrent adds do not lose each other.
 */
import type Keyv from 'keyv';
import type { KeyedLock } from '../locks.ts';

export class KeyvSet {
  private readonly keyv: Keyv;
  private readonly key: string;
  private readonly lock: KeyedLock;

  constructor(keyv: Keyv, key: string, lock: KeyedLock) {
    this.keyv = keyv;
    this.key = key;
    this.lock = lock;
  }

  async list(): Promise<string[]> {
    return (await this.keyv.get<string[]>(this.key)) ?? [];
  }

  async add(id: string): Promise<void> {
    await this.lock.withLock(this.key, async () => {
      const ids = await this.list();
      if (!ids.includes(id)) await this.keyv.set(this.key, [...ids, id]);
    });
  }

  async remove(id: string): Promise<void> {
    await this.lock.withLock(this.key, async () => {
      const ids = await this.list();
      if (ids.includes(id))
        await this.keyv.set(
          this.key,
          ids.filter((x) => x !== id),
        );
    });
  }
}
