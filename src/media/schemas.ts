/**
 * zod schemas of every body the Media Generation API sends (spec: docs/media-generation-api.md).
 * Strict on the fields the spec names, tolerant of extra fields (zod objects strip unknown keys).
 */
import { z } from 'zod';

export const generationStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed']);
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

export const mediaTypeSchema = z.enum(['video', 'image']);
export type MediaType = z.infer<typeof mediaTypeSchema>;

export const outputSchema = z.object({
  url: z.string(),
  download_url: z.string().optional(),
  content_type: z.string(),
  /**
   * The video's last frame (an image URL) when the request had `return_last_frame`; the spec does
   * not name the field, so this name is the bot's choice (README). Read leniently: anything but a
   * string is ignored rather than failing the whole answer.
   */
  last_frame_url: z.string().optional().catch(undefined),
});
export type GenerationOutput = z.infer<typeof outputSchema>;

export const generationSchema = z.object({
  id: z.string(),
  status: generationStatusSchema,
  model: z.string(),
  type: mediaTypeSchema,
  prompt: z.string(),
  // Can be an empty object on a failed record.
  parameters: z.record(z.string(), z.unknown()),
  output: outputSchema.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

/** The 201 of POST /generations exactly as the spec states it (the simulator's tests hold it to this). */
export const specCreateGenerationResponseSchema = z.object({
  data: generationSchema,
  price_usd: z.number(),
});

/**
 * The 201 of POST /generations, read leniently: the service has already charged, so anything with
 * an id is a generation to follow. The fields the bot needs from it fall back to what the request
 * implies; the price is left for the caller to judge (missing, negative or absurd prices are
 * charged at the quote and flagged, never trusted into the ledger).
 */
export const createdGenerationRecordSchema = z.object({
  id: z.string().min(1),
  status: generationStatusSchema.catch('pending'),
  type: mediaTypeSchema.optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  prompt: z.string().optional().catch(undefined),
  parameters: z.record(z.string(), z.unknown()).catch({}),
});
export type CreatedGenerationRecord = z.infer<typeof createdGenerationRecordSchema>;

export const createGenerationResponseSchema = z.object({
  data: createdGenerationRecordSchema,
  price_usd: z.unknown().optional(),
});
export type CreateGenerationResponse = z.infer<typeof createGenerationResponseSchema>;

export const getGenerationResponseSchema = z.object({ data: generationSchema });

export const pageMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `meta` is present only when `type` was given. */
export const listGenerationsResponseSchema = z.object({
  data: z.array(generationSchema),
  meta: pageMetaSchema.optional(),
});
export type ListGenerationsResponse = z.infer<typeof listGenerationsResponseSchema>;

export const modelSchema = z.object({
  slug: z.string(),
  label: z.string(),
  type: mediaTypeSchema,
  price_usd: z.number(),
  multiply_by_duration: z.boolean(),
  resolution_multipliers: z.record(z.string(), z.number()).nullable(),
  supported_params: z.array(z.string()),
  aspect_ratios: z.array(z.string()),
  resolutions: z.array(z.string()),
  durations: z.array(z.number().int()),
  modes: z.array(z.string()),
  docs_url: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

export const listModelsResponseSchema = z.object({ data: z.array(modelSchema) });
export const getModelResponseSchema = z.object({ data: modelSchema });

export const accountSchema = z.object({
  name: z.string(),
  email: z.string(),
  usd_balance: z.number(),
  usd_spent: z.number(),
});
export type Account = z.infer<typeof accountSchema>;
export const getAccountResponseSchema = z.object({ data: accountSchema });

export const usageRecordSchema = z.object({
  id: z.number().int(),
  model_key: z.string(),
  generation_type: mediaTypeSchema,
  amount_usd: z.number(),
  // Allowed values: not shown; API charges carry `api`, so any string is accepted.
  source: z.string(),
  created_at: z.string(),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;

/** A model's `model_key` in the usage log: its slug with dots and dashes turned to underscores. */
export function usageModelKey(slug: string): string {
  return slug.replace(/[.-]/g, '_');
}

export const usagePageSchema = z.object({
  data: z.array(usageRecordSchema),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
export type UsagePage = z.infer<typeof usagePageSchema>;

export const insufficientBalanceBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  required: z.number(),
  balance: z.number(),
});
export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export const notFoundBodySchema = z.object({ error: z.string() });

/** The body of POST /generations. */
export interface CreateGenerationRequest {
  model: string;
  prompt: string;
  aspect_ratio?: string;
  resolution?: string;
  duration?: number;
  mode?: string;
  style?: string;
  image_urls?: string[];
  video_urls?: string[];
  audio_urls?: string[];
  generate_audio?: boolean;
  camera_fixed?: boolean;
  web_search?: boolean;
  return_last_frame?: boolean;
  seed?: number;
  watermark?: boolean;
  private?: boolean;
}

/** The service's 422 shape: field name -> messages. Local validation returns the same. */
export type FieldErrors = Record<string, string[]>;
