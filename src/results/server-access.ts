/**
 * Who may see what in a server, from the bot's view of it at this moment (the gateway's cache, or
 * Discord's REST API for a server whose shard another process holds), never from a login's snapshot.
 * Implemented at the Discord edge; the web asks it at every request.
 */

export interface ServerSummary {
  id: string;
  name: string;
  /** Discord CDN URL of the server's icon, or null. */
  iconUrl: string | null;
}

export interface MemberAccess {
  server: ServerSummary;
  /** The member's name in the server (member-written). */
  displayName: string;
  /** The channels the member can view now (View Channel after roles and overwrites; all for an admin). */
  viewableChannelIds: ReadonlySet<string>;
  /** Manage Server, Administrator, or the owner. */
  managesServer: boolean;
}

/** A channel where the bot's commands can be used, for the dashboard's pickers. */
export interface ServerChannel {
  id: string;
  /** Member-written. */
  name: string;
  kind: 'text' | 'announcement' | 'voice' | 'stage';
  /** The category's name, when it is in one (member-written). */
  category: string | null;
  /** Discord's order: by category, then position. */
  position: number;
}

/** A role of the server (not @everyone), highest first. */
export interface ServerRole {
  id: string;
  /** Member-written. */
  name: string;
  /** Given by an integration (a bot's own role): no member can be given it. */
  managed: boolean;
}

/** The server's channels and roles as the bot sees them now. */
export interface ServerDirectory {
  channels: ServerChannel[];
  roles: ServerRole[];
}

/** A member as the dashboard shows them. */
export interface MemberProfile {
  userId: string;
  /** Their name in the server (member-written). */
  displayName: string;
  roleIds: string[];
}

export interface ServerAccess {
  /** Of these server ids (the member's, from their login), those the bot is in, with name and icon. */
  botServers(guildIds: readonly string[]): Promise<ServerSummary[]>;
  /**
   * The member's access now (their roles at most a few seconds old; `fresh`: asked of Discord now,
   * for a change a page is about to make); null when the bot or the member is not in the server.
   */
  memberAccess(guildId: string, userId: string, opts?: { fresh?: boolean }): Promise<MemberAccess | null>;
  /**
   * Links that work now for Discord attachment links (which expire): POST /attachments/refresh-urls
   * with the bot's token, at most 50 a call, each kept until it expires. A link Discord did not
   * refresh is missing from the map.
   */
  refreshUrls(urls: readonly string[]): Promise<Map<string, string>>;
  /** The server's channels (those that take a slash command) and roles; null when the bot is not in it. */
  directory(guildId: string): Promise<ServerDirectory | null>;
  /** These members' names and roles (at most 100 ids); a member who left is missing from the map. */
  profiles(guildId: string, userIds: readonly string[]): Promise<Map<string, MemberProfile>>;
  /**
   * Names as the server shows these members (at most 100), or for one who left their user's
   * display name, as /quota report names them in its CSV; someone Discord does not know is missing.
   */
  displayNames(guildId: string, userIds: readonly string[]): Promise<Map<string, string>>;
  /** Members whose username or server nickname starts with `query` (Discord's member search), at most `limit` (≤ 100). */
  searchMembers(guildId: string, query: string, limit: number): Promise<MemberProfile[]>;
}
