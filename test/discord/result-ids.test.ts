import { describe, expect, it } from 'vitest';
import { fitsCustomId } from '../../src/discord/interactions/custom-ids.ts';
import { resultButtons } from '../../src/discord/views/result-buttons.ts';
import { jobFixture, simModel } from './job-fixture.ts';

describe('result buttons', () => {
  it("leaves out every button when the service's generation id would not fit Discord's 100 characters", () => {
    const long = 'x'.repeat(90);
    expect(fitsCustomId({ kind: 'result', action: 'again', generationId: long })).toBe(false);
    expect(resultButtons(jobFixture({ generationId: long }), simModel('nano-fruit-pro'), false)).toEqual([]);
    expect(resultButtons(jobFixture(), simModel('nano-fruit-pro'), false)).toContain('again');
  });

  it('leaves out a button whose menu or modal id would not fit, though its own id does', () => {
    // `result:v1:vary:` is 15 characters and `result:v1:vary-modal:` 21: an 80-character id fits only the first.
    const generationId = 'x'.repeat(80);
    expect(resultButtons(jobFixture({ generationId }), simModel('nano-fruit-pro'), false)).toEqual([
      'again',
      'details',
      'delete',
    ]);
  });
});
