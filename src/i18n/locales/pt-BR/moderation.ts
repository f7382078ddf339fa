/** Português (Brasil): as linhas do registro de moderação (`/quota moderation`), lidas pelos moderadores de um servidor. */
export default {
  image: '🖼️ {{user}} · {{where}} · {{model}} · {{amount, money}}',
  video: '🎬 {{user}} · {{where}} · {{model}} · {{amount, money}}',
  refused: '⛔ {{user}} · {{where}} · {{model}} · recusado pelas regras de prompts, nada foi enviado',
  cannotPost:
    '**Alerta:** o bot não consegue publicar no canal do registro de moderação {{channel}} (ele não existe mais, ou o bot não pode enviar mensagens lá). As gerações continuam, mas não são registradas até que consiga; as linhas enquanto isso se perdem. Verifique as permissões do bot nesse canal, ou escolha outro com /{{command}}. (Avisado uma vez, até que uma linha passe de novo.)',
} as const;
