/**
 * Members' names and roles for the dashboard (results/server-access.ts's MemberProfile), asked of
 * Discord's REST API: GET /guilds/{id}/members/{user} for each member not asked recently, and
 * Discord's member search.
 *
 * Why REST one member at a time rather than the gateway's Request Guild Members (op 8, `user_ids`,
 * up to 100 in one message, no REST call at all): op 8 reaches only the servers of this process's
 * shards, while the web asks about any server (SHARD_IDS splits them among processes), so REST is
 * needed anyway; and Discord rate-limits op 8 per server (its RATE_LIMITED event, which discord.js
 * turns into a GatewayRateLimitError), which a dashboard paging through its members would meet.
 * One path for every server, whose cost the cache below bounds: a page of 25 members costs at most
 * 25 calls once a minute, and paging back and forth costs nothing. @discordjs/rest sends the calls
 * of one rate-limit bucket (one server's GET member) one after another; MAX_IN_FLIGHT bounds them
 * over several servers at once, so that the deliveries sharing Discord's 50 calls a second are not
 * starved.
 */
import { type APIGuildMember, type REST, Routes } from 'discord.js';
import type { Clock } from '../../clock.ts';
import type { MemberProfile } from '../../results/server-access.ts';
import { RecentAnswers } from './recent-answers.ts';
import { unlessAbsent } from './unless-absent.ts';

/** How old a member's name and roles may be on the dashboard (its access is decided elsewhere, fresher). */
export const PROFILE_MAX_AGE_MS = 60_000;
/** Members kept at most (a few hundred bytes each). */
const PROFILES_KEPT = 10_000;
/** GET member calls in flight at most, over every server. */
export const MAX_IN_FLIGHT = 5;
/** What `profiles` takes at once (a page of the dashboard's members table is 25). */
export const MAX_PROFILES = 100;
/** What `search` answers at most (Discord allows 1000; a picker shows a few). */
export const MAX_SEARCH = 100;
/** Discord's longest search query; no name is longer, so a longer one finds nobody. */
const MAX_QUERY_LENGTH = 100;

/** Their name in the server: the nickname, else their global display name, else the username. */
export function displayNameOf(member: APIGuildMember): string {
  return member.nick ?? member.user.global_name ?? member.user.username;
}

export function profileOf(member: APIGuildMember): MemberProfile {
  return { userId: member.user.id, displayName: displayNameOf(member), roleIds: [...member.roles] };
}

export class MemberProfiles {
  private readonly rest: REST;
  /** By `guild:user`; null when they are not in the server. */
  private readonly kept: RecentAnswers<MemberProfile | null>;
  private readonly slots = new Slots(MAX_IN_FLIGHT);

  constructor(rest: REST, clock: Clock) {
    this.rest = rest;
    this.kept = new RecentAnswers(clock, PROFILES_KEPT);
  }

  /** These members of the server, at most PROFILE_MAX_AGE_MS old; those not in it are missing. */
  async profiles(guildId: string, userIds: readonly string[]): Promise<Map<string, MemberProfile>> {
    const found = await Promise.all(
      profileIds(userIds).map((userId) =>
        this.kept.get(`${guildId}:${userId}`, PROFILE_MAX_AGE_MS, () =>
          this.slots.run(() => this.fetchProfile(guildId, userId)),
        ),
      ),
    );
    return new Map(found.filter((p): p is MemberProfile => p !== null).map((p) => [p.userId, p]));
  }

  /**
   * Discord's member search (GET /guilds/{id}/members/search: a prefix of the username or the
   * nickname, whatever the case), for a server of any shard; nothing for an empty query or a server
   * the bot is not in. Not kept: each keystroke of a picker asks something new.
   */
  async search(guildId: string, query: string, limit: number): Promise<MemberProfile[]> {
    const q = query.trim();
    if (q.length === 0 || q.length > MAX_QUERY_LENGTH) return [];
    const n = Math.min(MAX_SEARCH, Math.max(1, Math.floor(limit) || 1));
    const members = await unlessAbsent(
      this.rest.get(Routes.guildMembersSearch(guildId), {
        query: new URLSearchParams({ query: q, limit: String(n) }),
      }) as Promise<APIGuildMember[]>,
    );
    return (members ?? []).slice(0, n).map(profileOf);
  }

  private async fetchProfile(guildId: string, userId: string): Promise<MemberProfile | null> {
    const member = await unlessAbsent(
      this.rest.get(Routes.guildMember(guildId, userId)) as Promise<APIGuildMember>,
    );
    return member ? profileOf(member) : null;
  }
}

/**
 * The ids `profiles` asks about: each once, and not what is no user id (nobody Discord could answer
 * for, and no path to send it); more than MAX_PROFILES is refused.
 */
export function profileIds(userIds: readonly string[]): string[] {
  const ids = [...new Set(userIds)];
  if (ids.length > MAX_PROFILES) {
    throw new RangeError(`profiles: at most ${MAX_PROFILES} members at once, not ${ids.length}`);
  }
  return ids.filter((id) => /^\d{1,20}$/.test(id));
}

/** At most `size` tasks at once; the others wait their turn, in order. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(size: number) {
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
