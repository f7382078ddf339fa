import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'ayuda',
    description: 'Qué hace el bot, sus comandos y tu cupo',
  },
  serversOnly: '/{{command}} solo funciona en servidores.',
  title: 'Qué hace este bot',
  adminTitle: 'Para admins (Gestionar servidor)',
  whatItDoes:
    'Escribe `/{{imagine}}` o `/{{video}}` con un prompt: el bot lo envía al servicio de generación y convierte su respuesta en la imagen o el vídeo terminado, con botones para seguir a partir de él (Otra vez, Variar, Animar, Mayor resolución, Detalles, Eliminar). Una cuenta compartida paga cada generación, así que cada miembro gasta de su propio cupo.',
  commands: '**Comandos**',
  messageCommand: '**{{name}}** · en el menú Aplicaciones de un mensaje, a partir de sus archivos',
  yourAllowance: 'Tu cupo',
  howQuotasWork: 'Cómo funcionan los cupos',
  reserve:
    'Antes de enviar una solicitud, su precio se reserva de tu cupo; el precio del propio servicio lo sustituye cuando responde, y una generación que falla se reembolsa.',
  refuse:
    'Una solicitud que no cabe en lo que te queda se rechaza en privado y no se envía nada. Una costosa te muestra antes su precio y solo se envía cuando pulsas Confirmar.',
  cap_one: 'Puedes tener como máximo {{count, number}} generación en curso a la vez.',
  cap_many: 'Puedes tener como máximo {{count, number}} de generaciones en curso a la vez.',
  cap_other: 'Puedes tener como máximo {{count, number}} generaciones en curso a la vez.',
  adminIntro:
    'Los miembros gastan del cupo predeterminado del servidor hasta que asignes un cupo a un rol o a un miembro; un presupuesto del servidor los limita a todos juntos.',
  promptRules: {
    title: 'Reglas de prompts',
    count_one: '{{count, number}} palabra o frase que este servidor no permite (`{{list}}`)',
    count_many: '{{count, number}} de palabras o frases que este servidor no permite (`{{list}}`)',
    count_other: '{{count, number}} palabras o frases que este servidor no permite (`{{list}}`)',
    none: 'Ninguna: se permite cualquier prompt. `{{add}}` añade una palabra o frase que este servidor no permite.',
    unreadable: 'No se han podido leer ahora mismo (id de error `{{errorId}}`); `{{list}}` las muestra.',
  },
  countTip: '**Varias versiones:** `{{option}}` en {{commands}}: {{description}}',
  countTipRange:
    '**Varias versiones:** `{{option}}` (de {{min, number}} a {{max, number}}) en {{commands}}: {{description}}',
  unreadable:
    'El bot no ha podido leer tu cupo ahora mismo (id de error `{{errorId}}`). /{{usage}} lo mostrará cuando el almacenamiento del bot vuelva a responder.',
  left: 'Quedan {{left, money}} · gastado {{when}}: {{spent, money}}',
  resets: 'Se reinicia {{when}}',
  usageHint: 'Tu gasto y tus últimas generaciones: /{{usage}}, o **{{button}}** aquí abajo.',
  models: 'Modelos',
  myUsage: 'Mi uso',
} satisfies Texts<'es', 'help'>;
