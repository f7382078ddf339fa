/**
 * The fake's application store as discord.js sees it over real sockets: the SKUs, a purchase
 * arriving as ENTITLEMENT_CREATE, the list with Discord's filters, the consume (a second one
 * refused, an answer lost leaving it consumed), a refund as ENTITLEMENT_DELETE, and premium buttons.
 */
import { ButtonStyle, Client, ComponentType, type Entitlement, Events, GatewayIntentBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { perTest } from '../support/per-test.ts';

const GUILD = '1210000000000000001';
const CHANNEL = '1210000000000000002';
const ALICE = '1210000000000000010';
const COINS = '1210000000000000100';
const PASS = '1210000000000000101';

const w = perTest<{ fake: FakeDiscord; client: Client<true> }>(
  'fake Discord with a store',
  async () => {
    const fake = await startFakeDiscord({
      guilds: [{ id: GUILD, channels: [{ id: CHANNEL, name: 'art' }], members: [{ userId: ALICE }] }],
      skus: [
        { id: COINS, name: '500 coins' },
        { id: PASS, name: 'Season pass', type: 2 },
      ],
    });
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
    const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
    await client.login(fake.botToken);
    await ready;
    return { fake, client: client as Client<true> };
  },
  async ({ fake, client }) => {
    await client.destroy();
    await fake.close();
  },
);

const next = (event: Events.EntitlementCreate | Events.EntitlementDelete) =>
  new Promise<Entitlement>((resolve) => w.client.once(event, resolve));

describe("the fake's store", () => {
  it('lists the application’s SKUs', async () => {
    const skus = await w.client.application.fetchSKUs();
    expect([...skus.values()].map((s) => [s.id, s.name, s.type])).toEqual([
      [COINS, '500 coins', 3],
      [PASS, 'Season pass', 2],
    ]);
  });

  it('sends a purchase as ENTITLEMENT_CREATE, lists it, consumes it once, and refunds it as ENTITLEMENT_DELETE', async () => {
    const created = next(Events.EntitlementCreate);
    const bought = await w.fake.purchase({ userId: ALICE, skuId: COINS });
    const seen = await created;
    expect([seen.id, seen.skuId, seen.userId, seen.guildId, seen.type, seen.consumed]).toEqual([
      bought.id,
      COINS,
      ALICE,
      null,
      1,
      false,
    ]);
    const listed = await w.client.application.entitlements.fetch({
      user: ALICE,
      skus: [COINS],
      cache: false,
    });
    expect([...listed.keys()]).toEqual([bought.id]);

    await w.client.application.entitlements.consume(bought.id);
    expect(w.fake.entitlement(bought.id)?.consumed).toBe(true);
    await expect(w.client.application.entitlements.consume(bought.id)).rejects.toMatchObject({ status: 400 });

    const deleted = next(Events.EntitlementDelete);
    await w.fake.refundEntitlement(bought.id);
    expect((await deleted).id).toBe(bought.id);
    const after = await w.client.application.entitlements.fetch({ user: ALICE, cache: false });
    expect(after.size).toBe(0);
  });

  it('pages the list by id and leaves out another application’s entitlements', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await w.fake.purchase({ userId: ALICE, skuId: COINS })).id);
    await w.fake.purchase({ userId: ALICE, skuId: COINS, applicationId: '1210000000000000999' });
    const first = await w.client.application.entitlements.fetch({ limit: 2, cache: false });
    expect([...first.keys()]).toEqual(ids.slice(0, 2));
    const rest = await w.client.application.entitlements.fetch({ after: ids[1], cache: false });
    expect([...rest.keys()]).toEqual(ids.slice(2));
  });

  it('consumes even when the answer is lost, and refuses to consume what is not consumable', async () => {
    const bought = await w.fake.purchase({ userId: ALICE, skuId: COINS });
    // The consume reaches Discord, its answer is lost; discord.js's retry then meets "consumed".
    w.fake.injectFault({ kind: 'lose-answer', status: 502, match: (r) => r.route === 'entitlementConsume' });
    await expect(w.client.application.entitlements.consume(bought.id)).rejects.toBeDefined();
    expect(w.fake.entitlement(bought.id)?.consumed).toBe(true);
    const pass = await w.fake.purchase({ userId: ALICE, skuId: PASS });
    await expect(w.client.application.entitlements.consume(pass.id)).rejects.toMatchObject({ status: 400 });
  });

  it('takes a premium button with its SKU', async () => {
    const channel = await w.client.channels.fetch(CHANNEL);
    if (!channel?.isSendable()) throw new Error('not a text channel');
    const sent = await channel.send({
      content: 'Top up',
      components: [
        {
          type: ComponentType.ActionRow,
          components: [{ type: ComponentType.Button, style: ButtonStyle.Premium, sku_id: COINS }],
        },
      ],
    });
    expect(sent.components).toHaveLength(1);
  });

  it('refuses a premium button of no SKU of the application, or with a label, naming the field as Discord does', async () => {
    const channel = await w.client.channels.fetch(CHANNEL);
    if (!channel?.isSendable()) throw new Error('not a text channel');
    const premium = (button: Record<string, unknown>) =>
      channel.send({
        content: 'Top up',
        components: [
          {
            type: ComponentType.ActionRow,
            components: [
              { type: ComponentType.Button, style: ButtonStyle.Secondary, custom_id: 'x', label: 'Other' },
              { type: ComponentType.Button, style: ButtonStyle.Premium, ...button },
            ],
          },
        ],
      } as Parameters<typeof channel.send>[0]);
    const errorsOf = async (sending: Promise<unknown>) => {
      const err = (await sending.then(
        () => undefined,
        (e: unknown) => e,
      )) as { code?: number; rawError?: { errors?: unknown } };
      return { code: err?.code, errors: err?.rawError?.errors };
    };
    const field = (name: string) => ({
      components: { 0: { components: { 1: { [name]: { _errors: [expect.anything()] } } } } },
    });
    expect(await errorsOf(premium({ sku_id: '1210000000000000999' }))).toEqual({
      code: 50035,
      errors: field('sku_id'),
    });
    expect(await errorsOf(premium({ sku_id: COINS, label: 'Buy' }))).toEqual({
      code: 50035,
      errors: field('label'),
    });
    expect(w.fake.messages(CHANNEL)).toEqual([]);
  });
});
