/**
 * Video model families: models that accept the same special fields, so that one subcommand of
 * /video-pro can show exactly what its models take. Slugs are the spec's catalog.
 */
export type VideoFamily = 'motion' | 'orbit' | 'vista' | 'omni' | 'quick';

export interface FamilyFacts {
  /** The family's models, cheapest first; the first is used when the member names none. */
  slugs: readonly string[];
}

export const VIDEO_FAMILIES: Record<VideoFamily, FamilyFacts> = {
  motion: { slugs: ['motion-2.0-fast', 'motion-2.0'] },
  orbit: { slugs: ['orbit-2', 'orbit-2-pro'] },
  vista: { slugs: ['vista-3.1-fast', 'vista-3.1-lite'] },
  omni: { slugs: ['omni-flash-ext'] },
  quick: { slugs: ['quick-video-1'] },
};

/** Whether `name` is a family (a subcommand of /video-pro). */
export function isVideoFamily(name: string | null | undefined): name is VideoFamily {
  return name !== null && name !== undefined && Object.hasOwn(VIDEO_FAMILIES, name);
}
