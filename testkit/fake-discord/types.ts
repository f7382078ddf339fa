/**
 * The fake Discord's types that its parts share and a test sees: what it is given (the guilds and
 * their members), what it records (calls, files), the faults a test makes it commit, the modals
 * the bot opens, and what a test changes (a member's roles, a channel's overwrites, who is signed
 * in to Discord in the browser). Of the fake's other parts they import only openapi.ts's BodyViolation (which imports
 * none), so its state, faults and routes import them without a loop.
 */
import type { APIEntitlement, APIInteraction, APIMessage, APIOverwrite } from 'discord.js';
import type { BodyViolation } from './openapi.ts';

/** A SKU of the application (type 3, consumable, by default). */
export interface FakeSkuSpec {
  id: string;
  name: string;
  /** 2 durable, 3 consumable (the default), 5 subscription, 6 subscription group. */
  type?: number;
}

export interface FakePurchase {
  userId: string;
  skuId: string;
  /** When the SKU is bought for a server; Discord leaves it out for a member's own purchase. */
  guildId?: string;
  /** 1 a purchase (by default), 4 a test mode purchase. */
  type?: number;
  /** Another application's entitlement (for the tests of what the bot must refuse). */
  applicationId?: string;
}

/** A guild the fake knows about; sent to the client as a GUILD_CREATE after READY. */
export interface FakeGuildSpec {
  id: string;
  name?: string;
  ownerId?: string;
  channels?: FakeChannelSpec[];
  roles?: FakeRoleSpec[];
  members?: FakeMemberSpec[];
  /** Permissions of the bot's managed role (bitfield string); defaults to what a typical invite grants. */
  botPermissions?: string;
  /** Permissions of the @everyone role (bitfield string). */
  everyonePermissions?: string;
  /** The channel where Discord posts join messages (and the bot its welcome); none by default. */
  systemChannelId?: string;
  /** When the bot joined (ISO 8601); now by default. */
  joinedAt?: string;
  /** The server's language (a Discord locale, e.g. `de`): what the bot writes server-wide in. en-US by default. */
  preferredLocale?: string;
  /** The server's icon hash (`a_…` animated); none by default. */
  icon?: string;
}

export interface FakeChannelSpec {
  id: string;
  name?: string;
  /** Channel type; 0 (guild text) by default. */
  type?: number;
  nsfw?: boolean;
  /** false -> thread creation answers 403 Missing Permissions (and the bot's overwrite denies thread creation). */
  canCreateThreads?: boolean;
  /** Permissions denied to the bot in this channel by a member overwrite (bitfield string). */
  botDeny?: string;
  /** The channel's permission overwrites for roles (@everyone's id is the guild's) and members, besides the bot's. */
  overwrites?: APIOverwrite[];
  /** The category (a type 4 channel of the spec) it sits in: its `parent_id`. None by default. */
  parentId?: string;
  /** Its `position` (Discord's order within its category); its place in the spec's list by default. */
  position?: number;
}

/**
 * A permission overwrite of a channel (setChannelOverwrites): for a role (the guild's id is
 * @everyone's) or a member; allow and deny are bitfield strings, '0' by default.
 */
export interface FakeOverwriteSpec {
  id: string;
  type: 'role' | 'member';
  allow?: string;
  deny?: string;
}

export interface FakeRoleSpec {
  id: string;
  name: string;
  permissions?: string;
}

export interface FakeMemberSpec {
  userId: string;
  username?: string;
  roles?: string[];
  /** Bitfield string sent as `member.permissions` in interactions; computed from the roles when absent. */
  permissions?: string;
  /** The member's nickname in the server; none by default. */
  nick?: string;
}

export interface StartFakeDiscordOptions {
  applicationId?: string;
  /** The application's SKUs in its store (none by default). */
  skus?: FakeSkuSpec[];
  /** Defaults to the application id, as for any bot created since 2020. */
  botUserId?: string;
  botToken?: string;
  botUsername?: string;
  guilds?: FakeGuildSpec[];
  /** Sent in HELLO; the client's first heartbeat comes after a random fraction of it. */
  heartbeatIntervalMs?: number;
  /**
   * Which connected client gets an interaction: the last one to connect (default: after a
   * restart, the new bot), or the one connected as its guild's shard (several bot processes, each
   * running its own shards, as Discord routes them).
   */
  interactionsTo?: 'last' | 'shard';
  /** The shard count GET /gateway/bot recommends (default 1). */
  recommendedShards?: number;
  /**
   * The OAuth2 client secret (the application's; its client id is the application id) that
   * POST /oauth2/token and /oauth2/token/revoke require. Random by default; see FakeDiscord.clientSecret.
   */
  clientSecret?: string;
  /**
   * How long an attachment link works (its signed `ex`), 24 hours by default as on Discord; after
   * it, the link answers 404 until POST /attachments/refresh-urls gives a fresh one.
   */
  attachmentLinkLifetimeMs?: number;
  /**
   * The clock what expires reads (OAuth2 codes after 10 minutes, access tokens after 7 days,
   * attachment links): a test's ManualClock moves them without waiting. The system clock by default.
   */
  clock?: { now(): number };
}

/** What kind of Discord route a recorded call hit; 'other' is anything the fake does not implement (answered 404). */
export type RouteKind =
  | 'gatewayBot'
  | 'currentUser'
  | 'user'
  | 'dmCreate'
  | 'currentApplication'
  | 'interactionCallback'
  | 'webhookGet'
  | 'webhookEdit'
  | 'webhookDelete'
  | 'webhookFollowup'
  | 'channelGet'
  | 'channelMessage'
  | 'messageList'
  | 'messageGet'
  | 'messageEdit'
  | 'messageDelete'
  | 'typing'
  | 'threadCreate'
  | 'threadJoin'
  | 'guildGet'
  | 'guildMemberGet'
  | 'guildMemberList'
  | 'guildMemberSearch'
  | 'guildRoles'
  | 'guildChannels'
  | 'commandsPut'
  | 'commandsGet'
  | 'attachmentRefresh'
  | 'skus'
  | 'entitlements'
  | 'entitlementGet'
  | 'entitlementConsume'
  /** GET /oauth2/authorize on the origin: the consent page (or its error page). */
  | 'oauthAuthorize'
  /** POST /oauth2/authorize on the origin: the consent page's Authorize or Cancel (a 302). */
  | 'oauthConsent'
  | 'oauthToken'
  | 'oauthRevoke'
  /** GET /users/@me with a member's bearer token ('currentUser' is the bot's own, by the bot token). */
  | 'oauthUser'
  | 'oauthGuilds'
  | 'other';

export interface RecordedFile {
  /** The multipart field, e.g. `files[0]`. */
  field: string;
  name: string;
  contentType: string;
  data: Buffer;
}

/** The request a fault judges, as it will be recorded. */
export type FaultRequest = Pick<RecordedCall, 'method' | 'path' | 'route' | 'body' | 'files'>;

/**
 * A way the real Discord sometimes misbehaves, applied to the requests that match:
 * - `lose-answer`: Discord carries the request out, but the client gets `status` instead of the answer
 *   (a 5xx is retried by @discordjs/rest, so the retry meets what the first attempt did);
 * - `refuse`: Discord does nothing and answers `status` with the error `code`;
 * - `hold`: Discord carries the request out and never answers (the client waits until it gives up or dies).
 */
export interface FakeFault {
  /** `late`: carried out and answered as usual, once `meanwhile` is done. */
  kind: 'lose-answer' | 'refuse' | 'hold' | 'late';
  match: (request: FaultRequest) => boolean;
  /** Answered status for `lose-answer` (default 502) and `refuse` (default 400). */
  status?: number;
  /** Discord's JSON error code in the answer (default 0). */
  code?: number;
  message?: string;
  /** How many matching requests it hits (default 1; Infinity for every one). */
  times?: number;
  /**
   * Awaited before the answer goes out: what happens elsewhere while the request is in flight
   * (another process delivering the result the request would have overwritten).
   */
  meanwhile?: () => Promise<void>;
}

export interface RecordedCall {
  method: string;
  /**
   * Decoded path below /api/v10 (or /api for the OAuth2 routes called without a version), e.g.
   * `/webhooks/{app}/{token}/messages/@original`; the whole path for the origin's `/oauth2/authorize`.
   */
  path: string;
  query: Record<string, string>;
  route: RouteKind;
  /**
   * Parsed JSON body, the parsed `payload_json` of a multipart body, or a form's fields (OAuth2);
   * undefined when there was none.
   */
  body: unknown;
  files: RecordedFile[];
  /** Status the fake answered. */
  status: number;
  /** Body the fake answered (undefined for 204 and redirects; the HTML of a page). */
  response: unknown;
  /** Where a redirect sent the browser (the consent page's 302). */
  location?: string;
  at: number;
  /** The test fault that hit this request (see FakeFault); for `hold` the status is what was never sent. */
  fault?: FakeFault['kind'];
}

/** A modal as the bot sent it in a type 9 callback. */
export interface FakeModal {
  custom_id: string;
  title: string;
  components: unknown[];
}

export interface FakeDiscord {
  /** `http://127.0.0.1:PORT/api`: give to discord.js `rest.api` / DISCORD_API_URL. */
  apiUrl: string;
  /** `ws://127.0.0.1:PORT`, as returned by GET /gateway/bot. */
  gatewayUrl: string;
  botToken: string;
  /** The application id: also the OAuth2 client id. */
  applicationId: string;
  botUserId: string;
  /** The OAuth2 client secret the token endpoint requires (StartFakeDiscordOptions.clientSecret). */
  clientSecret: string;
  /**
   * `http://127.0.0.1:PORT/oauth2/authorize`, the consent page (DISCORD_OAUTH_AUTHORIZE_URL). It
   * takes response_type=code, client_id, redirect_uri, scope (within `identify guilds email`),
   * state, and a PKCE code_challenge with code_challenge_method=S256, and refuses anything else with
   * an error page. Its Authorize button (a plain form) sends the browser to redirect_uri with
   * `code` and `state`, Cancel with `error=access_denied` and `state`. The OAuth2 API beside it,
   * under `apiUrl` and `apiUrl`/v10: POST /oauth2/token (form-encoded; grant_type
   * authorization_code with code, redirect_uri, code_verifier, or refresh_token; the client by HTTP
   * Basic or client_id/client_secret; a code works once, for 10 minutes), POST /oauth2/token/revoke
   * (token), and with `Authorization: Bearer <access token>` GET /users/@me (scope identify; email
   * with scope email) and GET /users/@me/guilds (scope guilds: the fake's guilds the user is a
   * member of, with their permissions from their roles). A bearer token opens no bot route, and the
   * bot token no member's route (GET /users/@me with it answers the bot itself, as Discord does).
   */
  oauthAuthorizeUrl: string;
  /**
   * Who is signed in to Discord in the browser: the consent page signs in as this user (a member
   * of a fake guild, or any id: a user the fake makes up). null (the start): nobody, and the page
   * refuses to authorize. `locale`: the language that user set in Discord (a Discord locale, e.g.
   * `de`), which GET /users/@me answers from then on; en-US until a test sets one.
   */
  setOAuthUser(userId: string | null, options?: { locale?: string }): void;
  /** Dispatch an INTERACTION_CREATE built by the helpers to the connected client; resolves when sent. */
  sendInteraction(payload: APIInteraction): Promise<void>;
  /**
   * The bot joins a server while connected: the fake learns of it and sends its GUILD_CREATE to the
   * session of its shard; resolves when sent.
   */
  addGuild(spec: FakeGuildSpec): Promise<void>;
  /** Send any gateway dispatch (e.g. GUILD_DELETE) to every identified client; resolves when sent. */
  dispatch(event: string, data: unknown): Promise<void>;
  /** Every REST call received, in order. */
  calls: RecordedCall[];
  /**
   * Request bodies that Discord's OpenAPI description refuses (each was answered 400/50035);
   * close() rejects listing them, so no test passes while the bot sends one.
   */
  violations: BodyViolation[];
  /**
   * Resolves with the first call (already recorded or future) matching the predicate;
   * rejects after timeoutMs (default 10_000) with a message listing what was seen.
   */
  waitForCall(pred: (c: RecordedCall) => boolean, timeoutMs?: number): Promise<RecordedCall>;
  /** Webhook calls with this interaction token answer 401 code 50027 (Invalid Webhook Token) from now on. */
  expireInteractionToken(token: string): void;
  /** Makes the fake misbehave on the requests that match, from now on (see `faults` for ready-made ones). */
  injectFault(fault: FakeFault): void;
  /**
   * A member buys a SKU in the application's store: its entitlement, and ENTITLEMENT_CREATE on the
   * gateway (to the server's shard when bought for a server, else to shard 0; it needs no intent).
   */
  purchase(p: FakePurchase): Promise<APIEntitlement>;
  /** Discord refunds an entitlement: it is deleted, and ENTITLEMENT_DELETE goes out the same way. */
  refundEntitlement(entitlementId: string): Promise<APIEntitlement>;
  /** An entitlement as the store holds it now (consumed, deleted). */
  entitlement(entitlementId: string): APIEntitlement | undefined;
  /** The message the fake created for an interaction's original response (after a defer/reply), if any. */
  originalMessage(interactionToken: string): APIMessage | undefined;
  /** The modal the bot opened in answer to an interaction (its type 9 callback's data), if it did. */
  modal(interactionToken: string): FakeModal | undefined;
  /** Non-ephemeral messages stored in a channel or thread, oldest first. */
  messages(channelId: string): APIMessage[];
  /**
   * Bytes of an attachment the fake stored, whatever became of its message. Also served at the
   * attachment's url, signed as Discord's CDN links are (`?ex=…&is=…&hm=…`): the link answers 404
   * once `ex` (StartFakeDiscordOptions.attachmentLinkLifetimeMs) has passed or when it was altered.
   * POST /attachments/refresh-urls (bot token, at most 50 `attachment_urls`) answers fresh links
   * for those of attachments still on their message.
   */
  attachmentData(attachmentId: string): Buffer | undefined;
  /**
   * A moderator deletes a message (not ephemeral): REST no longer finds it, and MESSAGE_DELETE goes
   * to the clients that identified with the GuildMessages intent (DirectMessages in a DM), as for
   * the bot's own deletions. Resolves when sent.
   */
  deleteMessage(channelId: string, messageId: string): Promise<void>;
  /**
   * An admin sets a member's roles (all of them; @everyone is implied): GET member and the
   * permissions the fake computes (interactions, /users/@me/guilds) follow, and GUILD_MEMBER_UPDATE
   * goes to the clients with the GuildMembers intent. A spec's fixed `permissions` is dropped.
   */
  setMemberRoles(guildId: string, userId: string, roleIds: readonly string[]): Promise<void>;
  /**
   * An admin replaces a channel's permission overwrites (the whole list, the bot's own included):
   * GET channel(s) and the permissions the fake computes follow, and CHANNEL_UPDATE goes to the
   * clients with the Guilds intent.
   */
  setChannelOverwrites(channelId: string, overwrites: readonly FakeOverwriteSpec[]): Promise<void>;
  /**
   * An admin sets a role's permissions (bitfield string; the guild's id for @everyone): GET guild and
   * roles follow, and GUILD_ROLE_UPDATE goes to the clients with the Guilds intent.
   */
  setRolePermissions(guildId: string, roleId: string, permissions: string): Promise<void>;
  /** Someone joins a guild: GUILD_MEMBER_ADD to the clients with the GuildMembers intent. */
  addMember(guildId: string, spec: FakeMemberSpec): Promise<void>;
  /** A member leaves a guild: GUILD_MEMBER_REMOVE to the clients with the GuildMembers intent. */
  removeMember(guildId: string, userId: string): Promise<void>;
  /**
   * An admin creates a channel (a category with type 4): GET channels answers it, and CHANNEL_CREATE
   * goes to the clients with the Guilds intent.
   */
  addChannel(guildId: string, spec: FakeChannelSpec): Promise<void>;
  /**
   * An admin deletes a channel (not a thread): GET channel(s) no longer find it, and CHANNEL_DELETE
   * goes to the clients with the Guilds intent.
   */
  deleteChannel(channelId: string): Promise<void>;
  /**
   * `true`: the gateway goes down (connections drop; reconnections get no HELLO). `false`: it comes
   * back, and clients reconnect and RESUME.
   */
  setGatewayDown(down: boolean): void;
  /** Stops the fake; rejects (after stopping) when any request body broke Discord's schema. */
  close(): Promise<void>;
  /** Resolves when a client has IDENTIFY'd and got READY plus its GUILD_CREATEs. */
  connected: Promise<void>;
  /** How many clients are connected and identified now. */
  connectedClients(): number;
}
