/**
 * The fake Discord's types that its parts share and a test sees: what it is given (the guilds and
 * their members), what it records (calls, files), the faults a test makes it commit and the modals
 * the bot opens. Of the fake's other parts they import only openapi.ts's BodyViolation (which imports
 * none), so its state, faults and routes import them without a loop.
 */
import type { APIInteraction, APIMessage, APIOverwrite } from 'discord.js';
import type { BodyViolation } from './openapi.ts';

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
  | 'guildRoles'
  | 'guildChannels'
  | 'commandsPut'
  | 'commandsGet'
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
  kind: 'lose-answer' | 'refuse' | 'hold';
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
  /** Decoded path below /api/v10, e.g. `/webhooks/{app}/{token}/messages/@original`. */
  path: string;
  query: Record<string, string>;
  route: RouteKind;
  /** Parsed JSON body, or the parsed `payload_json` of a multipart body; undefined when there was none. */
  body: unknown;
  files: RecordedFile[];
  /** Status the fake answered. */
  status: number;
  /** Body the fake answered (undefined for 204). */
  response: unknown;
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
  applicationId: string;
  botUserId: string;
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
  /** The message the fake created for an interaction's original response (after a defer/reply), if any. */
  originalMessage(interactionToken: string): APIMessage | undefined;
  /** The modal the bot opened in answer to an interaction (its type 9 callback's data), if it did. */
  modal(interactionToken: string): FakeModal | undefined;
  /** Non-ephemeral messages stored in a channel or thread, oldest first. */
  messages(channelId: string): APIMessage[];
  /** Bytes of an attachment the fake stored (also served at the attachment's url). */
  attachmentData(attachmentId: string): Buffer | undefined;
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
