/**
 * English: the source of every key; the other languages are checked against it.
 * The cards of a generation's life (confirmation, waiting, queued, generating, result, failed,
 * batch, Details) in the member's language, and the failure thread in the server's.
 */
export default {
  /** The title of a job's embed, by type and state. */
  title: {
    image: {
      pending: 'Image · Queued',
      processing: 'Image · Generating…',
      completed: 'Image · Done',
      failed: 'Image · Failed',
    },
    video: {
      pending: 'Video · Queued',
      processing: 'Video · Generating…',
      completed: 'Video · Done',
      failed: 'Video · Failed',
    },
  },
  field: {
    model: 'Model',
    price: 'Price',
    requestedBy: 'Requested by',
    parameters: 'Parameters',
    submitted: 'Submitted',
    status: 'Status',
    /** How long the model usually takes (never a clock time that could pass unnoticed). */
    usually: 'Usually takes',
  },
  /** A length of time with its unit: `value` is a number already written in the language. */
  seconds: '{{value}} s',
  minutes: '{{value}} min',
  usually: {
    about: 'about {{duration}}',
    late: 'about {{duration}}; this one is taking longer than usual',
  },
  /** The price on a failed card: what was charged and what became of it. */
  failedPrice: {
    refunded: '{{charged, money}} charged, {{refunded, money}} refunded',
    refunding: '{{amount, money}} charged, being refunded',
    nothing: 'Nothing was charged',
  },
  failedStatus: 'The service could not make this. The details are in the thread.',
  /** The report in the failure thread, read by the whole server. */
  report: {
    image: '**The image generation failed** ({{model}}).',
    video: '**The video generation failed** ({{model}}).',
    noReason: 'The service gave no reason.',
    refunded:
      "{{amount, money}} was returned to {{member}}'s allowance; the service does not charge failed generations.",
    nothingTaken: "Nothing was taken from {{member}}'s allowance for this generation.",
    id: 'Generation id {{id}}',
  },
  threadName: 'Failed: {{prompt}}',
  simulator: 'Built-in simulator: nothing real was generated or charged',
  /** One item of the parameter line, and the names and values it shows. */
  param: '{{name}}: {{value}}',
  paramName: {
    aspect_ratio: 'aspect ratio',
    resolution: 'resolution',
    duration: 'duration',
    mode: 'mode',
    style: 'style',
    image_urls: 'image urls',
    video_urls: 'video urls',
    audio_urls: 'audio urls',
    generate_audio: 'generate audio',
    camera_fixed: 'camera fixed',
    web_search: 'web search',
    return_last_frame: 'return last frame',
    seed: 'seed',
    watermark: 'watermark',
    private: 'private',
  },
  yes: 'yes',
  no: 'no',
  /** The result card. */
  result: {
    charged: '{{amount, money}} charged',
    askedBy: 'asked by {{member}}',
    lastFrame: 'Last frame',
    notFetched: 'The file could not be fetched (generation id {{id}}).',
    tooLarge: 'The file is larger than this channel accepts: open it with the button below.',
    notAttached: 'The file could not be attached: open it with the button below.',
  },
  /** Where a result came from; `url` links to the message it was made from. */
  origin: {
    again: 'Again from [this result]({{url}})',
    againUnlinked: 'Again from an earlier result',
    vary: 'A variation of [this result]({{url}})',
    varyUnlinked: 'A variation of an earlier result',
    animate: 'Animated from [this result]({{url}})',
    animateUnlinked: 'Animated from an earlier result',
    higherResolution: 'Higher resolution of [this result]({{url}})',
    higherResolutionUnlinked: 'Higher resolution of an earlier result',
    continue: 'Continued from the last frame of [this result]({{url}})',
    continueUnlinked: 'Continued from the last frame of an earlier result',
    message: 'Made from the attachments of [this message]({{url}})',
    messageUnlinked: 'Made from the attachments of a message',
    madeFromResult: 'Made from [this result]({{url}})',
    madeFromResultUnlinked: 'Made from an earlier result',
    madeFromMessage: 'Made from [this message]({{url}})',
    madeFromMessageUnlinked: 'Made from a message',
  },
  button: {
    openImage: 'Open image',
    downloadVideo: 'Download video',
    again: 'Again',
    vary: 'Vary',
    animate: 'Animate',
    higherResolution: 'Higher resolution ({{resolution}})',
    continue: 'Continue from last frame',
    details: 'Details',
    delete: 'Delete',
    modelDocs: 'Model documentation',
    confirm: 'Confirm',
    cancel: 'Cancel',
  },
  /** A batch: one card for several takes of one request. */
  batch: {
    takes_one: '{{count, number}} take',
    takes_other: '{{count, number}} takes',
    take: 'Take {{n}}',
    again: 'Again {{n}}',
    vary: 'Vary {{n}}',
    animate: 'Animate {{n}}',
    higherResolution: 'Higher res. {{n}}',
    details: 'Details {{n}}',
    state: {
      sending: 'waiting to be sent',
      notSent: 'not sent, nothing charged',
      queued: 'queued',
      generating: 'generating…',
      done: 'done',
      doneNoFile: 'done (the file could not be attached)',
      failedRefunded: 'failed, {{amount, money}} refunded',
      failedRefunding: 'failed, refund on its way',
    },
  },
  /** The confirmation card of a costly request. */
  confirm: {
    cost: '**This request costs about {{amount, money}}.**',
    costTakes_one:
      '**This {{count, number}} take costs about {{total, money}} in all** ({{each, money}} each).',
    costTakes_other:
      '**These {{count, number}} takes cost about {{total, money}} in all** ({{each, money}} each).',
    left: 'After it you will have {{remaining, money}} left of your {{allowance, money}} allowance.',
    expires:
      'Nothing is sent until you confirm. Without an answer it is cancelled {{when}}, and nothing is charged.',
  },
  /** A request waiting in the fair queue, and one cancelled there. */
  waiting: {
    sent: 'Your request was sent; the generation service has not answered yet. It can no longer be cancelled.',
    busy: 'The generation service is busy: your request is next and waits for capacity; it should be sent {{when}}. It can no longer be cancelled.',
    next: 'Your request is next in line · expected to be sent {{when}}. Nothing is charged until it is sent; you can cancel it until then.',
    ahead_one:
      '{{count, number}} request ahead of yours · expected to be sent {{when}}. Nothing is charged until it is sent; you can cancel it until then.',
    ahead_other:
      '{{count, number}} requests ahead of yours · expected to be sent {{when}}. Nothing is charged until it is sent; you can cancel it until then.',
    released:
      'Cancelled before it was sent. Nothing was charged; the {{amount, money}} held for it is yours again.',
    releasing:
      'Cancelled before it was sent. Nothing was charged; the {{amount, money}} held for it is given back within a few minutes.',
  },
  /** Details of a result, shown only to the member who asked. */
  details: {
    image: 'Details of this image',
    video: 'Details of this video',
    generationId: 'Generation id',
    references: 'Reference files',
    timings: 'Timings',
    startedFrom: 'Started from',
    slashCommand: 'A slash command',
    modelGone: '{{label}} ({{slug}}, no longer offered by the service)',
    seedRandom: 'random (not set)',
    asReported: 'as the service reported them; the request itself was not recorded',
    referenceList: '{{name}} ({{count, number}}):',
    price: 'quoted {{quoted, money}} · charged {{charged, money}}',
    priceRefunded: 'quoted {{quoted, money}} · charged {{charged, money}} · refunded {{refunded, money}}',
    submittedAt: 'Submitted: {{at}}',
    completedAt: 'Completed: {{at}} ({{duration}} after submission)',
    completedUnknown: 'Completed: not recorded',
    deliveredAfterCompletion: 'Delivered: {{at}} ({{duration}} after completion)',
    deliveredAfterSubmission: 'Delivered: {{at}} ({{duration}} after submission)',
    deliveredUnknown: 'Delivered: not recorded',
  },
} as const;
