import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIInteraction } from 'discord.js';
import { CallLog } from './call-log.ts';
import { FaultList } from './faults.ts';
import { FakeGateway } from './gateway.ts';
import { registerInteraction } from './interactions.ts';
import { type BodyViolation, openApiValidator } from './openapi.ts';
import { FakeRest } from './rest.ts';
import { FakeState, registerState } from './state.ts';
import type { FakeDiscord, StartFakeDiscordOptions } from './types.ts';
import { worldChanges } from './world-changes.ts';

/** Start a fake Discord (REST + gateway) on 127.0.0.1 on a free port; point a real discord.js Client at `apiUrl`. */
export async function startFakeDiscord(opts: StartFakeDiscordOptions = {}): Promise<FakeDiscord> {
  const state = new FakeState(opts);
  const log = new CallLog();
  const server = createServer();
  const gateway = new FakeGateway(state, server, opts.interactionsTo ?? 'last');
  const faultList = new FaultList();
  const violations: BodyViolation[] = [];
  const rest = new FakeRest(state, log, gateway, faultList, violations, openApiValidator());
  server.on('request', rest.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}`;
  state.gatewayUrl = `ws://127.0.0.1:${port}`;

  let closed: Promise<void> | undefined;
  const fake: FakeDiscord = {
    apiUrl: `${state.baseUrl}/api`,
    gatewayUrl: state.gatewayUrl,
    botToken: state.botToken,
    applicationId: state.applicationId,
    botUserId: state.botUserId,
    clientSecret: state.oauth.clientSecret,
    oauthAuthorizeUrl: `${state.baseUrl}/oauth2/authorize`,
    setOAuthUser(userId, options = {}) {
      if (userId !== null) state.user(userId);
      if (userId !== null && options.locale) state.userLocales.set(userId, options.locale);
      state.oauth.signedInUserId = userId;
    },
    ...worldChanges(state, gateway),
    calls: log.calls,
    violations,
    connected: gateway.connected,
    connectedClients: () => gateway.liveCount(),
    async sendInteraction(payload: APIInteraction) {
      registerInteraction(state, payload);
      await gateway.dispatchToOne('INTERACTION_CREATE', payload);
    },
    addGuild: (spec) => gateway.guildJoined(state.addGuild(spec)),
    dispatch: (event, data) => gateway.dispatch(event, data),
    setGatewayDown: (down) => gateway.setDown(down),
    waitForCall: (pred, timeoutMs) => log.waitFor(pred, timeoutMs),
    expireInteractionToken(token) {
      const interaction = state.interactions.get(token);
      if (!interaction) throw new Error('expireInteractionToken: the fake never saw this interaction token');
      interaction.expired = true;
    },
    originalMessage(token) {
      const id = state.interactions.get(token)?.originalMessageId;
      const stored = id ? state.messages.get(id) : undefined;
      return stored && !stored.deleted ? stored.api : undefined;
    },
    modal: (token) => state.interactions.get(token)?.modal ?? undefined,
    injectFault: (fault) => faultList.add(fault),
    async purchase(p) {
      const e = state.store.purchase(p);
      await gateway.dispatchForGuild(e.guild_id ?? null, ANY_INTENT, 'ENTITLEMENT_CREATE', e);
      return e;
    },
    async refundEntitlement(entitlementId) {
      const e = state.store.refund(entitlementId);
      await gateway.dispatchForGuild(e.guild_id ?? null, ANY_INTENT, 'ENTITLEMENT_DELETE', e);
      return e;
    },
    entitlement: (entitlementId) => state.store.entitlements.get(entitlementId),
    messages: (channelId) => state.channelMessages(channelId),
    attachmentData: (id) => state.files.get(id)?.data,
    close() {
      closed ??= (async () => {
        log.close();
        await gateway.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        // Every harness and test closes its fake, so this is where a body Discord would refuse
        // fails the test, even when the bot handled the 400 gracefully.
        if (violations.length > 0) throw new Error(violationReport(violations));
      })();
      return closed;
    },
  };
  registerState(fake, state);
  return fake;
}

/** Entitlement events need no intent: every identified session may receive them. */
const ANY_INTENT = 0xffff_ffff;

function violationReport(violations: BodyViolation[]): string {
  const lines = violations.map(
    (v) =>
      `  ${v.method} ${v.path} (${v.operation}): ${v.errors.join('; ')}\n    body: ${JSON.stringify(v.body).slice(0, 500)}`,
  );
  return `fake Discord: ${violations.length} request bod${violations.length === 1 ? 'y' : 'ies'} that Discord's OpenAPI description refuses:\n${lines.join('\n')}`;
}
