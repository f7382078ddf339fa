/**
 * Every command that reads the store before its first answer, on a real redis-server that stops
 * answering (SIGSTOP) and then is gone: each is answered privately with the store-fault message,
 * as the interaction's first answer, within Discord's 3 s as the fake Discord records it (from
 * the time Discord made the interaction, which its id carries, to the callback the fake received).
 * None gets the internal-error apology, and none is deferred first to be told later.
 */
import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  type APIInteractionDataResolved,
  InteractionResponseType,
  MessageFlags,
  SnowflakeUtil,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { ADMIN, ALICE, BOB, componentsOf, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';
import { resolvedMember, sub } from './quota-helpers.ts';

// The English texts expected below, read from the bot's texts themselves.
const STORE_FAULT = english.t('actions:errors.storeFault');

/** Discord's deadline for an interaction's first answer, from the time in its id. */
const DISCORD_DEADLINE_MS = 3_000;

let redis: RedisServer;
let h: Harness;

/** What each case sends: a command, or a press of a button the bot drew before the store failed. */
type Case =
  | {
      what: string;
      command: string;
      options: APIApplicationCommandInteractionDataOption[];
      userId: string;
      resolved?: APIInteractionDataResolved;
    }
  | { what: string; press: () => { messageId: string; customId: string; userId: string } };

/** Each phase's cases, by the member who sends them (a button pressed twice within 3 s is one press). */
const cases = new Map<string, Case[]>();

beforeAll(async () => {
  redis = await startRedisServer();
  h = await startHarness({ env: { STORE_URL: `${redis.url}/7` } });
  const made = await h.command('imagine', [opt.string('prompt', 'before the store fails')]);
  const job = await h.jobDone(made);
  // What is read back once the store fails: a result, and each member's /settings (with defaults
  // to Reset) and /help answers.
  for (const member of [ALICE, BOB]) {
    const settings = await h.command('settings', [opt.integer('count', 2)], { userId: member });
    const help = await h.command('help', [], { userId: member });
    await h.callbackOf(settings);
    await h.callbackOf(help);
    const buttonOf = (interaction: APIInteraction, part: string) => () => {
      const message = h.deliveredMessage(interaction);
      const customId = componentsOf(message ?? {}).find((c) => c.custom_id?.includes(part))?.custom_id;
      if (!message || !customId) throw new Error(`no button with ${part} on the answer`);
      return { messageId: message.id, customId, userId: member };
    };
    cases.set(member, [
      { what: '/usage', command: 'usage', options: [], userId: member },
      { what: '/settings', command: 'settings', options: [], userId: member },
      { what: '/show', command: 'show', options: [opt.string('id', job.generationId)], userId: ALICE },
      { what: '/balance', command: 'balance', options: [], userId: ADMIN },
      { what: '/quota report', command: 'quota', options: [sub('report')], userId: ADMIN },
      { what: '/quota show', command: 'quota', options: [sub('show')], userId: ADMIN },
      {
        what: '/quota show user',
        command: 'quota',
        options: [sub('show', [{ name: 'user', type: 6, value: ALICE }])],
        userId: ADMIN,
        resolved: resolvedMember(ALICE, 'alice'),
      },
      {
        what: '/quota channels list',
        command: 'quota',
        options: [sub('channels', [opt.string('action', 'list')])],
        userId: ADMIN,
      },
      { what: '/quota alerts', command: 'quota', options: [sub('alerts')], userId: ADMIN },
      { what: "/help's My usage", press: buttonOf(help, ':usage') },
      { what: "/settings' Reset", press: buttonOf(settings, `:${member}`) },
      { what: "the result's Details", press: buttonOf(made, ':details:') },
    ]);
  }
}, 60_000);

afterAll(async () => {
  redis?.resume();
  await h?.close();
  await redis?.stop();
});

async function send(c: Case): Promise<APIInteraction> {
  if ('press' in c) {
    const { messageId, customId, userId } = c.press();
    return h.press(messageId, customId, { userId });
  }
  return h.command(c.command, c.options, {
    userId: c.userId,
    ...(c.resolved ? { resolved: c.resolved } : {}),
  });
}

/** Each case's first answer is the store fault, privately, accepted by the fake within 3 s of its creation. */
async function expectEveryStoreFault(member: string) {
  for (const c of cases.get(member) ?? []) {
    const interaction = await send(c);
    const call = await h.callbackOf(interaction);
    const body = call.body as { type: number; data?: { content?: string; flags?: number } };
    expect(body.type, c.what).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(Number(body.data?.flags) & MessageFlags.Ephemeral, c.what).toBe(MessageFlags.Ephemeral);
    expect(String(body.data?.content), c.what).toContain(STORE_FAULT);
    expect(String(body.data?.content), c.what).toMatch(/error id `[0-9a-f]{8}`/);
    expect(call.status, c.what).toBeLessThan(300);
    expect(call.at - SnowflakeUtil.timestampFrom(interaction.id), c.what).toBeLessThan(DISCORD_DEADLINE_MS);
  }
  expect(h.logs.join('')).not.toContain('interaction handler failed');
}

describe('a command that reads the store, while the Redis store fails', () => {
  it('is answered with the store fault as its first answer within 3 s while Redis is stopped (SIGSTOP)', async () => {
    redis.pause();
    try {
      await expectEveryStoreFault(ALICE);
    } finally {
      redis.resume();
    }
  }, 60_000);

  it('is answered with the store fault as its first answer within 3 s when Redis is gone', async () => {
    await redis.stop();
    await expectEveryStoreFault(BOB);
  }, 60_000);
});
