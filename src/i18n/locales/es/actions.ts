import type { Texts } from '../../messages.ts';

export default {
  press: {
    repeated: 'Acabas de usar este botón: esa acción ya está en camino.',
    unknownComponent: 'El bot ya no reconoce esto. Vuelve a empezar desde el comando.',
    unknownCommand: 'El bot ya no reconoce este comando.',
    unknownSubcommand: 'El bot ya no reconoce este subcomando ({{name}}).',
    badOption:
      'La opción `{{name}}` no llegó como la define este comando. No se envió, cobró ni cambió nada.',
    noSubcommand: 'Este comando llegó sin uno de sus subcomandos. No se envió, cobró ni cambió nada.',
    unknownOption: 'El bot no reconoce la opción `{{name}}`. No se envió, cobró ni cambió nada.',
    noFocusedOption: 'Este autocompletado no llegó con exactamente una opción en escritura.',
    optionMissing: 'La opción `{{name}}` es obligatoria. No se envió, cobró ni cambió nada.',
    optionChannelKind:
      'El canal indicado en `{{name}}` no es de un tipo que acepte esta opción. No se envió, cobró ni cambió nada.',
    optionChoice:
      'La opción `{{name}}` solo acepta uno de estos valores: {{choices}}. No se envió, cobró ni cambió nada.',
    optionRange:
      'La opción `{{name}}` acepta un valor de {{min, number}} a {{max, number}}. No se envió, cobró ni cambió nada.',
    optionAtLeast:
      'La opción `{{name}}` acepta un valor de al menos {{min, number}}. No se envió, cobró ni cambió nada.',
    optionAtMost:
      'La opción `{{name}}` acepta un valor de como máximo {{max, number}}. No se envió, cobró ni cambió nada.',
    optionTooLong:
      'La opción `{{name}}` puede tener como máximo {{max, number}} caracteres (tiene {{length, number}}). No se envió, cobró ni cambió nada.',
    optionTooShort:
      'La opción `{{name}}` debe tener al menos {{min, number}} caracteres (tiene {{length, number}}). No se envió, cobró ni cambió nada.',
    notOnThisMessage:
      'Esto no pertenece al mensaje en el que se usó, así que el bot no hizo nada. No se envió, cobró ni cambió nada.',
  },
  errors: {
    unexpected:
      'Algo salió mal de nuestro lado. Si sigue pasando, dale a un admin el ID de error `{{errorId}}`.',
    storeFault:
      'El bot no puede registrar gastos en este momento, así que no está aceptando solicitudes. No se envió ni se cobró nada; vuelve a intentarlo más tarde.',
    storeFaultWithId:
      'El bot no puede registrar gastos en este momento, así que no está aceptando solicitudes. No se envió ni se cobró nada; vuelve a intentarlo más tarde. Si continúa, dale a un admin el ID de error `{{errorId}}`.',
  },
  result: {
    unknown:
      'El bot ya no reconoce este resultado, así que no se puede crear nada a partir de él. No se envió ni se cobró nada.',
  },
  higherResolution: {
    none: '{{model}} no tiene una resolución mayor que la de este resultado. No se envió ni se cobró nada.',
  },
  vary: {
    title: 'Variar: {{model}}',
    promptLabel: 'Prompt',
    uploadLabel: 'Imágenes de referencia (opcional)',
    uploadDescription_one:
      'Se añade a las referencias de esta solicitud; hasta {{count, number}} imagen con este modelo.',
    uploadDescription_many:
      'Se añaden a las referencias de esta solicitud; hasta {{count, number}} de imágenes con este modelo.',
    uploadDescription_other:
      'Se añaden a las referencias de esta solicitud; hasta {{count, number}} imágenes con este modelo.',
  },
  animate: {
    notAnImage: 'Solo se puede animar una imagen terminada. No se envió ni se cobró nada.',
    notPublic:
      'La dirección de esta imagen en el servicio de generación no es pública: solo se pueden usar direcciones http(s) públicas. No se envió ni se cobró nada.',
    noModels: 'Ahora mismo ningún modelo de vídeo acepta un fotograma inicial. No se envió ni se cobró nada.',
    menu: 'Elige el modelo de vídeo que animará esta imagen. Los precios son para su duración y resolución predeterminadas, igual que /vídeo sin opciones. Después escribes el prompt; no se cobra nada hasta que lo envíes.',
    menuPlaceholder: 'Modelo de vídeo',
    modelGone:
      'Ese modelo de vídeo ya no acepta un fotograma inicial; haz clic de nuevo en «Animar». No se envió ni se cobró nada.',
    title: 'Animar con {{model}}',
    promptLabel: 'Qué pasa en el vídeo',
    uploadLabel: 'Más imágenes de referencia (opcional)',
    uploadDescription_one:
      'Va después de esta imagen, el fotograma inicial; hasta {{count, number}} imagen con este modelo.',
    uploadDescription_many:
      'Van después de esta imagen, el fotograma inicial; hasta {{count, number}} de imágenes con este modelo.',
    uploadDescription_other:
      'Van después de esta imagen, el fotograma inicial; hasta {{count, number}} imágenes con este modelo.',
    formUnknown: 'El bot ya no reconoce este formulario; haz clic de nuevo en «Animar».',
  },
  continue: {
    noLastFrame:
      'El servicio de generación no devolvió un fotograma final para este resultado, así que no se puede continuar. No se envió ni se cobró nada.',
    notPublic:
      'La dirección del fotograma final en el servicio de generación no es pública: solo se pueden usar direcciones http(s) públicas. No se envió ni se cobró nada.',
    title: 'Continuar: {{model}}',
    promptLabel: 'Qué pasa después',
  },
  delete: {
    notYours:
      'Solo el miembro que pidió este resultado, o alguien que pueda gestionar mensajes aquí, puede eliminarlo. No se cambió nada.',
    done: 'Se eliminó el resultado.',
    failed: 'El bot no pudo eliminar este mensaje aquí. No se cambió nada.',
  },
  confirm: {
    outsideChannel: 'El bot ya no reconoce este botón; vuelve a usar el comando.',
    notHere:
      'Esta confirmación pertenece a otro canal, así que no se puede responder aquí. No se envió ni se cobró nada.',
    notYours: 'Esta confirmación no es tuya: solo puede responderla el miembro que hizo la solicitud.',
    gone: 'Esta confirmación ya no está abierta.',
    expired: 'Esta confirmación expiró; no se envió ni se cobró nada.',
    onItsWay: 'Esta solicitud ya está en camino.',
    alreadyCancelled: 'Esta solicitud se canceló; no se envió ni se cobró nada.',
    cancelled:
      'Cancelado. No se envió nada y los {{amount, money}} reservados vuelven a estar disponibles para ti.',
    modelGone: 'El modelo «{{model}}» ya no está disponible. No se envió ni se cobró nada.',
    confirmed: 'Confirmado: tu solicitud está en camino; la respuesta en el canal muestra cómo avanza.',
  },
  queue: {
    notYours: 'Esta solicitud no es tuya: solo puede cancelarla el miembro que la hizo.',
    alreadySent:
      'Esta solicitud ya se envió al servicio de generación, que no puede detener una generación una vez recibida; la respuesta muestra cómo avanza.',
    noLongerWaiting: 'Esta solicitud ya no está en espera; la respuesta muestra qué pasó con ella.',
  },
  modal: {
    chooseModel: 'Elige un modelo en el menú. No se envió ni se cobró nada.',
    uploadNotMedia:
      'El archivo subido «{{name}}» no es una imagen, un vídeo ni un archivo de audio (es {{type}}). No se envió ni se cobró nada.',
    uploadNotMediaUnknownType:
      'El archivo subido «{{name}}» no es una imagen, un vídeo ni un archivo de audio (su tipo es desconocido). No se envió ni se cobró nada.',
  },
} satisfies Texts<'es', 'actions'>;
