import { ComponentType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { renderConfirmCard } from '../../src/discord/generation/confirm-card.ts';
import {
  buildCustomId,
  CUSTOM_ID_VERSION,
  type CustomId,
  type CustomIdKind,
  fitsCustomId,
  LEGACY_VERSION,
  MAX_CUSTOM_ID_LENGTH,
  parseCustomId,
  type ResultAction,
} from '../../src/discord/interactions/custom-ids.ts';
import { renderUsagePage } from '../../src/discord/views/balance-view.ts';
import { renderResultCard } from '../../src/discord/views/result-card.ts';
import { renderSettings } from '../../src/discord/views/settings-view.ts';
import { renderWaiting } from '../../src/discord/views/waiting-view.ts';
import { english } from '../../src/i18n/index.ts';
import type { PendingConfirmation } from '../../src/jobs/confirmations.ts';
import { componentsOf } from '../support/message-reading.ts';
import { GENERATION_ID, jobFixture, simModel, videoJobFixture } from './job-fixture.ts';

const CONFIRMATION_ID = '6f1d2c3b-4a59-4e8f-9a0b-1c2d3e4f5a6b';
const RESERVATION_ID = `1300000000000000001:1300000000000000010:${CONFIRMATION_ID}`;
const RECORD_ID = '0123456789abcdef';
const MEMBER_ID = '1300000000000000010';

const RESULT_ACTIONS: ResultAction[] = [
  'again',
  'vary',
  'animate',
  'higher-resolution',
  'details',
  'delete',
  'continue',
  'animate-model',
  'vary-modal',
  'continue-modal',
];

/** One or more ids of every kind: the Record makes a new kind fail to compile until it has samples. */
const SAMPLES: Record<CustomIdKind, CustomId[]> = {
  confirmation: [
    { kind: 'confirmation', verb: 'confirm', confirmationId: CONFIRMATION_ID },
    { kind: 'confirmation', verb: 'cancel', confirmationId: CONFIRMATION_ID },
  ],
  balance: [
    { kind: 'balance', page: 1 },
    { kind: 'balance', page: 100_000 },
  ],
  result: [
    ...RESULT_ACTIONS.map((action): CustomId => ({ kind: 'result', action, generationId: GENERATION_ID })),
    { kind: 'result', action: 'animate-modal', generationId: GENERATION_ID, slug: 'vendor:model-2' },
  ],
  from: [{ kind: 'from', recordId: RECORD_ID }],
  queue: [{ kind: 'queue', reservationId: RESERVATION_ID }],
  settings: [{ kind: 'settings', action: 'reset', userId: MEMBER_ID }],
  help: [
    { kind: 'help', target: 'models' },
    { kind: 'help', target: 'usage' },
  ],
  models: [
    { kind: 'models', menu: 0 },
    { kind: 'models', menu: 4 },
  ],
};

describe('custom ids', () => {
  it('every kind round-trips, in the current version, within Discord’s 100 characters', () => {
    for (const id of Object.values(SAMPLES).flat()) {
      const built = buildCustomId(id);
      expect(built.length).toBeLessThanOrEqual(MAX_CUSTOM_ID_LENGTH);
      expect(parseCustomId(built)).toEqual({ ...id, version: CUSTOM_ID_VERSION });
    }
  });

  it('writes version 1 in this format (changing it takes a new version, and reading this one still)', () => {
    const built = Object.values(SAMPLES)
      .flat()
      .map((id) => buildCustomId(id));
    expect(built).toEqual([
      `confirmation:v1:confirm:${CONFIRMATION_ID}`,
      `confirmation:v1:cancel:${CONFIRMATION_ID}`,
      'balance:v1:page:1',
      'balance:v1:page:100000',
      ...RESULT_ACTIONS.map((action) => `result:v1:${action}:${GENERATION_ID}`),
      `result:v1:animate-modal:${GENERATION_ID}:vendor:model-2`,
      `from:v1:${RECORD_ID}`,
      `queue:v1:cancel:${RESERVATION_ID}`,
      `settings:v1:reset:${MEMBER_ID}`,
      'help:v1:models',
      'help:v1:usage',
      'models:v1:menu:0',
      'models:v1:menu:4',
    ]);
  });

  it('round-trip, with a model slug that holds a colon kept whole', () => {
    const id = buildCustomId({
      kind: 'result',
      action: 'animate-modal',
      generationId: GENERATION_ID,
      slug: 'vendor:model-2',
    });
    expect(parseCustomId(id)).toMatchObject({
      action: 'animate-modal',
      generationId: GENERATION_ID,
      slug: 'vendor:model-2',
    });
    expect(
      parseCustomId(buildCustomId({ kind: 'result', action: 'again', generationId: GENERATION_ID })),
    ).toEqual({ kind: 'result', action: 'again', generationId: GENERATION_ID, version: CUSTOM_ID_VERSION });
  });

  it('reads the unversioned ids on messages posted before versions existed, as they were written', () => {
    const legacy: [string, CustomId][] = [
      [`imagine:confirm:${CONFIRMATION_ID}`, SAMPLES.confirmation[0] as CustomId],
      [`video:confirm:${CONFIRMATION_ID}`, SAMPLES.confirmation[0] as CustomId],
      [`imagine:cancel:${CONFIRMATION_ID}`, SAMPLES.confirmation[1] as CustomId],
      [`video:cancel:${CONFIRMATION_ID}`, SAMPLES.confirmation[1] as CustomId],
      ['balance:page:3', { kind: 'balance', page: 3 }],
      [`result:again:${GENERATION_ID}`, { kind: 'result', action: 'again', generationId: GENERATION_ID }],
      // Higher resolution's old name.
      [
        `result:upscale:${GENERATION_ID}`,
        { kind: 'result', action: 'higher-resolution', generationId: GENERATION_ID },
      ],
      [
        `result:animate-modal:${GENERATION_ID}:vendor:model-2`,
        { kind: 'result', action: 'animate-modal', generationId: GENERATION_ID, slug: 'vendor:model-2' },
      ],
      [
        `result:continue-modal:${GENERATION_ID}`,
        { kind: 'result', action: 'continue-modal', generationId: GENERATION_ID },
      ],
      [`from:${RECORD_ID}`, { kind: 'from', recordId: RECORD_ID }],
      [`queue:cancel:${RESERVATION_ID}`, { kind: 'queue', reservationId: RESERVATION_ID }],
    ];
    for (const [customId, id] of legacy) {
      expect(parseCustomId(customId), customId).toEqual({ ...id, version: LEGACY_VERSION });
    }
  });

  it('refuses what the bot never wrote', () => {
    for (const customId of [
      'result:launch:abc',
      'result:again:',
      'result:v1:again:',
      // One name per action: the old name exists only in unversioned ids.
      'result:v1:upscale:abc',
      // Only Animate's modal names a model.
      'result:v1:again:abc:extra',
      'result:v1:animate-modal:abc',
      'balance:page:0',
      'balance:page:-1',
      'balance:page:2x',
      'balance:v1:page:0',
      'quota:page:2',
      'show:confirm:abc',
      'imagine:launch:abc',
      'imagine:confirm:abc:more',
      'confirmation:v1:confirm:',
      'queue:cancel:',
      'queue:v1:cancel',
      'from:',
      'from:v1:a:b',
      // Reset names a member by id, and came after versions: there is no unversioned form.
      `settings:reset:${MEMBER_ID}`,
      'settings:v1:reset:',
      'settings:v1:reset:alice',
      `settings:v1:clear:${MEMBER_ID}`,
      `settings:v1:reset:${MEMBER_ID}:${MEMBER_ID}`,
      // /help's buttons exist only in version 1, and only for what it offers.
      'help:models',
      'help:v1:',
      'help:v1:balance',
      'help:v1:usage:extra',
      // /models's menus exist only in version 1, and only as many as a message holds.
      'models:menu:0',
      'models:v1:menu:5',
      'models:v1:menu:',
      'models:v1:menu:01',
      'models:v1:menu:1:x',
      'nothing',
      '',
      // A version this release does not know is not guessed at.
      `result:v2:again:${GENERATION_ID}`,
      `from:v2:${RECORD_ID}`,
    ]) {
      expect(parseCustomId(customId), customId).toBeNull();
    }
  });

  it('says when an id would not fit Discord’s 100 characters', () => {
    const animate = (slug: string): CustomId => ({
      kind: 'result',
      action: 'animate-modal',
      generationId: GENERATION_ID,
      slug,
    });
    expect(fitsCustomId(animate('quick-video-1'))).toBe(true);
    expect(fitsCustomId(animate('m'.repeat(60)))).toBe(false);
    expect(fitsCustomId({ kind: 'result', action: 'again', generationId: 'x'.repeat(90) })).toBe(false);
  });

  it('leaves out an id that would read back as something else (a generation id with a colon)', () => {
    expect(fitsCustomId({ kind: 'result', action: 'again', generationId: 'gen:1' })).toBe(false);
    expect(fitsCustomId({ kind: 'result', action: 'again', generationId: 'gen-1' })).toBe(true);
    const animate = { kind: 'result', action: 'animate-modal', slug: 'vendor:model-2' } as const;
    expect(fitsCustomId({ ...animate, generationId: 'gen:1' })).toBe(false);
    expect(fitsCustomId({ ...animate, generationId: 'gen-1' })).toBe(true);
    expect(fitsCustomId({ kind: 'queue', reservationId: RESERVATION_ID })).toBe(true);
  });
});

/** A pending confirmation as the store keeps it. */
function confirmation(): PendingConfirmation {
  return {
    id: CONFIRMATION_ID,
    type: 'video',
    request: { model: 'quick-video-1', prompt: 'a kite' },
    quotedMicros: 400_000,
    reservationId: RESERVATION_ID,
    guildId: '1300000000000000001',
    channelId: '1300000000000000002',
    userId: '1300000000000000010',
    applicationId: '1',
    cardToken: 't',
    attachmentSizeLimit: 10_000_000,
    createdAt: 0,
    state: 'pending',
  };
}

describe('every id the views emit parses back to what they name', () => {
  const parsedOf = (message: { components?: readonly unknown[] | null }) =>
    componentsOf(message)
      // A link button (Open image) has a URL and no custom id.
      .filter((c) => c.url === undefined)
      .map((c) => parseCustomId(c.custom_id ?? ''));

  it('the confirmation card', () => {
    const card = renderConfirmCard(confirmation(), 'Quick Video', null, 60_000, english);
    expect(parsedOf(card)).toEqual([
      { kind: 'confirmation', verb: 'confirm', confirmationId: CONFIRMATION_ID, version: CUSTOM_ID_VERSION },
      { kind: 'confirmation', verb: 'cancel', confirmationId: CONFIRMATION_ID, version: CUSTOM_ID_VERSION },
    ]);
  });

  it('/balance’s Previous and Next, on the first and a later page', () => {
    const page = { data: [], current_page: 1, per_page: 10, total: 25 };
    const pagesOf = (n: number) =>
      parsedOf({ components: [renderUsagePage(n, { ...page, current_page: n }, english).row.toJSON()] });
    expect(pagesOf(1)).toEqual([
      { kind: 'balance', page: 1, version: CUSTOM_ID_VERSION },
      { kind: 'balance', page: 2, version: CUSTOM_ID_VERSION },
    ]);
    expect(pagesOf(3).map((p) => p?.kind === 'balance' && p.page)).toEqual([2, 4]);
  });

  it('every button of an image and of a video result', () => {
    const image = renderResultCard(jobFixture(), { kind: 'result' }, simModel('dream-4.5'));
    const video = renderResultCard(
      videoJobFixture(),
      { kind: 'result', lastFrame: { file: { name: 'last.png', data: Buffer.from('png') } } },
      simModel('motion-2.0'),
    );
    const actions = [image, video].flatMap((card) =>
      parsedOf({ components: card.components.map((c) => c.toJSON()) }).map((id) => {
        expect(id).toMatchObject({ kind: 'result', generationId: GENERATION_ID, version: CUSTOM_ID_VERSION });
        return id?.kind === 'result' ? id.action : undefined;
      }),
    );
    expect(new Set(actions)).toEqual(
      new Set(['again', 'vary', 'animate', 'higher-resolution', 'continue', 'details', 'delete']),
    );
  });

  it('the Cancel of a waiting request', () => {
    const waiting = renderWaiting({ ahead: 2, sendAt: 60_000, cancellable: true }, RESERVATION_ID, english);
    expect(waiting.components[0]?.type).toBe(ComponentType.ActionRow);
    expect(parsedOf(waiting)).toEqual([
      { kind: 'queue', reservationId: RESERVATION_ID, version: CUSTOM_ID_VERSION },
    ]);
  });

  it('/settings’ Reset, which names the member whose defaults it resets; none without defaults', () => {
    const noCatalog = { ready: false, get: () => undefined };
    const SERVER_DEFAULTS = { image: 'lang-4o-image', video: 'quick-video-1' };
    const view = renderSettings({ count: 2 }, MEMBER_ID, noCatalog, SERVER_DEFAULTS, [], english);
    expect(parsedOf(view)).toEqual([
      { kind: 'settings', action: 'reset', userId: MEMBER_ID, version: CUSTOM_ID_VERSION },
    ]);
    expect(parsedOf(renderSettings({}, MEMBER_ID, noCatalog, SERVER_DEFAULTS, [], english))).toEqual([]);
  });
});
