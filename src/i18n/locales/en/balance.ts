/** English: the source of every key; the other languages are checked against it. */
export default {
  /** /balance in Discord's command list. */
  command: {
    name: 'balance',
    description: "The generation service account's balance and spend, and this server's spend",
  },
  account: {
    title: 'Generation service account',
    balance: 'Balance',
    totalSpent: 'Total spent (whole account)',
    noAnswer: 'The generation service did not answer; try again in a minute.',
  },
  /** The field of this server's spend, by the quota's period. */
  server: {
    daily: 'This server, today',
    weekly: 'This server, this week',
    monthly: 'This server, this month',
    total: 'This server, in total',
  },
  charged: '{{amount, money}} charged (ledger, refunds deducted)',
  /** Charged out of the server's budget, by the budget's period. */
  chargedOfBudget: {
    daily: '{{amount, money}} charged of a {{budget, money}} budget per day (ledger, refunds deducted)',
    weekly: '{{amount, money}} charged of a {{budget, money}} budget per week (ledger, refunds deducted)',
    monthly: '{{amount, money}} charged of a {{budget, money}} budget per month (ledger, refunds deducted)',
    total: '{{amount, money}} charged of a {{budget, money}} budget in total (ledger, refunds deducted)',
  },
  /**
   * The drift between the bot's ledger and the service's usage log. `when` is one of `drift.when`;
   * `service` is an amount or `drift.atLeast`.
   */
  drift: {
    when: {
      daily: 'today (since {{since}})',
      weekly: 'this week (since {{since}})',
      monthly: 'this month (since {{since}})',
      total: 'since the start',
    },
    atLeast: 'at least {{amount, money}}',
    compareOne:
      "**Drift** {{when}}: this server's ledger shows {{ledger, money}}, the service's usage log {{service}}.",
    compareAll:
      "**Drift** {{when}}: the service's usage log covers the whole API token, so it is compared with the ledgers of all {{servers, number}} servers of this bot. They show {{ledger, money}} (this server {{server, money}}), the usage log {{service}}.",
    tooMany:
      "**Drift** {{when}}: the service's usage log covers the whole API token, shared by the {{servers, number}} servers of this bot, and shows {{service}}; this server's ledger shows {{server, money}}. The bot is in too many servers to add up all their ledgers, so no difference is computed.",
    match: 'They match.',
    serviceMore:
      'The service charged {{amount, money}} more than the ledger shows (spend the bot did not record, or use of the token outside this bot).',
    ledgerMore:
      'The ledger shows {{amount, money}} more than the service charged (usually a failure the service already refunded and the bot has not seen yet).',
    partial: 'Only the latest usage records were read, so no difference is computed.',
    /** The two sentences of the drift together: what each side shows, then what it means. */
    line: '{{head}} {{verdict}}',
    unreadable: "**Drift**: the service's usage log could not be read, so there is nothing to compare.",
  },
  log: {
    title: 'Usage log (whole account) · page {{page, number}} of {{pages, number}}',
    titleUnknown: 'Usage log (whole account) · page {{page, number}}',
    unreadable: 'The usage log could not be read right now; try again in a minute.',
    none: 'No charges yet.',
    emptyPage: 'No records on this page.',
    records_one: '{{count, number}} record',
    records_other: '{{count, number}} records',
    video: 'video',
    image: 'image',
    previous: 'Previous',
    next: 'Next',
  },
} as const;
