import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'ajustes',
    description: 'Tus valores predeterminados para /imaginar y /vídeo en este servidor (solo tú los ves)',
    image_model: { name: 'modelo-imagen', description: 'Tu modelo de imagen predeterminado (con precio)' },
    image_aspect_ratio: {
      name: 'proporción-imagen',
      description: 'Tu relación de aspecto predeterminada para imágenes, p. ej. 16:9',
    },
    image_resolution: {
      name: 'resolución-imagen',
      description: 'Tu resolución predeterminada para imágenes, p. ej. 2K',
    },
    video_model: { name: 'modelo-vídeo', description: 'Tu modelo de vídeo predeterminado (con precio)' },
    video_aspect_ratio: {
      name: 'proporción-vídeo',
      description: 'Tu relación de aspecto predeterminada para vídeos, p. ej. 16:9',
    },
    video_resolution: {
      name: 'resolución-vídeo',
      description: 'Tu resolución predeterminada para vídeos, p. ej. 720p',
    },
    count: { name: 'cantidad', description: 'Versiones por solicitud, de {{min, number}} a {{max, number}}' },
    always_confirm: {
      name: 'confirmar-siempre',
      description:
        'Pedirme confirmación en cada solicitud de pago, incluso por debajo del umbral del servidor',
    },
  },
  serversOnly: '/{{command}} solo funciona en servidores.',
  notYours:
    'Este Restablecer es de los valores de otro miembro. Usa /{{command}} para ver y restablecer los tuyos. No se ha cambiado nada.',
  saved: 'Guardado.',
  title: 'Tus valores predeterminados en este servidor',
  description:
    '/imaginar y /vídeo los usan para cada opción que no indiques; una opción que indiques siempre tiene prioridad. Una relación de aspecto o una resolución solo se usa con un modelo que la admita.',
  images: 'Imágenes (/imaginar)',
  videos: 'Vídeos (/vídeo)',
  model: '{{label}} (`{{slug}}`)',
  gone: '`{{slug}}`, ya no disponible: se usa el predeterminado del servidor',
  stored: '`{{slug}}`',
  serverDefault: 'el predeterminado del servidor ({{label}})',
  aspectRatio: 'relación de aspecto {{value}}',
  resolution: 'resolución {{value}}',
  count: 'Versiones por solicitud',
  countDefault: '{{value, number}} (el predeterminado del servidor)',
  confirm: 'Pedirme confirmación',
  confirmAlways: 'en cada solicitud con precio',
  confirmAbove: 'solo en solicitudes por encima del umbral del servidor',
  resetTitle: 'Se han restablecido tus valores predeterminados en este servidor',
  resetDescription:
    '/imaginar y /vídeo vuelven a usar los valores del servidor. Define otros nuevos con /{{command}}.',
  reset: 'Restablecer',
} satisfies Texts<'es', 'settings'>;
