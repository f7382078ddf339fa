/** English: the source of every key; the other languages are checked against it. */
export default {
  command: {
    name: 'help',
    description: 'What the bot does, its commands, and your allowance',
  },
  serversOnly: '/{{command}} works in servers only.',
  title: 'What this bot does',
  adminTitle: 'For admins (Manage Server)',
  whatItDoes:
    'Type `/{{imagine}}` or `/{{video}}` with a prompt: the bot sends it to the generation service and edits its reply into the finished image or video, with buttons to go on from it (Again, Vary, Animate, Higher resolution, Details, Delete). One shared account pays for every generation, so each member spends against their own allowance.',
  commands: '**Commands**',
  messageCommand: "**{{name}}** · in a message's Apps menu, from its files",
  yourAllowance: 'Your allowance',
  howQuotasWork: 'How quotas work',
  reserve:
    "Before a request is sent, its price is reserved from your allowance; the service's own price replaces it when it answers, and a generation that fails is refunded.",
  refuse:
    'A request that does not fit what is left is refused privately, and nothing is sent. A costly one shows you its price first and is sent only when you press Confirm.',
  cap_one: 'You may have at most {{count, number}} generation in progress at once.',
  cap_other: 'You may have at most {{count, number}} generations in progress at once.',
  adminIntro:
    'Members spend against the server default until you set an allowance for a role or a member; a server budget caps them all together.',
  /** An admin's count of the server's prompt rules; `list`, `add`: /quota prompts list|add as their Discord names them. */
  promptRules: {
    title: 'Prompt rules',
    count_one: '{{count, number}} word or phrase this server does not allow (`{{list}}`)',
    count_other: '{{count, number}} words or phrases this server does not allow (`{{list}}`)',
    none: 'None: every prompt is allowed. `{{add}}` adds a word or phrase this server does not allow.',
    unreadable: 'They could not be read just now (error id `{{errorId}}`); `{{list}}` shows them.',
  },
  countTip: '**Several takes:** `{{option}}` on {{commands}}: {{description}}',
  countTipRange:
    '**Several takes:** `{{option}}` ({{min, number}} to {{max, number}}) on {{commands}}: {{description}}',
  unreadable:
    "The bot could not read your allowance just now (error id `{{errorId}}`). /{{usage}} shows it once the bot's store answers again.",
  left: '{{left, money}} left · spent {{when}} {{spent, money}}',
  resets: 'Resets {{when}}',
  usageHint: 'Your spend and last generations: /{{usage}}, or **{{button}}** below.',
  models: 'Models',
  myUsage: 'My usage',
} as const;
