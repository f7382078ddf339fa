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
}
