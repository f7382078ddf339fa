/**
 * The slash commands' options, read into a create request. The service fills what is left out.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { CreateGenerationRequest, MediaType } from '../media/schemas.ts';
import { UserError } from './command.ts';

/** Used when the member picks no model: the cheapest sensible one of each type. */
export const DEFAULT_MODELS: Record<MediaType, string> = { image: 'lang-4o-image', video: 'quick-video-1' };

/** Reads the command's options into a create request (without defaults: the service fills those). */
export function readRequest(
  interaction: ChatInputCommandInteraction,
  type: MediaType,
): CreateGenerationRequest {
  const o = interaction.options;
  const request: CreateGenerationRequest = {
    model: o.getString('model')?.trim() || DEFAULT_MODELS[type],
    prompt: o.getString('prompt', true),
  };
  const strings =
    type === 'image'
      ? (['aspect_ratio', 'resolution'] as const)
      : (['aspect_ratio', 'resolution', 'mode', 'style'] as const);
  for (const name of strings) {
    const value = o.getString(name)?.trim();
    if (value) request[name] = value;
  }
  const imageUrls: string[] = [];
  const image = o.getAttachment('image');
  if (image) {
    if (!image.contentType?.startsWith('image/')) {
      throw new UserError(
        `The attachment "${image.name}" is not an image (it is ${image.contentType ?? 'of an unknown type'}).`,
      );
    }
    imageUrls.push(image.url);
  }
  if (type === 'image') {
    const more = o.getString('image_urls');
    if (more) imageUrls.push(...more.split(/\s+/).filter(Boolean));
  } else {
    const duration = o.getInteger('duration');
    if (duration !== null) request.duration = duration;
    const audio = o.getBoolean('generate_audio');
    if (audio !== null) request.generate_audio = audio;
    const seed = o.getInteger('seed');
    if (seed !== null) request.seed = seed;
    const lastFrame = o.getBoolean('return_last_frame');
    if (lastFrame !== null) request.return_last_frame = lastFrame;
  }
  if (imageUrls.length > 0) request.image_urls = imageUrls;
  return request;
}
