/**
 * English: the source of every key; the other languages are checked against it. Field names
 * (`image_urls`, `video_urls`), model slugs and option values stay as the service spells them.
 */
export default {
  promptRequired: 'The prompt is required.',
  promptTooLong_one: 'The prompt may be at most {{max, number}} characters (it has {{count, number}}).',
  promptTooLong_other: 'The prompt may be at most {{max, number}} characters (it has {{count, number}}).',
  modelRequired: 'The model is required.',
  unknownModel: 'Unknown model "{{model}}".',
  pixelSize: '{{model}} takes ratio notation such as 16:9, not a pixel size.',
  /** A model that takes none of this field. */
  none: {
    aspectRatio: 'This model takes no aspect ratio.',
    resolution: 'This model takes no resolution.',
    mode: 'This model takes no mode.',
    style: 'This model takes no style.',
  },
  /** A value the model does not take; `values` is the list of those it does. */
  oneOf: {
    aspectRatio: 'The aspect ratio must be one of {{values}}.',
    resolution: 'The resolution must be one of {{values}}.',
    mode: 'The mode must be one of {{values}}.',
    style: 'The style must be one of {{values}}.',
  },
  imageNoDuration: 'Images have no duration.',
  /** `durations` is "6 to 30" or "4, 6, 8 or 10"; `count` the longest, for the plural. */
  fixedDuration_one: '{{model}} takes no duration (its videos are always {{durations}} second).',
  fixedDuration_other: '{{model}} takes no duration (its videos are always {{durations}} seconds).',
  durationWhole: 'The duration is a whole number of seconds.',
  durationOneOf_one: '{{model}} takes a duration of {{durations}} second.',
  durationOneOf_other: '{{model}} takes a duration of {{durations}} seconds.',
  /** A run of consecutive durations. */
  durationRange: '{{from, number}} to {{to, number}}',
  noDurations: 'no',
  styleOnlyOrbit: 'Only orbit-2 and orbit-2-pro take a style.',
  onlyOrbit: 'Only orbit-2 and orbit-2-pro take {{field}}.',
  trueOrFalse: '{{field}} is true or false.',
  onlyMotion: 'Only the motion models take {{field}}.',
  seedOnlyMotion: 'Only the motion models take a seed.',
  seedWhole: 'The seed is a whole number.',
  mediaOnlyMotion: 'Only motion-2.0 and motion-2.0-fast take {{field}}.',
  mediaMax: 'At most {{max, number}} {{field}} are allowed.',
  vistaFrame: 'vista-3.1-fast takes exactly one image (the first frame) in frame mode.',
  vistaLite: 'vista-3.1-lite takes no image_urls.',
  omni: 'omni-flash-ext takes 0, 1 (first frame) or exactly 3 image_urls (scene, character, object).',
  langImage2Max: 'lang-image-2 takes at most {{max, number}} image_urls.',
  dreamLiteMax: 'dream-5.0-lite takes at most {{max, number}} reference images.',
  vistaIngredientMax: 'vista-3.1-fast takes at most {{max, number}} reference images in ingredient mode.',
  motionMax: 'The motion models take at most {{max, number}} image_urls.',
  imageUrlsMax: 'At most {{max, number}} image_urls are allowed.',
  urlList: '{{field}} is a list of URLs.',
  /** `url` is what the member gave, cut short. */
  /** Why an address is not public, inside notPublic's parentheses. */
  nonPublic: {
    credentials: 'it carries a user name or password',
    private_address: 'its address is not public (local or private network)',
    local_host: 'it names a local host',
    not_full_domain: 'its host is not a full domain name',
  },
  notHttpUrl: '"{{url}}" is not an http(s) URL.',
  notPublic: '"{{url}}" is not a public address ({{reason}}); only public http(s) URLs can be used.',
} as const;
