/**
 * The ids every test and the benchmark share: the default server the fake Discord serves, its
 * channels, members and roles. Snowflakes, as Discord's are; one place, so that a test that speaks
 * of ALICE means the same member as the harness that presses buttons as her.
 */
import type { FakeGuildSpec } from './fake-discord.ts';

/** The default server ("Art Club"). */
export const GUILD = '1300000000000000001';
/**
 * Its channels: #art (where commands come from by default), one where threads cannot be opened, an
 * age-restricted one, and #general.
 */
export const ART = '1300000000000000002';
export const NO_THREADS = '1300000000000000003';
export const NSFW = '1300000000000000004';
export const OTHER = '1300000000000000005';
/** Its members: ALICE (who sends commands by default), BOB, and ADMIN (ada, with Manage Server). */
export const ALICE = '1300000000000000010';
export const BOB = '1300000000000000011';
export const ADMIN = '1300000000000000012';
/** Its roles: admins (Manage Server) and patrons. */
export const ADMINS_ROLE = '1300000000000000020';
export const PATRON_ROLE = '1300000000000000021';

const MANAGE_GUILD = String(1n << 5n);

/** The default server as the fake Discord serves it (startFakeDiscord({ guilds: [DEFAULT_GUILD] })). */
export const DEFAULT_GUILD: FakeGuildSpec = {
  id: GUILD,
  name: 'Art Club',
  channels: [
    { id: ART, name: 'art' },
    { id: NO_THREADS, name: 'no-threads', canCreateThreads: false },
    { id: NSFW, name: 'after-dark', nsfw: true },
    { id: OTHER, name: 'general' },
  ],
  roles: [
    { id: ADMINS_ROLE, name: 'admins', permissions: MANAGE_GUILD },
    { id: PATRON_ROLE, name: 'patrons' },
  ],
  members: [
    { userId: ALICE, username: 'alice' },
    { userId: BOB, username: 'bob' },
    { userId: ADMIN, username: 'ada', roles: [ADMINS_ROLE] },
  ],
};
