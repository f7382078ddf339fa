/** Français : les lignes du journal de modération (`/quota moderation`), lues par les modérateurs d’un serveur. */
export default {
  image: '🖼️ {{user}} · {{where}} · {{model}} · {{amount, money}}',
  video: '🎬 {{user}} · {{where}} · {{model}} · {{amount, money}}',
  refused: '⛔ {{user}} · {{where}} · {{model}} · refusé par les règles de prompts, rien n’a été envoyé',
  cannotPost:
    '**Alerte :** le bot ne peut pas publier dans le salon du journal de modération {{channel}} (il n’existe plus, ou le bot n’a pas le droit d’y envoyer des messages). Les générations continuent, mais ne sont pas journalisées tant qu’il ne le peut pas ; les lignes d’ici là sont perdues. Vérifiez les permissions du bot dans ce salon, ou choisissez-en un autre avec /{{command}}. (Signalé une fois, jusqu’à ce qu’une ligne passe à nouveau.)',
} as const;
