import { describe, expect, it } from 'vitest';
import { fitsCustomId, parseResultId, resultButtons, resultId } from '../../src/discord/result-ids.ts';
import { GENERATION_ID, jobFixture, simModel } from './job-fixture.ts';

describe('result custom ids', () => {
  it('round-trip, with a model slug that holds a colon kept whole', () => {
    const id = resultId('animate-modal', GENERATION_ID, 'vendor:model-2');
    expect(parseResultId(id)).toEqual({
      action: 'animate-modal',
      generationId: GENERATION_ID,
      extra: 'vendor:model-2',
    });
    expect(parseResultId(resultId('again', GENERATION_ID))).toEqual({
      action: 'again',
      generationId: GENERATION_ID,
      extra: undefined,
    });
  });

  it('refuses what is not a result id', () => {
    expect(parseResultId('result:launch:abc')).toBeNull();
    expect(parseResultId('queue:cancel:abc')).toBeNull();
    expect(parseResultId('result:again:')).toBeNull();
  });

  it("leaves out every button when the service's generation id would not fit Discord's 100 characters", () => {
    const long = 'x'.repeat(90);
    expect(fitsCustomId('again', long)).toBe(false);
    expect(resultButtons(jobFixture({ generationId: long }), simModel('nano-fruit-pro'), false)).toEqual([]);
    expect(resultButtons(jobFixture(), simModel('nano-fruit-pro'), false)).toContain('again');
  });

  it('says when a slug would make the Animate modal id too long', () => {
    expect(fitsCustomId('animate-modal', GENERATION_ID, 'quick-video-1')).toBe(true);
    expect(fitsCustomId('animate-modal', GENERATION_ID, 'm'.repeat(60))).toBe(false);
  });
});
