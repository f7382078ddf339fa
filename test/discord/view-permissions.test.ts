/** Who sees which channel, by Discord's documented order of roles and overwrites (view-permissions.ts). */
import { ChannelType, OverwriteType, PermissionFlagsBits as P } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  type ChannelData,
  type GuildData,
  memberView,
  type OverwriteData,
} from '../../src/discord/gateway/view-permissions.ts';

const GUILD = '100';
const OWNER = '900';
const ALICE = '901';
const MODS = '201';
const PATRONS = '202';
const ADMINS = '203';
const MANAGERS = '204';

const bits = (...flags: bigint[]) => String(flags.reduce((a, b) => a | b, 0n));
const EVERYONE_BASE = bits(P.ViewChannel, P.SendMessages, P.ReadMessageHistory);

const role = (id: string, allow: bigint, deny = 0n): OverwriteData => ({
  id,
  type: OverwriteType.Role,
  allow: String(allow),
  deny: String(deny),
});
const member = (id: string, allow: bigint, deny = 0n): OverwriteData => ({
  id,
  type: OverwriteType.Member,
  allow: String(allow),
  deny: String(deny),
});
const channel = (
  id: string,
  overwrites: OverwriteData[] = [],
  o: { type?: ChannelType; parentId?: string } = {},
): ChannelData => ({
  id,
  type: o.type ?? ChannelType.GuildText,
  parentId: o.parentId ?? null,
  overwrites,
});

function guild(channels: ChannelData[], everyone = EVERYONE_BASE): GuildData {
  return {
    id: GUILD,
    ownerId: OWNER,
    roles: [
      { id: GUILD, permissions: everyone },
      { id: MODS, permissions: bits(P.ManageMessages) },
      { id: PATRONS, permissions: '0' },
      { id: ADMINS, permissions: bits(P.Administrator) },
      { id: MANAGERS, permissions: bits(P.ManageGuild) },
    ],
    channels,
  };
}

const viewable = (g: GuildData, userId: string, roleIds: string[] = []) =>
  [...memberView(g, { userId, roleIds }).viewableChannelIds].sort();

describe('memberView', () => {
  it('lets everyone see a channel without overwrites, and nobody manage the server', () => {
    const g = guild([channel('1'), channel('2')]);
    expect(viewable(g, ALICE)).toEqual(['1', '2']);
    expect(memberView(g, { userId: ALICE, roleIds: [] }).managesServer).toBe(false);
  });

  it('hides a channel denied to @everyone, and shows it to a role it is allowed to', () => {
    const g = guild([
      channel('1'),
      channel('2', [role(GUILD, 0n, P.ViewChannel), role(PATRONS, P.ViewChannel)]),
    ]);
    expect(viewable(g, ALICE)).toEqual(['1']);
    expect(viewable(g, ALICE, [PATRONS])).toEqual(['1', '2']);
    expect(viewable(g, ALICE, [MODS])).toEqual(['1']);
  });

  it('gives a role allow the last word over another role deny (roles together: denies, then allows)', () => {
    const g = guild([channel('1', [role(MODS, 0n, P.ViewChannel), role(PATRONS, P.ViewChannel)])]);
    expect(viewable(g, ALICE, [MODS])).toEqual([]);
    expect(viewable(g, ALICE, [MODS, PATRONS])).toEqual(['1']);
  });

  it('lets a role overwrite override @everyone overwrite, and a member overwrite override both', () => {
    const g = guild([
      channel('1', [role(GUILD, 0n, P.ViewChannel), member(ALICE, P.ViewChannel)]),
      channel('2', [role(PATRONS, P.ViewChannel), member(ALICE, 0n, P.ViewChannel)]),
      channel('3', [role(GUILD, P.ViewChannel), role(PATRONS, 0n, P.ViewChannel)]),
    ]);
    expect(viewable(g, ALICE)).toEqual(['1', '3']);
    expect(viewable(g, ALICE, [PATRONS])).toEqual(['1']);
    // Alice's overwrites are hers only.
    expect(viewable(g, '999')).toEqual(['2', '3']);
  });

  it('builds the base from @everyone and the roles: a server whose @everyone cannot view sees by role', () => {
    const g = guild([channel('1'), channel('2', [role(MODS, P.ViewChannel)])], bits(P.SendMessages));
    expect(viewable(g, ALICE)).toEqual([]);
    expect(viewable(g, ALICE, [MODS])).toEqual(['2']);
    const withViewRole: GuildData = {
      ...g,
      roles: [...g.roles, { id: '205', permissions: bits(P.ViewChannel) }],
    };
    expect(viewable(withViewRole, ALICE, ['205'])).toEqual(['1', '2']);
  });

  it('gives an Administrator every channel, overwrites or not, and the server to manage', () => {
    const g = guild([
      channel('1', [role(GUILD, 0n, P.ViewChannel)]),
      channel('2', [member(ALICE, 0n, P.ViewChannel), role(ADMINS, 0n, P.ViewChannel)]),
    ]);
    expect(viewable(g, ALICE, [ADMINS])).toEqual(['1', '2']);
    expect(memberView(g, { userId: ALICE, roleIds: [ADMINS] }).managesServer).toBe(true);
  });

  it('gives the owner everything without any role', () => {
    const g = guild([channel('1', [role(GUILD, 0n, P.ViewChannel), member(OWNER, 0n, P.ViewChannel)])], '0');
    const view = memberView(g, { userId: OWNER, roleIds: [] });
    expect([...view.viewableChannelIds]).toEqual(['1']);
    expect(view.managesServer).toBe(true);
  });

  it('counts Manage Server from the roles only, whatever the channels say', () => {
    const g = guild([channel('1', [role(MANAGERS, 0n, P.ViewChannel | P.ManageGuild)])]);
    const view = memberView(g, { userId: ALICE, roleIds: [MANAGERS] });
    expect(view.managesServer).toBe(true);
    expect([...view.viewableChannelIds]).toEqual([]);
  });

  it("does not read a category's overwrites for a channel in it: each channel has its own", () => {
    const g = guild([
      channel('10', [role(GUILD, 0n, P.ViewChannel)], { type: ChannelType.GuildCategory }),
      // Not synced: the category hides, this channel does not.
      channel('11', [], { parentId: '10' }),
      // Synced: Discord copied the category's overwrites onto it.
      channel('12', [role(GUILD, 0n, P.ViewChannel)], { parentId: '10' }),
    ]);
    expect(viewable(g, ALICE)).toEqual(['11']);
  });

  it('shows a public thread to whoever sees its channel, and no private thread to anyone', () => {
    const g = guild([
      channel('1'),
      channel('2', [role(GUILD, 0n, P.ViewChannel)]),
      channel('21', [], { type: ChannelType.PublicThread, parentId: '1' }),
      channel('22', [], { type: ChannelType.PublicThread, parentId: '2' }),
      channel('23', [], { type: ChannelType.PrivateThread, parentId: '1' }),
    ]);
    expect(viewable(g, ALICE)).toEqual(['1', '21']);
    expect(viewable(g, OWNER)).toEqual(['1', '2', '21', '22']);
  });

  it('reads bitfields given as bigints (the gateway cache) as well as strings (REST)', () => {
    const g: GuildData = {
      id: GUILD,
      ownerId: OWNER,
      roles: [{ id: GUILD, permissions: P.ViewChannel }],
      channels: [
        { id: '1', type: ChannelType.GuildText, parentId: null, overwrites: [] },
        {
          id: '2',
          type: ChannelType.GuildText,
          parentId: null,
          overwrites: [{ id: GUILD, type: OverwriteType.Role, allow: 0n, deny: P.ViewChannel }],
        },
      ],
    };
    expect(viewable(g, ALICE)).toEqual(['1']);
  });
});
