/** English: the source of every key; the other languages are checked against it. */
export default {
  hello:
    "Hello! I'm {{bot}}. Members make images and videos here with `/imagine` and `/video`; `/models` lists the models and their prices.",
  allowance:
    'Every generation is paid from one shared prepaid balance, so each member spends only within an allowance: until admins set allowances, every member may spend the default, **{{allowance}}**, and nothing beyond it.',
  noAllowance:
    'Every generation is paid from one shared prepaid balance, so each member spends only within an allowance: nothing is spent until admins set allowances, because the default allowance is {{zero, money}}.',
  start: 'To start, anyone with the Manage Server permission can use:',
  default: '• `/{{command}}` — the allowance every member gets, and its period',
  budget: '• `/{{command}}` — a cap on the whole server’s spend per period',
  show: '• `/{{command}}` — the allowances and who has spent what',
} as const;
