/** Deutsch: die Zeilen des Moderationsprotokolls (`/quota moderation`), für die Moderatoren eines Servers. */
export default {
  image: '🖼️ {{user}} · {{where}} · {{model}} · {{amount, money}}',
  video: '🎬 {{user}} · {{where}} · {{model}} · {{amount, money}}',
  refused: '⛔ {{user}} · {{where}} · {{model}} · von den Prompt-Regeln abgelehnt, nichts gesendet',
  cannotPost:
    '**Warnung:** Der Bot kann nicht im Kanal des Moderationsprotokolls {{channel}} posten (er existiert nicht mehr, oder der Bot darf dort keine Nachrichten senden). Generierungen laufen weiter, werden aber nicht protokolliert, bis er es wieder kann; die Zeilen in der Zwischenzeit gehen verloren. Prüfe die Berechtigungen des Bots dort oder wähle mit /{{command}} einen anderen Kanal. (Einmal gemeldet, bis wieder eine Zeile durchgeht.)',
} as const;
