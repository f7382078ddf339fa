/** English: the source of every key; the other languages are checked against it. */
export default {
  /** /models in Discord's command list. */
  command: {
    name: 'models',
    description: 'The generation models: prices, resolutions, durations and what each one takes',
    model: { name: 'model', description: 'One model in detail' },
  },
  list: {
    video: 'Video models',
    image: 'Image models',
    videoContinued: 'Video models (continued)',
    imageContinued: 'Image models (continued)',
    emptyTitle: 'Models',
    empty: 'The catalog is empty.',
    /** The placeholder of the select menu under the list. */
    videoMenu: 'Open a video model…',
    imageMenu: 'Open an image model…',
  },
  /** A price per second of video, in a list of prices by resolution. */
  perSecond: '{{amount, money}}/s',
  /** How long a model's videos can be. */
  durations: {
    one: '{{count, number}} s',
    range: '{{from, number}}–{{to, number}} s',
    /** `list`: "4, 6, 8 or 10", written by Intl in the language. */
    some: '{{list}} s',
  },
  detail: {
    videoModel: 'Video model · {{slug}}',
    imageModel: 'Image model · {{slug}}',
    price: 'Price',
    /** `prices`: "480p $0.132 · 720p $0.284" (a resolution and its price, or one price). */
    perSecond: 'Per second: {{prices}}',
    perSecondWithVideo: 'Per second with a reference video: {{prices}}',
    perVideo: 'Per video: {{prices}}',
    perImage: 'Per image: {{prices}}',
    /** The price of a video of the model's default length, by resolution. */
    example_one: 'A {{count, number}}-second video: {{prices}}',
    example_other: 'A {{count, number}}-second video: {{prices}}',
    durations: 'Durations',
    aspectRatios: 'Aspect ratios',
    modes: 'Modes',
    references: 'References',
    /** `list`: "9 reference images, 3 videos and 3 sound clips". */
    takesUpTo: 'Takes up to {{list}}.',
    takesNone: 'Takes no references: the prompt alone.',
    images_one: '{{count, number}} reference image',
    images_other: '{{count, number}} reference images',
    videos_one: '{{count, number}} video',
    videos_other: '{{count, number}} videos',
    sounds_one: '{{count, number}} sound clip',
    sounds_other: '{{count, number}} sound clips',
    /** What else the model can do, as a list. */
    extras: 'Also',
    extra: {
      sound: 'sound',
      fixedCamera: 'a fixed camera',
      seed: 'a seed for repeatable results',
      webSearch: 'web search',
      lastFrame: 'continuing from the last frame',
      /** `styles`: the style names, as the service names them. */
      styles: 'styles ({{styles}})',
      watermark: 'a watermark',
      private: 'private generations',
    },
    documentation: 'Documentation',
  },
  footer: {
    estimate: 'Prices are estimates; the service charges the price it states when you submit.',
    stale: 'The service could not be reached: this is the bot’s cached copy of the catalog and may be stale.',
  },
  errors: {
    notLoaded:
      'The generation service has not been reachable since the bot started, so the bot does not know the models yet. Please try again in a minute.',
    /** `model`: what the member typed, in inline code. */
    noSuchModel: 'There is no model {{model}}. Run /models without a model to see them all.',
    unreachable:
      'The generation service cannot be reached right now, and the bot knows no model {{model}}. Run /models without a model to see them all.',
    notOffered: 'That model is not in this menu. Run /models again to see the current list.',
    serversOnly: '/models works in servers only.',
  },
} as const;
