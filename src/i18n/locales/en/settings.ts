/** English: the source of every key; the other languages are checked against it. */
export default {
  command: {
    name: 'settings',
    description: 'Your own defaults for /imagine and /video in this server (only you see them)',
    image_model: { name: 'image_model', description: 'Your default image model (price shown)' },
    image_aspect_ratio: {
      name: 'image_aspect_ratio',
      description: 'Your default aspect ratio for images, e.g. 16:9',
    },
    image_resolution: {
      name: 'image_resolution',
      description: 'Your default resolution for images, e.g. 2K',
    },
    video_model: { name: 'video_model', description: 'Your default video model (price shown)' },
    video_aspect_ratio: {
      name: 'video_aspect_ratio',
      description: 'Your default aspect ratio for videos, e.g. 16:9',
    },
    video_resolution: {
      name: 'video_resolution',
      description: 'Your default resolution for videos, e.g. 720p',
    },
    count: { name: 'count', description: 'Takes per request, {{min, number}} to {{max, number}}' },
    always_confirm: {
      name: 'always_confirm',
      description: "Ask me to confirm every paid request, even below the server's threshold",
    },
  },
  serversOnly: '/{{command}} works in servers only.',
  notYours:
    "This Reset is for another member's defaults. Run /{{command}} to see and reset your own. Nothing was changed.",
  saved: 'Saved.',
  title: 'Your defaults in this server',
  description:
    'Used by /imagine and /video for an option you leave out; an option you give always wins. An aspect ratio or resolution is used only with a model that takes it.',
  images: 'Images (/imagine)',
  videos: 'Videos (/video)',
  model: '{{label}} (`{{slug}}`)',
  gone: "`{{slug}}`, no longer offered: the server's default is used",
  stored: '`{{slug}}`',
  serverDefault: "the server's default ({{label}})",
  aspectRatio: 'aspect ratio {{value}}',
  resolution: 'resolution {{value}}',
  count: 'Takes per request',
  countDefault: "{{value, number}} (the server's default)",
  confirm: 'Ask me to confirm',
  confirmAlways: 'every request with a price',
  confirmAbove: "only requests above the server's threshold",
  resetTitle: 'Your defaults in this server were reset',
  resetDescription: "/imagine and /video use the server's defaults again. Set new ones with /{{command}}.",
  reset: 'Reset',
} as const;
