/** English: the source of every key; the other languages are checked against it. */
export default {
  /** /usage in Discord's command list. */
  command: {
    name: 'usage',
    description: 'Your generation allowance, what you spent this period and your last generations',
  },
  title: 'Your generation quota',
  serversOnly: '/usage works in servers only.',
  allowance: 'Allowance',
  /** `amount`: one of `perPeriod`; `source`: one of `source`. */
  allowanceValue: '{{amount}} ({{source}})',
  perPeriod: {
    daily: '{{amount, money}} per day',
    weekly: '{{amount, money}} per week',
    monthly: '{{amount, money}} per month',
    total: '{{amount, money}} in total',
  },
  /** Where a member's allowance comes from (read by the member, or by an admin in /quota show). */
  source: {
    override: 'their own allowance',
    /** `role`: a role mention. */
    role: 'from the role {{role}}',
    someRole: 'from a role',
    default: 'the server default',
  },
  spent: {
    daily: 'Spent today',
    weekly: 'Spent this week',
    monthly: 'Spent this month',
    total: 'Spent in total',
  },
  reserved: 'Reserved by generations in flight',
  reservedValue: '{{amount, money}} · {{count, number}} of at most {{cap, number}} in progress',
  topup: 'Top-up',
  topupValue: '{{amount, money}} left (spent after the allowance, never resets)',
  topupOwed: '{{amount, money}} left · {{owed, money}} owed for a refunded purchase',
  remaining: 'Remaining',
  resets: 'Resets',
  recent_one: 'Last generation',
  recent_other: 'Last {{count, number}} generations',
  recentNone: 'Last generations',
  none: 'None yet.',
  unknownModel: 'unknown model',
  status: {
    in_flight: 'in progress',
    completed: 'done',
    refunded: 'failed · refunded',
  },
  /** The link to the message that shows a generation. */
  result: 'result',
} as const;
