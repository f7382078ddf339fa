/**
 * The cards of one request across its life (confirmation, queued, generating, result, failed,
 * batch): the same parameter line on each, an honest expected finish, a failed card that says what
 * became of the money, and each card in the member's language (the failure thread in the server's).
 */
import type { APIEmbed, APIMessageTopLevelComponent } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { renderConfirmCard } from '../../src/discord/generation/confirm-card.ts';
import { renderBatchCard } from '../../src/discord/views/batch-card.ts';
import { renderDetails } from '../../src/discord/views/details-view.ts';
import type { RenderedMessage } from '../../src/discord/views/message-parts.ts';
import { renderFailureReport, renderJob, renderThreadName } from '../../src/discord/views/render.ts';
import { renderWaiting } from '../../src/discord/views/waiting-view.ts';
import { english, localizerOf } from '../../src/i18n/index.ts';
import type { PendingConfirmation } from '../../src/jobs/confirmations.ts';
import type { Job } from '../../src/jobs/job.ts';
import { componentsOf, textOf } from '../support/message-reading.ts';
import { GENERATION_ID, jobFixture, simModel, videoJobFixture } from './job-fixture.ts';

/** What Discord receives of a rendered reply. */
function sent(message: RenderedMessage) {
  return {
    content: message.content ?? '',
    embeds: message.embeds.map((e) => e.toJSON()),
    components: message.components.map((c) => c.toJSON()) as APIMessageTopLevelComponent[],
  };
}

function fieldsOf(message: RenderedMessage): Record<string, string> {
  const embed = message.embeds[0]?.toJSON() as APIEmbed;
  return Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
}

const attached = { kind: 'result' as const, file: { name: 'video-0b6f9a4e.mp4', data: Buffer.from('mp4') } };

/** A video's request as the confirmation held it and every job of it was sent. */
const video = (over: Partial<Job> = {}) => videoJobFixture({ status: 'processing', ...over });

function confirmation(job: Job): PendingConfirmation {
  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    type: job.type,
    request: job.request ?? { model: job.model, prompt: job.prompt },
    quotedMicros: job.quotedMicros,
    reservationId: 'r',
    guildId: '1',
    channelId: '2',
    userId: job.reply.userId,
    applicationId: '1',
    cardToken: 't',
    attachmentSizeLimit: 1 << 20,
    createdAt: 0,
    state: 'pending',
  };
}

describe('one parameter line on every card of a request', () => {
  const line = 'resolution: 480p · duration: 5 s · return last frame: yes';

  it('shows the duration and resolution chosen, the same words on confirmation, queued, generating, result, failed and batch', () => {
    const job = video();
    const cards = {
      confirmation: renderConfirmCard(confirmation(job), 'Motion 2.0', null, 60_000, english).content,
      queued: fieldsOf(renderJob(video({ status: 'pending' }), { kind: 'progress' })).Parameters,
      generating: fieldsOf(renderJob(job, { kind: 'progress' })).Parameters,
      failed: fieldsOf(renderJob(video({ status: 'failed' }), { kind: 'failed' })).Parameters,
      result: textOf(sent(renderJob(video({ status: 'completed' }), attached, simModel('motion-2.0')))),
      batchSending: textOf(
        sent(
          renderBatchCard(
            {
              prompt: job.prompt,
              modelLabel: job.modelLabel,
              simulated: false,
              reply: job.reply,
              request: job.request,
            },
            [{ index: 0, state: 'sending' }],
            undefined,
          ),
        ),
      ),
      batch: textOf(
        sent(
          renderJob(job, {
            kind: 'batch',
            takes: [{ index: 0, state: 'generating', job: video({ batch: { id: 'b', index: 0, size: 2 } }) }],
          }),
        ),
      ),
    };
    for (const [state, text] of Object.entries(cards)) expect(text, state).toContain(line);
  });
});

describe('the expected finish', () => {
  const createdAt = Date.UTC(2026, 10, 23, 10, 0, 0);
  const job = video({ createdAt, expectedFinishAt: createdAt + 40_000 });

  it('says how long the model usually takes, not a clock time that reads "4 seconds ago" once it has passed', () => {
    const fields = fieldsOf(renderJob(job, { kind: 'progress' }, undefined, { now: createdAt + 1_000 }));
    expect(fields['Usually takes']).toBe('about 40 s');
    expect(Object.keys(fields)).not.toContain('Expected to finish');
  });

  it('says honestly that it is taking longer once the usual time has passed', () => {
    const fields = fieldsOf(renderJob(job, { kind: 'progress' }, undefined, { now: createdAt + 44_000 }));
    expect(fields['Usually takes']).toBe('about 40 s; this one is taking longer than usual');
  });

  it('writes minutes for a model that takes minutes', () => {
    const slow = video({ createdAt, expectedFinishAt: createdAt + 300_000 });
    expect(fieldsOf(renderJob(slow, { kind: 'progress' }))['Usually takes']).toBe('about 5 min');
  });
});

describe('the failed card', () => {
  it('says what was charged and that it was refunded', () => {
    const failed = video({ status: 'failed', chargedMicros: 20_000, refunded: true, refundedMicros: 20_000 });
    const fields = fieldsOf(renderJob(failed, { kind: 'failed' }));
    expect(fields.Price).toBe('$0.02 charged, $0.02 refunded');
  });

  it('says the refund is on its way while it is', () => {
    const failed = video({ status: 'failed', chargedMicros: 20_000, refunded: false });
    expect(fieldsOf(renderJob(failed, { kind: 'failed' })).Price).toBe('$0.02 charged, being refunded');
  });

  it('keeps the price alone on a card still in progress', () => {
    expect(fieldsOf(renderJob(video({ chargedMicros: 20_000 }), { kind: 'progress' })).Price).toBe('$0.02');
  });
});

describe('the failure thread', () => {
  const failed = jobFixture({ status: 'failed', error: 'Rejected.' });

  it('leads with what happened and keeps the generation id last, small', () => {
    const lines = renderFailureReport(failed, 40_000).split('\n');
    expect(lines[0]).toBe('**The image generation failed** (Dream 4.5).');
    expect(lines.at(-1)).toBe(`-# Generation id \`${GENERATION_ID}\``);
  });

  it("speaks the server's language, not the member's", () => {
    const job = jobFixture({
      status: 'failed',
      error: 'Rejected.',
      reply: { ...failed.reply, locale: 'ja', guildLocale: 'de' },
    });
    const report = renderFailureReport(job, 40_000);
    expect(report).toContain('**Die Bild-Generierung ist fehlgeschlagen** (Dream 4.5).');
    expect(report).toContain('0,04\u00a0$ wurden dem Kontingent von');
    expect(report.split('\n').at(-1)).toBe(`-# Generierungs-ID \`${GENERATION_ID}\``);
    expect(renderThreadName(job)).toBe('Fehlgeschlagen: a lighthouse');
  });
});

describe('the cards in German', () => {
  const de = (over: Partial<Job> = {}) =>
    video({ reply: { ...jobFixture().reply, locale: 'de', guildLocale: 'en-US' }, ...over });

  it('shows the generating card with German words and money', () => {
    const card = renderJob(de({ chargedMicros: 20_000, createdAt: 0, expectedFinishAt: 12_000 }), {
      kind: 'progress',
    });
    expect(card.embeds[0]?.toJSON().title).toBe('Video · Wird generiert…');
    const fields = fieldsOf(card);
    expect(fields.Preis).toBe('0,02\u00a0$');
    expect(fields.Parameter).toBe('Auflösung: 480p · Dauer: 5 s · letzter Frame: ja');
    expect(fields['Dauert meist']).toBe('etwa 12 s');
  });

  it('says on the failed card what was charged and refunded', () => {
    const failed = de({ status: 'failed', chargedMicros: 20_000, refunded: true, refundedMicros: 20_000 });
    expect(fieldsOf(renderJob(failed, { kind: 'failed' })).Preis).toBe(
      '0,02\u00a0$ berechnet, 0,02\u00a0$ erstattet',
    );
  });

  it('labels the result buttons in German', () => {
    const card = renderJob(de({ status: 'completed' }), attached, simModel('motion-2.0'));
    expect(componentsOf(sent(card)).map((b) => b.label)).toEqual([
      'Nochmal',
      'Variieren',
      'Höhere Auflösung (720p)',
      'Details',
      'Löschen',
    ]);
    expect(textOf(sent(card))).toContain('0,04\u00a0$ berechnet');
  });

  it('says a request on its way was sent, not that it waits for capacity', () => {
    const sentProgress = { ahead: 0, sendAt: 60_000, cancellable: false, sent: true } as const;
    expect(renderWaiting(sentProgress, 'g:m:r', localizerOf('de'))).toMatchObject({
      content:
        'Deine Anfrage wurde gesendet; der Generierungsdienst hat noch nicht geantwortet. Abbrechen ist nicht mehr möglich.',
      components: [],
    });
    const taken = renderWaiting({ ...sentProgress, sent: undefined }, 'g:m:r', localizerOf('de')).content;
    expect(taken).toMatch(/^Der Generierungsdienst ist ausgelastet/);
  });

  it('counts the requests ahead with the right plural', () => {
    const waiting = (ahead: number) =>
      renderWaiting({ ahead, sendAt: 60_000, cancellable: true }, 'g:m:r', localizerOf('de')).content;
    expect(waiting(1)).toMatch(/^1 Anfrage vor deiner/);
    expect(waiting(3)).toMatch(/^3 Anfragen vor deiner/);
  });
});

describe('the cards in Japanese', () => {
  const ja = (over: Partial<Job> = {}) => video({ reply: { ...jobFixture().reply, locale: 'ja' }, ...over });

  it('shows the queued card in Japanese, with the parameters and the duration in seconds', () => {
    const card = renderJob(ja({ status: 'pending' }), { kind: 'progress' });
    expect(card.embeds[0]?.toJSON().title).toBe('動画 · 待機中');
    expect(fieldsOf(card).パラメーター).toBe('解像度：480p · 長さ：5秒 · 最終フレーム：はい');
  });

  it('writes the confirmation card in Japanese, with its takes and money', () => {
    const record = { ...confirmation(ja()), takeReservationIds: ['a', 'b', 'c'] };
    const card = renderConfirmCard(record, 'Motion 2.0', null, 60_000, localizerOf('ja'));
    expect(card.content).toContain('**この3テイクの料金は合計で約$0.12です**（1テイクあたり$0.04）。');
    expect(card.content).toContain('**Motion 2.0** · 解像度：480p · 長さ：5秒 · 最終フレーム：はい');
    expect(componentsOf(card).map((b) => b.label)).toEqual(['確定', 'キャンセル']);
  });

  it('shows Details in Japanese', () => {
    const view = renderDetails(ja({ status: 'completed' }), simModel('motion-2.0'), localizerOf('ja'));
    const embed = view.embeds[0]?.toJSON() as APIEmbed;
    expect(embed.title).toBe('この動画の詳細');
    expect(embed.fields?.find((f) => f.name === '料金')?.value).toBe('見積もり $0.04 · 請求 $0.04');
  });
});
