/** English: the source of every key; the other languages are checked against it. */
export default {
  /** The commands' names and descriptions (name_localizations, description_localizations). */
  command: {
    imagine: { name: 'imagine', description: 'Create an image from a text prompt' },
    video: { name: 'video', description: 'Create a video from a text prompt' },
    videoPro: {
      name: 'video-pro',
      description: "Create a video with a model family's own options",
      motion: 'Motion 2.0 models: video and audio references, seed, camera and more',
      orbit: 'Orbit 2 models: style, watermark, private',
      vista: 'Vista 3.1 models: a first frame, or up to 3 reference images',
      omni: 'Omni Flash Ext: a first frame, or scene, character and object',
      quick: 'Quick Video 1: modes, 6 to 30 seconds',
    },
    /** The message command: shown in a message's Apps menu (spaces and capitals allowed). */
    fromMessage: 'Generate from this',
  },
  /** The options' names (lowercase, no spaces) and descriptions. */
  option: {
    prompt: {
      name: 'prompt',
      image: 'What the image shows',
      video: 'What the video shows',
    },
    model: {
      name: 'model',
      image: 'Image model (price shown)',
      video: 'Video model (price shown)',
      motion: 'Motion model (price shown)',
      orbit: 'Orbit model (price shown)',
      vista: 'Vista model (price shown)',
    },
    aspectRatio: { name: 'aspect_ratio', description: 'Aspect ratio, e.g. 16:9' },
    resolution: {
      name: 'resolution',
      image: 'Resolution, e.g. 2K (costs more)',
      video: 'Resolution, e.g. 720p',
      pro: 'Resolution, e.g. 720p (costs more)',
    },
    image: {
      name: 'image',
      reference: 'A reference image',
      firstFrame: 'The first frame',
      firstOrReference: 'The first frame, or a reference image',
      firstAlone: 'The first frame (alone)',
    },
    /** `image2` … `image14`. */
    imageN: { name: 'image{{n}}', description: 'Reference image {{n}}' },
    imageUrls: { name: 'image_urls', description: 'More reference image URLs, separated by spaces' },
    count: {
      name: 'count',
      description: 'How many takes of this request, shown together (1 to 4; each is charged)',
    },
    duration: { name: 'duration', description: 'Length in seconds' },
    mode: {
      name: 'mode',
      video: 'Mode (models that have modes)',
      quick: 'Mode',
      vista: 'frame: image becomes the first frame; ingredient: up to 3 references',
      frame: 'frame (the image is the first frame)',
      ingredient: 'ingredient (up to 3 reference images)',
    },
    style: { name: 'style', video: 'Style (orbit models)', orbit: 'Visual style' },
    generateAudio: {
      name: 'generate_audio',
      video: 'Generate audio (motion models)',
      motion: 'Generate audio with the video',
    },
    seed: {
      name: 'seed',
      video: 'Seed for similar results (motion models)',
      motion: 'Same seed and prompt give similar results',
    },
    returnLastFrame: {
      name: 'return_last_frame',
      video: 'Also return the last frame, to continue from (motion models)',
      motion: 'Also return the last frame as an image',
    },
    video: { name: 'video', description: 'A reference video (MP4, WebM, MOV); lowers the price' },
    videoN: { name: 'video{{n}}', description: 'Reference video {{n}}' },
    audio: { name: 'audio', description: 'A reference audio file (MP3, WAV, M4A, OGG)' },
    audioN: { name: 'audio{{n}}', description: 'Reference audio {{n}}' },
    cameraFixed: { name: 'camera_fixed', description: 'Keep the camera still' },
    webSearch: { name: 'web_search', description: 'Let the model search the web' },
    watermark: { name: 'watermark', description: 'Add a watermark' },
    private: { name: 'private', description: 'Ask the service to keep the video private' },
    scene: { name: 'scene', description: 'The scene (with character and object)' },
    character: { name: 'character', description: 'The character (with scene and object)' },
    object: { name: 'object', description: 'The object (with scene and character)' },
  },

  serversOnly: 'This command works in servers only.',
  channelsOnly: 'This works in server channels only.',
  catalogNotReady:
    'The generation service has not been reachable since the bot started, so it does not know the models yet. Nothing was sent; please try again in a minute.',
  makesImages: '{{model}} makes images; use /imagine for it.',
  makesVideos: '{{model}} makes videos; use /video for it.',
  unknownModel: 'Unknown model "{{model}}".',
  cantSend: "This request can't be sent:\n{{errors}}\nNothing was charged.",
  onlyInChannels: 'Generations can be made only in {{channels}}.',
  spicyOnlyAgeRestricted: 'The spicy mode can be used only in age-restricted channels.',
  promptNotAllowed: 'This prompt holds a word this server does not allow. Nothing was sent or charged.',
  rulesUnreadable: "The server's rules could not be read right now.",
  nothingSent: 'Nothing was sent.',
  /** What the member reads when the service did not take the request. */
  outcome: {
    /** Only the member reads it (privately); the admins are told in the alerts channel. */
    insufficientBalance:
      "The bot's shared balance at the generation service is used up, so nothing was made. Nothing was charged to your quota; an admin can add funds.",
    rejected: 'The generation service refused this request:\n{{errors}}\nNothing was charged to your quota.',
    unconfirmed:
      'The generation service did not confirm this request, so it could not be submitted for sure. Nothing was charged to your quota; if the service created it after all, the result will appear here within a few minutes. Please wait before trying again.',
    failed:
      'The request could not be submitted to the generation service. Nothing was charged to your quota; please try again in a moment.',
    gaveUp_one:
      'The generation service was too busy: this request waited {{count, number}} minute for capacity and was not sent. Nothing was charged to your quota; please try again later.',
    gaveUp_other:
      'The generation service was too busy: this request waited {{count, number}} minutes for capacity and was not sent. Nothing was charged to your quota; please try again later.',
    refused: '{{reason}} This request waited for its turn and was not sent; nothing was charged.',
  },

  /** Takes (`count`). */
  takes: {
    noneSent_one: 'The take could not be sent: {{reasons}}. Nothing was charged to your quota.',
    noneSent_other:
      'None of the {{count, number}} takes could be sent: {{reasons}}. Nothing was charged to your quota.',
    /** Why takes were not sent, each reason once, joined by "; ". */
    reason: {
      sent: 'sent',
      unconfirmed: 'not confirmed',
      rejected: 'the service refused the request',
      failed: 'the service could not be reached',
      gaveUp: 'the service was too busy',
      notRecorded: 'the bot could not record them',
      cancelled: 'cancelled',
      refused: "the server's rules changed",
    },
  },

  /** Why a reservation was refused (only the member reads it). */
  refusal: {
    inFlight_one:
      'You already have {{count, number}} generation in progress (the limit is {{cap, number}}). Wait for one to finish.',
    inFlight_other:
      'You already have {{count, number}} generations in progress (the limit is {{cap, number}}). Wait for one to finish.',
    inFlightUnknown: 'You already have too many generations in progress. Wait for one to finish.',
    budget:
      "This server's generation budget is used up for now: {{left, money}} left, and this costs about {{cost, money}}.",
    allowance:
      'This costs about {{cost, money}}, but you have {{left, money}} left of your {{allowance, money}} allowance.',
    allowanceWithTopup:
      'This costs about {{cost, money}}, but you have {{left, money}} left of your {{allowance, money}} allowance and your top-up together.',
    resets: 'It resets {{when}}.',
    noReset: 'It does not reset.',
    batchAllowanceSome_one:
      '{{count, number}} take costs about {{total, money}} in all ({{each, money}} each), but your allowance has {{left, money}} left: enough for {{fits, number}} of the {{count, number}} takes (ask again with `count:{{fits}}`). Nothing was sent or charged.',
    batchAllowanceSome_other:
      '{{count, number}} takes cost about {{total, money}} in all ({{each, money}} each), but your allowance has {{left, money}} left: enough for {{fits, number}} of the {{count, number}} takes (ask again with `count:{{fits}}`). Nothing was sent or charged.',
    batchAllowanceNone_one:
      '{{count, number}} take costs about {{total, money}} in all ({{each, money}} each), but your allowance has {{left, money}} left: not enough for one take. Nothing was sent or charged.',
    batchAllowanceNone_other:
      '{{count, number}} takes cost about {{total, money}} in all ({{each, money}} each), but your allowance has {{left, money}} left: not enough for one take. Nothing was sent or charged.',
    batchBudgetSome_one:
      "{{count, number}} take costs about {{total, money}} in all ({{each, money}} each), but this server's budget has {{left, money}} left: enough for {{fits, number}} of the {{count, number}} takes (ask again with `count:{{fits}}`). Nothing was sent or charged.",
    batchBudgetSome_other:
      "{{count, number}} takes cost about {{total, money}} in all ({{each, money}} each), but this server's budget has {{left, money}} left: enough for {{fits, number}} of the {{count, number}} takes (ask again with `count:{{fits}}`). Nothing was sent or charged.",
    batchBudgetNone_one:
      "{{count, number}} take costs about {{total, money}} in all ({{each, money}} each), but this server's budget has {{left, money}} left: not enough for one take. Nothing was sent or charged.",
    batchBudgetNone_other:
      "{{count, number}} takes cost about {{total, money}} in all ({{each, money}} each), but this server's budget has {{left, money}} left: not enough for one take. Nothing was sent or charged.",
  },

  /** /video-pro's own refusals. */
  pro: {
    omniImages:
      'Omni Flash Ext takes either one image (the first frame) or exactly three: scene, character and object together. Nothing was sent and nothing was charged.',
    notInFamily:
      '"{{model}}" is not one of the {{family}} models ({{models}}); use /video for any model. Nothing was sent and nothing was charged.',
  },

  /** Reference attachments (references.ts). */
  attachment: {
    notImage:
      'The attachment "{{name}}" given as `{{option}}` is not an image: {{found}}. Nothing was sent and nothing was charged.',
    notVideo:
      'The attachment "{{name}}" given as `{{option}}` is not a video (MP4, WebM or MOV): {{found}}. Nothing was sent and nothing was charged.',
    notAudio:
      'The attachment "{{name}}" given as `{{option}}` is not an audio file (MP3, WAV, M4A or OGG): {{found}}. Nothing was sent and nothing was charged.',
    /** What the file is, after the colon above. */
    isImage: 'it is an image',
    isVideo: 'it is a video',
    isAudio: 'it is an audio file',
    isFormatNotTaken: 'it is {{type}}, a format the service does not take',
    isType: 'it is {{type}}',
    isUnknown: 'it is of an unknown type',
  },
  /** Counts of references, joined as a list ("2 images and 1 audio file"). */
  references: {
    image_one: '{{count, number}} image',
    image_other: '{{count, number}} images',
    video_one: '{{count, number}} video',
    video_other: '{{count, number}} videos',
    audio_one: '{{count, number}} audio file',
    audio_other: '{{count, number}} audio files',
    none: 'nothing',
  },

  /** "Generate from this" (a message's Apps menu). */
  fromMessage: {
    noAttachments:
      'This message has no image, video or audio attachment, so there is nothing to generate from. Nothing was sent or charged.',
    expired:
      'This form is no longer open (it lasts 15 minutes). Use "Generate from this" on the message again; nothing was sent or charged.',
    noModelTakes: 'No model takes {{references}} together as references. Nothing was sent or charged.',
    modelGone: 'The model "{{model}}" is no longer offered. Nothing was sent or charged.',
    title: 'Generate from this message',
    prompt: 'Prompt',
    model: 'Model',
    modelHint: 'The models that take {{references}}; prices with their defaults.',
    more: 'More files (optional)',
    moreHint: "Added after the message's attachments; each model has its own limit.",
  },

  /** A model offered in a menu or an autocomplete, with its price. */
  /** Orbit's styles, as the menu of /video-pro orbit names them (the value sent is the service's). */
  style: {
    none: 'none',
    thanksgiving: 'thanksgiving',
    comic: 'comic',
    news: 'news',
    selfie: 'selfie',
    nostalgic: 'nostalgic',
    anime: 'anime',
  },
  choice: {
    price: '{{model}} · {{price}}',
    priceFrom: '{{model}} · from {{price}}',
    about: 'about {{amount, money}}',
  },

  /** Why a member's default (/settings) was not used (only they read it). */
  defaultModelGone: {
    image:
      "Your default image model `{{model}}` is no longer offered, so this used the server's default, {{fallback}}. Choose another with /settings.",
    video:
      "Your default video model `{{model}}` is no longer offered, so this used the server's default, {{fallback}}. Choose another with /settings.",
  },
  /**
   * /settings: why defaults can't be saved, and a stored default cleared. `option` is the /settings
   * option as the code names it (`image_model`); `model` a model's label.
   */
  defaults: {
    catalogNotLoaded:
      'The generation service has not been reachable since the bot started, so the bot cannot check models, aspect ratios or resolutions yet. Nothing was saved; please try again in a minute.',
    cantSave: "These defaults can't be saved:\n{{problems}}\nNothing was saved.",
    noSuchModel: '{{option}}: there is no model `{{model}}`. /models lists them.',
    makesImages: '{{option}}: {{model}} makes images, not videos; choose it as {{other}}.',
    makesVideos: '{{option}}: {{model}} makes videos, not images; choose it as {{other}}.',
    storedGone: {
      image:
        '{{option}}: your default image model `{{model}}` is no longer offered; choose another {{option}} with this.',
      video:
        '{{option}}: your default video model `{{model}}` is no longer offered; choose another {{option}} with this.',
    },
    /** A model named as the one in use when the member has chosen none. */
    serverDefault: "{{model}} (the server's default)",
    takesNo: {
      aspect_ratio: '{{option}}: {{model}} takes no aspect ratio.',
      resolution: '{{option}}: {{model}} takes no resolution.',
    },
    notTaken: {
      aspect_ratio: '{{option}}: {{model}} does not take the aspect ratio `{{value}}`; it takes {{values}}.',
      resolution: '{{option}}: {{model}} does not take the resolution `{{value}}`; it takes {{values}}.',
    },
    cleared: {
      image: {
        aspect_ratio: 'Your default image aspect ratio {{value}} was cleared: {{model}} does not take it.',
        resolution: 'Your default image resolution {{value}} was cleared: {{model}} does not take it.',
      },
      video: {
        aspect_ratio: 'Your default video aspect ratio {{value}} was cleared: {{model}} does not take it.',
        resolution: 'Your default video resolution {{value}} was cleared: {{model}} does not take it.',
      },
    },
  },
} as const;
