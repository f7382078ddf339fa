import { describe, expect, it } from 'vitest';
import { requestOf } from '../../src/discord/generation/result-actions/result-job.ts';
import { jobFixture, videoJobFixture } from './job-fixture.ts';

describe('the request a result action starts from', () => {
  it('is the request the job sent, as a copy the action may change', () => {
    const job = jobFixture();
    const request = requestOf(job);
    expect(request).toEqual(job.request);
    request.image_urls = ['https://cdn.example.com/a.png'];
    expect(job.request?.image_urls).toBeUndefined();
  });

  it('falls back, for a job stored before requests were recorded, to the model, the prompt and the echoed parameters', () => {
    const { request: _, ...old } = videoJobFixture({
      parameters: { aspect_ratio: '16:9', resolution: '480p', duration: 5, mode: '', style: 7, extra: 'x' },
    });
    expect(requestOf(old)).toEqual({
      model: old.model,
      prompt: old.prompt,
      aspect_ratio: '16:9',
      resolution: '480p',
      duration: 5,
    });
  });

  it('gives an image no duration even when the service echoed one', () => {
    const { request: _, ...old } = jobFixture({ parameters: { aspect_ratio: '1:1', duration: 5 } });
    expect(requestOf(old)).toEqual({ model: old.model, prompt: old.prompt, aspect_ratio: '1:1' });
  });
});
