/** English: what a member or the admins are told of a top-up bought in Discord's store. */
export default {
  credited:
    "Thank you: your purchase added {{amount, money}} to your top-up. It is spent after your period's allowance and never resets; /usage shows it.",
  waiting:
    'Thank you for your purchase. Run /usage in the server you bought it for: it is added to your top-up there.',
  refunded: 'Discord refunded a top-up of {{user}}: {{taken, money}} of it was taken back.',
  refundedOwed:
    'Discord refunded a top-up of {{user}}: {{taken, money}} was taken back, and {{owed, money}} of it had been spent already; that is recorded as owed.',
  claiming_one:
    'Your purchase made outside a server is being added to your top-up in this server; a message confirms it.',
  claiming_other:
    'Your {{count, number}} purchases made outside a server are being added to your top-up in this server; a message confirms each.',
} as const;
