/** English: the moderation log's lines (`/quota moderation`), read by a server's moderators. */
export default {
  image: '🖼️ {{user}} · {{where}} · {{model}} · {{amount, money}}',
  video: '🎬 {{user}} · {{where}} · {{model}} · {{amount, money}}',
  refused: '⛔ {{user}} · {{where}} · {{model}} · refused by the prompt rules, nothing sent',
  cannotPost:
    "**Alert:** the bot cannot post in the moderation log channel {{channel}} (it is gone, or the bot may not send messages there). Generations go on, but are not logged until it can; the log's lines meanwhile are lost. Check the bot's permissions there, or choose another channel with /{{command}}. (Told once, until a line goes through again.)",
} as const;
