/** A member's name in a server (interactions/permissions.ts), whether discord.js gives a cached member or a raw one. */
import type { APIInteractionGuildMember, GuildMember, User } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { displayNameOf } from '../../src/discord/interactions/permissions.ts';

/** What displayNameOf reads of a user: discord.js's own rule (global name, else username). */
const user = { displayName: 'Alice Global' } as User;
const raw = (nick: string | null) => ({ nick, roles: [], user: {} }) as unknown as APIInteractionGuildMember;

describe('displayNameOf', () => {
  it("takes a raw member's nickname, else the user's name", () => {
    expect(displayNameOf(raw('Ali'), user)).toBe('Ali');
    expect(displayNameOf(raw(null), user)).toBe('Alice Global');
  });

  it("takes a cached member's displayName (nickname, else the user's)", () => {
    expect(displayNameOf({ displayName: 'Ali' } as GuildMember, user)).toBe('Ali');
  });

  it("takes the user's name when the interaction gives no member", () => {
    expect(displayNameOf(null, user)).toBe('Alice Global');
  });
});
