import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'mostrar',
    description: 'Recupera un resultado anterior, con sus botones',
    id: {
      name: 'id',
      description: 'El id de la generación (en Detalles, /uso o el informe de fallo); elige una de las tuyas',
    },
  },
  choice: {
    image: 'Imagen: {{prompt}}',
    video: 'Vídeo: {{prompt}}',
  },
  errors: {
    serversOnly: '/mostrar solo funciona en servidores.',
    channelsOnly: '/mostrar solo funciona en canales de un servidor.',
    notAnId:
      'Eso no es un id de generación. Elige una de las tuyas de la lista o copia el id de Detalles o de un informe de fallo.',
    notHere: 'El bot no tiene registro de esta generación en este servidor.',
    notYours:
      'Esta generación no es tuya; solo un miembro con el permiso Gestionar servidor puede mostrar las de otros.',
    unknown: 'Ni el bot ni el servicio de generación conocen una generación con este id.',
    notFinished: 'Esta generación aún no ha terminado; su respuesta mostrará el resultado.',
  },
  record: {
    title: 'Generación en el servicio · {{status}}',
    status: {
      pending: 'en espera',
      processing: 'en curso',
      completed: 'lista',
      failed: 'fallida',
    },
    id: 'Id',
    model: 'Modelo',
    created: 'Creada',
    finished: 'Terminada',
    result: 'Resultado',
    openFile: 'Abrir el archivo',
    error: 'Error',
    footer:
      'El bot no tiene registro de esta generación (quién la pidió, cuánto costó), así que no tiene botones.',
  },
} satisfies Texts<'es', 'show'>;
