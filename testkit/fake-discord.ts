/**
 * A fake Discord for tests: REST under `apiUrl` plus a gateway on the same port, which a real,
 * unmodified discord.js Client logs in to (`new Client({ intents, rest: { api: fake.apiUrl } })`);
 * on the same origin, the OAuth2 consent page a browser signs in through and the attachment "CDN".
 * See docs/architecture.md, "Testing against a fake Discord", and FakeDiscord in ./fake-discord/types.ts.
 */

export {
  type ButtonInteractionOptions,
  buttonInteraction,
  type ModalFields,
  type ModalSubmitInteractionOptions,
  modalSubmitInteraction,
  type SelectInteractionOptions,
  selectInteraction,
} from './fake-discord/component-interactions.ts';
export { faults } from './fake-discord/faults.ts';
export {
  autocompleteInteraction,
  type ChatInputInteractionOptions,
  chatInputInteraction,
  DEFAULT_ATTACHMENT_SIZE_LIMIT,
  type FakeAttachmentSpec,
  type InteractionContextOptions,
  type MessageCommandInteractionOptions,
  type MessageCommandTarget,
  messageCommandInteraction,
} from './fake-discord/interactions.ts';
export type { BodyViolation } from './fake-discord/openapi.ts';
export { startFakeDiscord } from './fake-discord/server.ts';
export type {
  FakeChannelSpec,
  FakeDiscord,
  FakeFault,
  FakeGuildSpec,
  FakeMemberSpec,
  FakeModal,
  FakeOverwriteSpec,
  FakePurchase,
  FakeRoleSpec,
  FakeSkuSpec,
  FaultRequest,
  RecordedCall,
  RecordedFile,
  RouteKind,
  StartFakeDiscordOptions,
} from './fake-discord/types.ts';
