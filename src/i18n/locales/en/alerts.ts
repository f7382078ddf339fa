/** English: the source of every key; the other languages are checked against it. */
export default {
  tokenRefused:
    "**Alert:** the generation service refused the bot's API token (401). No generation can be started or followed until the bot's operator sets a valid `MEDIA_API_TOKEN` and restarts it. Requests it refused were not charged. (Told at most once an hour.)",
  balanceUsedUp:
    "**Alert:** the generation service refused a request because the shared balance is used up (402). Members' requests fail until the account is topped up; nothing was charged for them. (Told at most once an hour.)",
  drift:
    "**Alert:** the service's usage log shows charges that no ledger of this bot does, an hour after the last check found them: usually a failed generation the service kept charging after the bot refunded the member, or use of the API token outside this bot. Compare with /balance.",
  balanceLow:
    "**Alert:** the generation service's shared balance is {{balance, money}}, below this server's alert threshold of {{below, money}}. Top it up before it runs out: then every request is refused. (Told again only after it has gone back above {{below, money}}; change the threshold with /{{command}}.)",
} as const;
