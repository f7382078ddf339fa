import { afterEach, describe, expect, it } from 'vitest';
import type { GenerationRecord, GuildState, LegacyGuildState, MemberState } from '../../src/quota/state.ts';
import { crash, crashingStore } from './crashing-store.ts';
import { closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const member = (userId: string) => ({ guildId: G, userId, roleIds: [] as string[] });

let h: QuotaHarness;
closeHarnessesAfterEach();
afterEach(() => {
  crash.at = undefined;
});

async function reserve(userId: string, quoteMicros: number): Promise<string> {
  const r = await h.quota.reserve({ ...member(userId), model: 'img', quoteMicros });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  return r.reservationId;
}

const stored = <T>(key: string) => h.store.namespace('quota').get<T>(key);

describe("the guild's value holds a line per member, not per reservation", () => {
  it('stays as large as the members holding something while hundreds of reservations are open', async () => {
    h = await openHarness();
    await h.admin.setInFlightCap(G, 1_000, 'admin');
    for (let i = 0; i < 150; i++) await reserve(i % 2 === 0 ? 'u1' : 'u2', 0.001 * USD);
    const guild = await stored<GuildState>(`guild:${G}`);
    expect(Object.keys(guild?.holders ?? {})).toEqual(['u1', 'u2']);
    // Each reservation in it would be ~150 bytes: 22 KB for these.
    expect(JSON.stringify(guild).length).toBeLessThan(1_000);
    expect(await h.quota.summary(member('u1'))).toMatchObject({ reservedMicros: 0.075 * USD, inFlight: 75 });
    expect(await h.admin.guildOverview(G)).toMatchObject({ reservedMicros: 0.15 * USD, inFlight: 150 });
  });

  it('drops a member from it once it holds nothing, and counts what the others hold', async () => {
    h = await openHarness();
    const a = await reserve('u1', 0.2 * USD);
    await reserve('u2', 0.1 * USD);
    await h.quota.settle(a, { generationId: 'gen-1', chargedMicros: 0.2 * USD });
    expect((await h.admin.guildOverview(G)).inFlight).toBe(2);
    expect(await h.quota.finish('gen-1')).toEqual({ finished: true });
    expect(await h.quota.finish('gen-1')).toEqual({ finished: false });
    expect(Object.keys((await stored<GuildState>(`guild:${G}`))?.holders ?? {})).toEqual(['u2']);
    expect(await h.admin.guildOverview(G)).toMatchObject({ inFlight: 1, reservedMicros: 0.1 * USD });
    expect(await h.quota.summary(member('u1'))).toMatchObject({ spentMicros: 0.2 * USD, inFlight: 0 });
  });

  it("mends the member's line when the process died between a finish's two writes", async () => {
    h = await openHarness({ wrapStore: crashingStore });
    const id = await reserve('u1', 0.2 * USD);
    await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.2 * USD });
    crash.at = (ns, key) => ns === 'quota' && key === `guild:${G}`;
    await expect(h.quota.finish('gen-1')).rejects.toThrow('simulated crash');
    await h.restart();
    // The member's value was written, the guild's line still counts the generation in flight.
    expect((await h.admin.guildOverview(G)).inFlight).toBe(1);
    expect(await h.quota.summary(member('u1'))).toMatchObject({ inFlight: 0 });
    // The delivery's retry of finish finds it finished, and mends the line.
    expect(await h.quota.finish('gen-1')).toEqual({ finished: false });
    expect((await h.admin.guildOverview(G)).inFlight).toBe(0);
    expect((await stored<GuildState>(`guild:${G}`))?.holders).toEqual({});
  });

  it("expires a member's reservations one by one as each one's time comes", async () => {
    h = await openHarness({ reservationTtlMs: 60_000 });
    await reserve('u1', 0.3 * USD);
    h.clock.advance(30_000);
    await reserve('u1', 0.2 * USD);
    h.clock.advance(30_000);
    expect(await h.quota.summary(member('u1'))).toMatchObject({ reservedMicros: 0.2 * USD, inFlight: 1 });
    h.clock.advance(30_000);
    expect(await h.quota.summary(member('u1'))).toMatchObject({ reservedMicros: 0, inFlight: 0 });
    const released = (await h.ledger.latest(G)).filter((e) => e.kind === 'release');
    expect(released.map((e) => e.amountMicros)).toEqual([0.2 * USD, 0.3 * USD]);
  });
});

describe('a guild value stored before the holders (open reservations and generations in flight in it)', () => {
  const DAY = '2024-05-15';
  // Five minutes before the harness's clock: within the reservation's 15 minutes.
  const AT = '2024-05-15T11:55:00.000Z';
  const r1 = `${G}:u1:first`;
  const r2 = `${G}:u1:second`;

  /**
   * What the previous version left: u1 reserved $0.30 (open) and $0.20, charged as gen-2 (in
   * flight). `releasedUncommitted`: it then journaled the release of the $0.30 and wrote the
   * member's value, and died before the guild's.
   */
  async function storeLegacy(releasedUncommitted = false): Promise<void> {
    const quota = h.store.namespace('quota');
    const ledger = h.store.namespace('quota-ledger');
    const entry = (seq: number, e: object) =>
      ledger.set(`${G}:${String(seq).padStart(12, '0')}`, {
        seq,
        guildId: G,
        userId: 'u1',
        day: DAY,
        at: AT,
        ...e,
      });
    await entry(1, { kind: 'reserve', reservationId: r1, model: 'img', amountMicros: 0.3 * USD });
    await entry(2, { kind: 'reserve', reservationId: r2, model: 'img', amountMicros: 0.2 * USD });
    await entry(3, {
      kind: 'charge',
      reservationId: r2,
      generationId: 'gen-2',
      model: 'img',
      amountMicros: 0.2 * USD,
      reservedMicros: 0.2 * USD,
    });
    if (releasedUncommitted) {
      await entry(4, { kind: 'release', reservationId: r1, model: 'img', amountMicros: 0.3 * USD });
    }
    const gen: GenerationRecord = {
      generationId: 'gen-2',
      guildId: G,
      userId: 'u1',
      reservationId: r2,
      model: 'img',
      chargedMicros: 0.2 * USD,
      day: DAY,
      at: AT,
      chargeSeq: 3,
      appliedSeq: 3,
    };
    await quota.set('gen:gen-2', gen);
    const legacyMember: Omit<MemberState, 'open' | 'inFlight'> = {
      appliedSeq: releasedUncommitted ? 4 : 3,
      spend: { [DAY]: 0.2 * USD },
      lifetimeMicros: 0.2 * USD,
      recentGenerations: ['gen-2'],
      recentSeqs: releasedUncommitted ? [4, 3, 2, 1] : [3, 2, 1],
    };
    await quota.set(`member:${G}:u1`, legacyMember);
    const legacy: LegacyGuildState = {
      seq: 3,
      spend: { [DAY]: 0.2 * USD },
      lifetimeMicros: 0.2 * USD,
      open: { [r1]: { userId: 'u1', micros: 0.3 * USD, day: DAY, model: 'img', at: AT } },
      inFlight: { 'gen-2': { userId: 'u1', at: AT } },
    };
    await quota.set(`guild:${G}`, legacy);
  }

  it('reads as the same money, and settles, finishes and refunds what it held', async () => {
    h = await openHarness();
    await storeLegacy();
    expect(await h.quota.summary(member('u1'))).toMatchObject({
      spentMicros: 0.2 * USD,
      reservedMicros: 0.3 * USD,
      remainingMicros: 0.5 * USD,
      inFlight: 2,
    });
    expect(await h.admin.guildOverview(G)).toMatchObject({ reservedMicros: 0.3 * USD, inFlight: 2 });
    expect(await h.quota.finish('gen-2')).toEqual({ finished: true });
    expect(await h.quota.settle(r1, { generationId: 'gen-1', chargedMicros: 0.25 * USD })).toEqual({
      chargedMicros: 0.25 * USD,
      alreadySettled: false,
    });
    expect(await h.quota.refund('gen-1')).toEqual({ refundedMicros: 0.25 * USD, alreadyRefunded: false });
    expect(await h.quota.summary(member('u1'))).toMatchObject({
      spentMicros: 0.2 * USD,
      reservedMicros: 0,
      inFlight: 0,
    });
    const guild = await stored<GuildState & Partial<LegacyGuildState>>(`guild:${G}`);
    expect(guild).toMatchObject({ seq: 5, holders: {} });
    expect(guild?.open).toBeUndefined();
  });

  it('is moved again from the old value when the process died between the members and the guild', async () => {
    h = await openHarness({ wrapStore: crashingStore });
    await storeLegacy();
    // The first write of the upgrade's values that is not the member's: the guild's.
    crash.at = (ns, key) => ns === 'quota' && key === `guild:${G}`;
    await expect(h.quota.finish('gen-2')).rejects.toThrow('simulated crash');
    await h.restart();
    // The member was written as moved (gen-2 finished), the guild not: the old value is the truth.
    expect(await h.quota.summary(member('u1'))).toMatchObject({ reservedMicros: 0.3 * USD, inFlight: 2 });
    expect(await h.quota.finish('gen-2')).toEqual({ finished: true });
    expect(await h.quota.release(r1)).toEqual({ releasedMicros: 0.3 * USD, alreadyClosed: false });
    expect(await h.quota.summary(member('u1'))).toMatchObject({ reservedMicros: 0, inFlight: 0 });
    expect(await h.admin.guildOverview(G)).toMatchObject({
      reservedMicros: 0,
      inFlight: 0,
      spentMicros: 0.2 * USD,
    });
  });

  it('replays an entry it journaled but did not commit, onto what the members now hold', async () => {
    h = await openHarness();
    await storeLegacy(true);
    // The member's money has seen the release (its applied seq), the guild's head has not: the
    // reservation moved from the old guild value is closed by the replay all the same.
    expect(await h.quota.summary(member('u1'))).toMatchObject({ reservedMicros: 0, inFlight: 1 });
    expect(await h.quota.release(r1)).toEqual({ releasedMicros: 0, alreadyClosed: true });
    expect(await h.admin.guildOverview(G)).toMatchObject({ reservedMicros: 0, inFlight: 1 });
  });
});
