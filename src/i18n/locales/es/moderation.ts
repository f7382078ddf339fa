/** Español: las líneas del registro de moderación (`/quota moderation`), que leen los moderadores de un servidor. */
export default {
  image: '🖼️ {{user}} · {{where}} · {{model}} · {{amount, money}}',
  video: '🎬 {{user}} · {{where}} · {{model}} · {{amount, money}}',
  refused: '⛔ {{user}} · {{where}} · {{model}} · rechazado por las reglas de prompts, no se envió nada',
  cannotPost:
    '**Alerta:** el bot no puede publicar en el canal del registro de moderación {{channel}} (ya no existe, o el bot no puede enviar mensajes allí). Las generaciones continúan, pero no se registran hasta que pueda; las líneas de mientras se pierden. Revisa los permisos del bot en ese canal, o elige otro con /{{command}}. (Se avisa una vez, hasta que una línea vuelva a pasar.)',
} as const;
