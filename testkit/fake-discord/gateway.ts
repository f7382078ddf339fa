import type { IncomingMessage, Server } from 'node:http';
import { GatewayOpcodes } from 'discord.js';
import { type WebSocket, WebSocketServer } from 'ws';
import { guildCreatePayload, memberObject, readyPayload, shardOf } from './payloads.ts';
import { type FakeGuild, type FakeState, randomToken } from './state.ts';

interface Session {
  id: string;
  ws: WebSocket;
  seq: number;
  shard: [number, number];
  intents: number;
}

/** Discord's close codes the fake uses. */
const CLOSE = {
  decodeError: 4002,
  authenticationFailed: 4004,
  alreadyAuthenticated: 4005,
  invalidVersion: 4012,
};

/**
 * The gateway: HELLO, IDENTIFY -> READY + one GUILD_CREATE per guild, heartbeats, RESUME, dispatches.
 * Frames are always text (discord.js takes a binary frame for compressed data).
 */
export class FakeGateway {
  private readonly wss: WebSocketServer;
  /** Identified sessions by id; kept after a disconnect so that a RESUME finds them. */
  private readonly sessions = new Map<string, Session>();
  readonly connected: Promise<void>;
  private markConnected!: () => void;
  /** While down, connections are accepted and left silent (no HELLO), as an unreachable gateway. */
  private down = false;
  private readonly silent = new Set<WebSocket>();

  private readonly state: FakeState;
  private readonly interactionsTo: 'last' | 'shard';

  constructor(state: FakeState, server: Server, interactionsTo: 'last' | 'shard' = 'last') {
    this.state = state;
    this.interactionsTo = interactionsTo;
    this.connected = new Promise((resolve) => {
      this.markConnected = resolve;
    });
    this.wss = new WebSocketServer({ server });
    this.wss.on('connection', (ws, req) => this.onConnection(ws, req));
  }

  /**
   * Takes the gateway down (every client's connection drops, and reconnections hang without a
   * HELLO) or brings it back (the hanging connections drop, so clients reconnect and RESUME at once).
   */
  setDown(down: boolean): void {
    this.down = down;
    const dropped = down ? [...this.wss.clients] : [...this.silent];
    this.silent.clear();
    for (const ws of dropped) ws.terminate();
  }

  private onConnection(ws: WebSocket, req: IncomingMessage): void {
    if (this.down) {
      this.silent.add(ws);
      ws.on('close', () => this.silent.delete(ws));
      return;
    }
    const query = new URL(req.url ?? '/', 'ws://localhost').searchParams;
    if (query.get('v') !== '10') {
      ws.close(CLOSE.invalidVersion, 'Invalid API version');
      return;
    }
    if (query.get('encoding') !== 'json') {
      ws.close(CLOSE.decodeError, 'Only encoding=json is supported by the fake');
      return;
    }
    let session: Session | undefined;
    ws.on('message', (raw, isBinary) => {
      let payload: { op: number; d: unknown };
      try {
        payload = JSON.parse(raw.toString());
      } catch {
        ws.close(CLOSE.decodeError, `Error while decoding payload (binary: ${isBinary})`);
        return;
      }
      session = this.onPayload(ws, session, payload);
    });
    send(ws, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: this.state.heartbeatIntervalMs } }).catch(
      ignore,
    );
  }

  private onPayload(ws: WebSocket, session: Session | undefined, payload: { op: number; d: unknown }) {
    switch (payload.op) {
      case GatewayOpcodes.Heartbeat:
        send(ws, { op: GatewayOpcodes.HeartbeatAck }).catch(ignore);
        return session;
      case GatewayOpcodes.Identify:
      case GatewayOpcodes.Resume:
        if (session) {
          ws.close(CLOSE.alreadyAuthenticated, 'Already authenticated');
          return session;
        }
        return payload.op === GatewayOpcodes.Identify
          ? this.identify(ws, payload.d as { token: string; intents: number; shard?: [number, number] })
          : this.resume(ws, payload.d as { token: string; session_id: string; seq: number });
      case GatewayOpcodes.RequestGuildMembers:
        if (session) this.sendMemberChunk(session, payload.d as MemberRequest);
        return session;
      default:
        // Presence and voice updates change nothing the fake models.
        return session;
    }
  }

  private identify(ws: WebSocket, d: { token: string; intents: number; shard?: [number, number] }) {
    if (d.token !== this.state.botToken && d.token !== `Bot ${this.state.botToken}`) {
      ws.close(CLOSE.authenticationFailed, 'Authentication failed');
      return undefined;
    }
    const session: Session = {
      id: randomToken(16),
      ws,
      seq: 0,
      shard: d.shard ?? [0, 1],
      intents: d.intents,
    };
    this.sessions.set(session.id, session);
    const sent = [this.sendDispatch(session, 'READY', readyPayload(this.state, session.id, session.shard))];
    for (const guild of this.state.guilds.values()) {
      if (shardOf(guild.id, session.shard[1]) !== session.shard[0]) continue;
      sent.push(this.sendDispatch(session, 'GUILD_CREATE', guildCreatePayload(this.state, guild)));
    }
    Promise.all(sent).then(() => this.markConnected(), ignore);
    return session;
  }

  private resume(ws: WebSocket, d: { token: string; session_id: string; seq: number }) {
    const session = this.sessions.get(d.session_id);
    if (!session || d.token !== this.state.botToken) {
      send(ws, { op: GatewayOpcodes.InvalidSession, d: false }).catch(ignore);
      return undefined;
    }
    // Nothing is buffered while disconnected, so there is nothing to replay.
    session.ws = ws;
    this.sendDispatch(session, 'RESUMED', null).catch(ignore);
    return session;
  }

  private sendMemberChunk(session: Session, d: MemberRequest): void {
    const guild = this.state.guilds.get(d.guild_id);
    if (!guild) return;
    const wanted = d.user_ids === undefined ? null : new Set([d.user_ids].flat());
    const query = d.query?.toLowerCase() ?? '';
    const members = [...guild.members.values()].filter((m) =>
      wanted ? wanted.has(m.user.id) : m.user.username.toLowerCase().startsWith(query),
    );
    const limited = d.limit ? members.slice(0, d.limit) : members;
    const notFound = wanted ? [...wanted].filter((id) => !guild.members.has(id)) : [];
    const chunk = {
      guild_id: guild.id,
      members: limited.map(memberObject),
      chunk_index: 0,
      chunk_count: 1,
      not_found: notFound,
      nonce: d.nonce,
    };
    this.sendDispatch(session, 'GUILD_MEMBERS_CHUNK', chunk).catch(ignore);
  }

  private sendDispatch(session: Session, t: string, d: unknown): Promise<void> {
    session.seq += 1;
    return send(session.ws, { op: GatewayOpcodes.Dispatch, t, s: session.seq, d });
  }

  private liveSessions(): Session[] {
    return [...this.sessions.values()].filter((s) => s.ws.readyState === s.ws.OPEN);
  }

  /** Send a dispatch to every connected client. */
  async dispatch(t: string, d: unknown): Promise<void> {
    const sessions = this.liveSessions();
    if (sessions.length === 0) throw new Error(`no client is connected to the fake gateway to receive ${t}`);
    await Promise.all(sessions.map((s) => this.sendDispatch(s, t, d)));
  }

  /**
   * An event of a server (or, `guildId` null, of a DM) as Discord sends it: to the sessions
   * connected as its shard (a DM's is shard 0) that identified with the intent it belongs to. With
   * none connected there is nobody to tell, as when the bot is down.
   */
  async dispatchForGuild(guildId: string | null, intent: number, t: string, d: unknown): Promise<void> {
    const eventShard = (s: Session) => (guildId === null ? 0 : shardOf(guildId, s.shard[1]));
    const sessions = this.liveSessions().filter(
      (s) => ((s.intents ?? 0) & intent) !== 0 && eventShard(s) === s.shard[0],
    );
    await Promise.all(sessions.map((s) => this.sendDispatch(s, t, d)));
  }

  /** A GUILD_CREATE for a server the bot joined, to the session connected as its shard. */
  async guildJoined(guild: FakeGuild): Promise<void> {
    const session = this.liveSessions().find((s) => shardOf(guild.id, s.shard[1]) === s.shard[0]);
    if (!session) throw new Error(`no client is connected as the shard of guild ${guild.id}`);
    await this.sendDispatch(session, 'GUILD_CREATE', guildCreatePayload(this.state, guild));
  }

  /** How many clients are connected and identified. */
  liveCount(): number {
    return this.liveSessions().length;
  }

  /**
   * Send a dispatch to one client, as Discord sends an interaction to one shard. `shard`: to the
   * session connected as the shard of the dispatch's guild (Discord's formula), as Discord does.
   */
  async dispatchToOne(t: string, d: unknown): Promise<void> {
    const sessions = this.liveSessions();
    const guildId = (d as { guild_id?: unknown } | undefined)?.guild_id;
    const session =
      this.interactionsTo === 'shard' && typeof guildId === 'string'
        ? sessions.find((s) => shardOf(guildId, s.shard[1]) === s.shard[0])
        : sessions.at(-1);
    if (!session) throw new Error(`no client is connected to the fake gateway to receive ${t}`);
    await this.sendDispatch(session, t, d);
  }

  async close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}

interface MemberRequest {
  guild_id: string;
  query?: string;
  limit?: number;
  user_ids?: string | string[];
  nonce?: string;
}

/** A send the fake does not wait on: if the client hung up meanwhile there is no one left to tell. */
function ignore(): void {}

function send(ws: WebSocket, payload: object): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.send(JSON.stringify(payload), (err) => (err ? reject(err) : resolve()));
  });
}
