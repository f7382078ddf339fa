import { describe, expect, it } from 'vitest';
import { fitsCustomId } from '../../src/discord/custom-ids.ts';
import { resultButtons } from '../../src/discord/result-ids.ts';
import { jobFixture, simModel } from './job-fixture.ts';

describe('result buttons', () => {
  it("leaves out every button when the service's generation id would not fit Discord's 100 characters", () => {
    const long = 'x'.repeat(90);
    expect(fitsCustomId({ kind: 'result', action: 'again', generationId: long })).toBe(false);
    expect(resultButtons(jobFixture({ generationId: long }), simModel('nano-fruit-pro'), false)).toEqual([]);
    expect(resultButtons(jobFixture(), simModel('nano-fruit-pro'), false)).toContain('again');
  });
});
