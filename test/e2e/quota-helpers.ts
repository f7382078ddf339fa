/**
 * Helpers for the /usage, /quota and /balance end-to-end tests: subcommand and entity options as
 * Discord sends them (with their `resolved` data), and reading the bot's ephemeral answers.
 */
import type {
  APIApplicationCommandInteractionDataOption,
  APIEmbed,
  APIInteraction,
  APIInteractionDataResolved,
} from 'discord.js';
import { expect } from 'vitest';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, type Harness, opt } from '../support/bot-harness.ts';

const EPHEMERAL = 1 << 6;

export interface Answer {
  content: string;
  embeds: APIEmbed[];
  components: { components: { custom_id?: string; label?: string; disabled?: boolean }[] }[];
  flags: number;
}

/** A subcommand option with its own options. */
export const sub = (name: string, options: unknown[] = []) =>
  opt.subcommand(name, options as APIApplicationCommandInteractionDataOption[]);

export const entity = {
  user: (name: string, id: string) => ({ name, type: 6, value: id }),
  channel: (name: string, id: string) => ({ name, type: 7, value: id }),
  role: (name: string, id: string) => ({ name, type: 8, value: id }),
} as const;

/** `resolved` for a user option naming a member of the test guild. */
export function resolvedMember(
  userId: string,
  username: string,
  roles: string[] = [],
): APIInteractionDataResolved {
  return {
    users: { [userId]: { id: userId, username, discriminator: '0', global_name: null, avatar: null } },
    members: {
      [userId]: {
        roles,
        joined_at: new Date(0).toISOString(),
        premium_since: null,
        pending: false,
        flags: 0,
        permissions: '0',
        avatar: null,
        nick: null,
      },
    },
  } as unknown as APIInteractionDataResolved;
}

/** `resolved` for a role option. */
export function resolvedRole(id: string, name: string): APIInteractionDataResolved {
  return {
    roles: {
      [id]: {
        id,
        name,
        color: 0,
        colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
        hoist: false,
        position: 1,
        permissions: '0',
        managed: false,
        mentionable: false,
        flags: 0,
      },
    },
  } as unknown as APIInteractionDataResolved;
}

/** `resolved` for a channel option naming a text channel of the guild. */
export function resolvedChannel(id: string, name: string): APIInteractionDataResolved {
  return {
    channels: { [id]: { id, name, type: 0, permissions: '0' } },
  } as unknown as APIInteractionDataResolved;
}

/** The bot's immediate ephemeral reply (callback type 4) to an interaction. */
export async function ephemeralReply(h: Harness, interaction: APIInteraction): Promise<Answer> {
  const call = await h.callbackOf(interaction);
  const body = call.body as { type: number; data: Partial<Answer> };
  expect(body.type).toBe(4);
  return expectEphemeral(body.data);
}

/**
 * A refusal that came after a public defer (the request fitted as the figures stood, then the
 * reservation failed): the deferred reply is deleted and the reason goes in an ephemeral follow-up.
 */
export async function refusedAfterDefer(h: Harness, interaction: APIInteraction): Promise<Answer> {
  const call = await h.callbackOf(interaction);
  const body = call.body as { type: number; data?: { flags?: number } };
  expect(body.type).toBe(5);
  const followUp = await h.discord.waitForCall(
    (c) => c.route === 'webhookFollowup' && c.path.includes(`/${interaction.token}`),
    15_000,
  );
  await h.discord.waitForCall(
    (c) => c.route === 'webhookDelete' && c.path.includes(`/${interaction.token}/messages/@original`),
  );
  return expectEphemeral(followUp.body as Partial<Answer>);
}

/** The final content of a deferred ephemeral reply (callback type 5, then an edit). */
export async function deferredEphemeralReply(h: Harness, interaction: APIInteraction): Promise<Answer> {
  const call = await h.callbackOf(interaction);
  const body = call.body as { type: number; data?: { flags?: number } };
  expect(body.type).toBe(5);
  expect((body.data?.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
  const edit = await h.editOf(interaction);
  return normalise(edit.body as Partial<Answer>);
}

/** The new content of the message a button was on: an update (type 7), or a deferred update (6) then an edit. */
export async function buttonUpdate(h: Harness, interaction: APIInteraction): Promise<Answer> {
  const call: RecordedCall = await h.discord.waitForCall(
    (c) =>
      (c.route === 'interactionCallback' && c.path.includes(`/${interaction.id}/`)) ||
      (c.route === 'webhookEdit' && c.path.includes(`/${interaction.token}/`)),
  );
  const body = call.body as { type?: number; data?: Partial<Answer> };
  if (call.route === 'interactionCallback' && body.type === 6) {
    return normalise((await h.editOf(interaction)).body as Partial<Answer>);
  }
  if (call.route === 'interactionCallback') {
    expect(body.type).toBe(7);
    return normalise(body.data ?? {});
  }
  return normalise(call.body as Partial<Answer>);
}

function expectEphemeral(data: Partial<Answer>): Answer {
  expect((data.flags ?? 0) & EPHEMERAL).toBe(EPHEMERAL);
  return normalise(data);
}

function normalise(data: Partial<Answer>): Answer {
  return {
    content: data.content ?? '',
    embeds: data.embeds ?? [],
    components: data.components ?? [],
    flags: data.flags ?? 0,
  };
}

/** An embed's fields by name. */
export function fieldsOf(embed: APIEmbed | undefined): Record<string, string> {
  return Object.fromEntries((embed?.fields ?? []).map((f) => [f.name, f.value]));
}

/** Everything an answer says, as one text (content, titles, descriptions, fields). */
export function textOf(answer: Answer): string {
  const parts = [answer.content];
  for (const e of answer.embeds) {
    parts.push(e.title ?? '', e.description ?? '');
    for (const f of e.fields ?? []) parts.push(`${f.name}: ${f.value}`);
  }
  return parts.filter(Boolean).join('\n');
}

/** An admin sets Alice's allowance to `usd` (/quota set), and the bot says so. */
export async function adminSetsAlice(h: Harness, usd: string): Promise<void> {
  const answer = await ephemeralReply(
    h,
    await h.command('quota', [sub('set', [entity.user('user', ALICE), opt.string('usd', usd)])], {
      userId: ADMIN,
      resolved: resolvedMember(ALICE, 'alice'),
    }),
  );
  expect(answer.content).toContain(`<@${ALICE}> now has`);
}

/** An admin allows generating in `channelId` (/quota channels action:allow). */
export async function adminAllows(h: Harness, channelId: string): Promise<void> {
  await ephemeralReply(
    h,
    await h.command(
      'quota',
      [sub('channels', [opt.string('action', 'allow'), entity.channel('channel', channelId)])],
      { userId: ADMIN, resolved: resolvedChannel(channelId, 'allowed') },
    ),
  );
}
