import type { Texts } from '../../messages.ts';

export default {
  hello:
    '¡Hola! Soy {{bot}}. Aquí los miembros crean imágenes y vídeos con `/imaginar` y `/vídeo`; `/modelos` muestra los modelos y sus precios.',
  allowance:
    'Cada generación se paga de un saldo prepago compartido, así que cada miembro solo gasta dentro de un cupo: hasta que los admins asignen cupos, cada miembro puede gastar el predeterminado, **{{allowance}}**, y nada más.',
  noAllowance:
    'Cada generación se paga de un saldo prepago compartido, así que cada miembro solo gasta dentro de un cupo: no se gasta nada hasta que los admins asignen cupos, porque el cupo predeterminado es {{zero, money}}.',
  start: 'Para empezar, cualquiera con el permiso Gestionar servidor puede usar:',
  default: '• `/{{command}}` — el cupo que recibe cada miembro y su periodo',
  budget: '• `/{{command}}` — un límite al gasto de todo el servidor por periodo',
  show: '• `/{{command}}` — los cupos y quién ha gastado qué',
} satisfies Texts<'es', 'welcome'>;
