/** English: the source of every key; the other languages are checked against it. */
export default {
  /** /show in Discord's command list. */
  command: {
    name: 'show',
    description: 'Bring back a past result, with its buttons',
    id: {
      name: 'id',
      description: 'The generation id (in Details, /usage or the failure report); pick one of yours',
    },
  },
  /** A recent generation offered in the id's autocomplete: `prompt` is the member's own. */
  choice: {
    image: 'Image: {{prompt}}',
    video: 'Video: {{prompt}}',
  },
  errors: {
    serversOnly: '/show works in servers only.',
    channelsOnly: '/show works in server channels only.',
    notAnId:
      'That is not a generation id. Pick one of yours from the list, or copy the id from Details or a failure report.',
    notHere: 'The bot has no record of this generation in this server.',
    notYours: 'This generation is not yours; only a member with Manage Server can show others’.',
    unknown: 'Neither the bot nor the generation service knows a generation with this id.',
    notFinished: 'This generation is not finished yet; its reply will show the result.',
  },
  /** The service's own record of a generation the bot no longer has. */
  record: {
    title: 'Generation at the service · {{status}}',
    status: {
      pending: 'waiting',
      processing: 'in progress',
      completed: 'done',
      failed: 'failed',
    },
    id: 'Id',
    model: 'Model',
    created: 'Created',
    finished: 'Finished',
    result: 'Result',
    openFile: 'Open the file',
    /** The service's own message follows, as it came. */
    error: 'Error',
    footer: 'The bot has no record of this generation (who asked, what it cost), so it has no buttons.',
  },
} as const;
