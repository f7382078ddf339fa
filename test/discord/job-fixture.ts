/** A finished job for view tests: an image on dream-4.5, delivered in a guild channel. */
import type { Job } from '../../src/jobs/job.ts';
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';
import { ALICE } from '../../testkit/ids.ts';

export const GENERATION_ID = '0b6f9a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
/** The member who asked: ALICE of the default server. */
export const REQUESTER = ALICE;

export function jobFixture(over: Partial<Job> = {}): Job {
  return {
    generationId: GENERATION_ID,
    type: 'image',
    model: 'dream-4.5',
    modelLabel: 'Dream 4.5',
    prompt: 'a lighthouse',
    parameters: { aspect_ratio: '1:1', resolution: '1K' },
    request: { model: 'dream-4.5', prompt: 'a lighthouse', aspect_ratio: '1:1', resolution: '1K' },
    reply: {
      applicationId: '1',
      interactionToken: 't',
      interactionAt: 0,
      guildId: '2',
      channelId: '3',
      messageId: '4',
      userId: REQUESTER,
    },
    reservationId: 'r',
    quotedMicros: 40_000,
    chargedMicros: 40_000,
    attachmentSizeLimit: 1 << 20,
    simulated: false,
    status: 'completed',
    step: 'delivering',
    output: { url: 'https://cdn.example.com/a.png', content_type: 'image/png' },
    error: null,
    createdAt: Date.UTC(2026, 10, 23, 10, 0, 0),
    checkedAt: 0,
    editedAt: 0,
    shownStatus: 'processing',
    refunded: false,
    reported: false,
    deliveryAttempts: 0,
    ...over,
  };
}

/** A model of the simulator's catalog. */
export function simModel(slug: string): Model {
  const found = SIM_MODELS.find((m) => m.slug === slug);
  if (!found) throw new Error(`no model ${slug}`);
  return found;
}

/** A motion video that asked for its last frame. */
export function videoJobFixture(over: Partial<Job> = {}): Job {
  return jobFixture({
    type: 'video',
    model: 'motion-2.0',
    modelLabel: 'Motion 2.0',
    prompt: 'waves rolling in',
    parameters: { aspect_ratio: '16:9', resolution: '480p', duration: 5 },
    request: {
      model: 'motion-2.0',
      prompt: 'waves rolling in',
      resolution: '480p',
      duration: 5,
      return_last_frame: true,
    },
    output: {
      url: 'https://cdn.example.com/v.mp4',
      download_url: 'https://cdn.example.com/v.mp4?download=1',
      content_type: 'video/mp4',
      last_frame_url: 'https://cdn.example.com/v-last.png',
    },
    ...over,
  });
}
