/**
 * English: the source of every key; the other languages are checked against it.
 *
 * What a member reads after pressing something: the result's buttons (Again, Vary, Animate, Higher
 * resolution, Continue, Delete), the confirmation card's Confirm and Cancel, a waiting request's
 * Cancel, the modals they open, and the refusals every press can meet (not on its message, too old,
 * pressed twice, the store down, a bug).
 */
export default {
  /** Refusals before any button, menu or modal is handled (router.ts, press-check.ts, args.ts). */
  press: {
    repeated: 'You pressed this a moment ago: that press is already on its way.',
    unknownComponent: 'This is not known to the bot any more; please start again from the command.',
    unknownCommand: 'This command is not known to the bot any more.',
    /** `name`: the subcommand's name as Discord sent it. */
    unknownSubcommand: 'This subcommand ({{name}}) is not known to the bot any more.',
    badOption:
      'The option `{{name}}` did not arrive as this command defines it. Nothing was sent, charged or changed.',
    noSubcommand:
      'This command arrived without one of its subcommands. Nothing was sent, charged or changed.',
    /** `name`: the option's name as it was sent (shown only when it could be a name). */
    unknownOption: 'The option `{{name}}` is not known to the bot. Nothing was sent, charged or changed.',
    /** An autocomplete cannot carry a message: this is only logged (option-checks.ts). */
    noFocusedOption: 'This autocomplete did not arrive with exactly one option being typed.',
    optionMissing: 'The option `{{name}}` is required. Nothing was sent, charged or changed.',
    optionChannelKind:
      'The channel given as `{{name}}` is not of a kind this option takes. Nothing was sent, charged or changed.',
    /** `choices`: the option's choices as the member's Discord lists them. */
    optionChoice:
      'The option `{{name}}` takes one of these: {{choices}}. Nothing was sent, charged or changed.',
    optionRange:
      'The option `{{name}}` takes a value from {{min, number}} to {{max, number}}. Nothing was sent, charged or changed.',
    optionAtLeast:
      'The option `{{name}}` takes a value of at least {{min, number}}. Nothing was sent, charged or changed.',
    optionAtMost:
      'The option `{{name}}` takes a value of at most {{max, number}}. Nothing was sent, charged or changed.',
    /** `length`: the characters (code points) the value has. */
    optionTooLong:
      'The option `{{name}}` takes at most {{max, number}} characters (it has {{length, number}}). Nothing was sent, charged or changed.',
    optionTooShort:
      'The option `{{name}}` takes at least {{min, number}} characters (it has {{length, number}}). Nothing was sent, charged or changed.',
    notOnThisMessage:
      'This does not belong to the message it was used on, so the bot did nothing. Nothing was sent, charged or changed.',
  },
  /** What a member is told when something failed on the bot's side; `errorId` ties it to the log. */
  errors: {
    unexpected:
      'Something went wrong on our side. If it keeps happening, tell an admin the error id `{{errorId}}`.',
    storeFault:
      'The bot cannot record spending right now, so it is not taking requests. Nothing was sent and nothing was charged; please try again later.',
    storeFaultWithId:
      'The bot cannot record spending right now, so it is not taking requests. Nothing was sent and nothing was charged; please try again later. If it lasts, tell an admin the error id `{{errorId}}`.',
  },
  result: {
    /** A button whose generation the store no longer has (or that was made in another server). */
    unknown:
      'This result is not known to the bot any more, so nothing can be made from it. Nothing was sent or charged.',
  },
  higherResolution: {
    /** `model`: the model's name. */
    none: "{{model}} has no resolution above this result's, so there is nothing higher to make. Nothing was sent or charged.",
  },
  /** Vary's modal: the result's prompt to edit, and more reference images. */
  vary: {
    /** The modal's title (Discord cuts it at 45 characters); `model`: the model's name. */
    title: 'Vary: {{model}}',
    promptLabel: 'Prompt',
    uploadLabel: 'Reference images (optional)',
    /** Under the upload (at most 100 characters); `count`: how many more images the model takes. */
    uploadDescription_one:
      "Added to this request's references; up to {{count, number}} image for this model.",
    uploadDescription_other:
      "Added to this request's references; up to {{count, number}} images for this model.",
  },
  /** Animate: a menu of video models, then a modal for the prompt; the image is the first frame. */
  animate: {
    notAnImage: 'Only a finished image can be animated. Nothing was sent or charged.',
    notPublic:
      "This image's address at the generation service is not a public address: only public http(s) addresses can be used. Nothing was sent or charged.",
    noModels: 'No video model takes a first frame right now. Nothing was sent or charged.',
    /** Above the menu of video models, only to the member who pressed. */
    menu: 'Choose the video model that animates this image. Prices are for its default length and resolution, the same as /video without options. Next you write the prompt; nothing is charged before you send it.',
    menuPlaceholder: 'Video model',
    modelGone:
      'That video model does not take a first frame any more; press Animate again. Nothing was sent or charged.',
    /** The modal's title (Discord cuts it at 45 characters); `model`: the video model's name. */
    title: 'Animate with {{model}}',
    promptLabel: 'What happens in the video',
    uploadLabel: 'More reference images (optional)',
    /** Under the upload (at most 100 characters); `count`: how many more images the model takes. */
    uploadDescription_one:
      'They follow this image, the first frame; up to {{count, number}} image for this model.',
    uploadDescription_other:
      'They follow this image, the first frame; up to {{count, number}} images for this model.',
    formUnknown: 'This form is not known to the bot any more; press Animate again.',
  },
  /** Continue from last frame: a modal for the prompt of the next video. */
  continue: {
    noLastFrame:
      'The generation service returned no last frame for this result, so it cannot be continued. Nothing was sent or charged.',
    notPublic:
      "The last frame's address at the generation service is not a public address: only public http(s) addresses can be used. Nothing was sent or charged.",
    /** The modal's title (Discord cuts it at 45 characters); `model`: the model's name. */
    title: 'Continue: {{model}}',
    promptLabel: 'What happens next',
  },
  delete: {
    notYours:
      'Only the member who asked for this result, or a member who can manage messages here, can delete it. Nothing was changed.',
    done: 'The result was deleted.',
    failed: 'The bot could not delete this message here. Nothing was changed.',
  },
  /** Confirm and Cancel on the confirmation card, which only the member who asked sees. */
  confirm: {
    outsideChannel: 'This button is not known to the bot any more; run the command again.',
    notHere:
      'This confirmation belongs to another channel, so it cannot be answered here. Nothing was sent or charged.',
    notYours: 'This confirmation is not yours: only the member who asked can answer it.',
    gone: 'This confirmation is no longer open.',
    expired: 'This confirmation expired; nothing was sent or charged.',
    onItsWay: 'This request is already on its way.',
    alreadyCancelled: 'This request was cancelled; nothing was sent or charged.',
    /** The card after Cancel; `amount`: what was held for the request (every take of it). */
    cancelled: 'Cancelled. Nothing was sent, and the {{amount, money}} held for it is yours again.',
    /** `model`: the model's id as the request named it. */
    modelGone: 'The model "{{model}}" is no longer offered. Nothing was sent or charged.',
    /** The card after Confirm, once the public reply exists. */
    confirmed: 'Confirmed: your request is on its way; the reply in the channel shows how it goes.',
  },
  /** Cancel on a request waiting for its turn. */
  queue: {
    notYours: 'This request is not yours: only the member who asked can cancel it.',
    alreadySent:
      'This request was already sent to the generation service, which cannot stop a generation once it has it; the reply shows how it goes.',
    noLongerWaiting: 'This request is no longer waiting; the reply shows what became of it.',
  },
  /** What the generation modals refuse on submit (modal-fields.ts). */
  modal: {
    chooseModel: 'Choose a model in the menu. Nothing was sent or charged.',
    /** `name`: the file's name; `type`: its content type as Discord gave it (image/png, text/plain). */
    uploadNotMedia:
      'The upload "{{name}}" is not an image, a video or an audio file (it is {{type}}). Nothing was sent or charged.',
    uploadNotMediaUnknownType:
      'The upload "{{name}}" is not an image, a video or an audio file (it is of an unknown type). Nothing was sent or charged.',
  },
} as const;
