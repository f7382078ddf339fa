import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'cupo',
    description:
      'Gestiona los cupos de generación de los miembros, el presupuesto del servidor y los canales',
    set: {
      name: 'asignar',
      description: 'Asigna un cupo propio a un miembro (tiene prioridad sobre los roles y el predeterminado)',
      usd: 'Cupo en USD por periodo, p. ej. 2.50 (con punto, como mucho 4 decimales)',
      period: 'El periodo del cupo (por defecto: el del cupo predeterminado del servidor)',
    },
    role: {
      name: 'rol',
      description: 'Asigna el cupo de un rol (por periodo predeterminado)',
      role: 'El rol',
      usd: 'Cupo en USD por periodo predeterminado, p. ej. 5',
    },
    default: {
      name: 'predeterminado',
      description: 'Define el cupo predeterminado del servidor y su periodo',
      usd: 'Cupo en USD por periodo para cada miembro, p. ej. 1',
      period: 'Cuándo se reinician los cupos (UTC); también el periodo de los roles y del presupuesto',
    },
    budget: {
      name: 'presupuesto',
      description:
        'Define el presupuesto del servidor por periodo para todos los miembros juntos (0: ninguno)',
      usd: 'Presupuesto en USD por periodo predeterminado, 0 para ninguno',
    },
    confirm: {
      name: 'confirmación',
      description: 'Pide confirmar las solicitudes que cuesten más que esto (0: nunca)',
      usd: 'Confirmar a partir de estos USD por solicitud, p. ej. 0.50; 0 para nunca',
    },
    show: {
      name: 'ver',
      description: 'Muestra el cupo y el gasto de un miembro, o el resumen del servidor',
      user: 'El miembro (ninguno: el servidor)',
    },
    reset: {
      name: 'restablecer',
      description: 'Pone a cero el gasto de un miembro en este periodo',
    },
    channels: {
      name: 'canales',
      description: 'Dónde se pueden usar /imaginar y /vídeo (una lista vacía: en cualquier parte)',
      action: 'Permite un canal, quítalo de la lista o lista los canales',
      channel: 'El canal (para permitir y quitar)',
    },
    alerts: {
      name: 'alertas',
      description: 'Dónde avisa el bot a los admins de lo que requiere atención; sin opciones: el ajuste',
      channel: 'El canal para las alertas',
      below: 'Avisar cuando el saldo compartido baje de estos USD (0 para nunca), p. ej. 5',
      off: 'True: no publicar más alertas',
    },
    moderation: {
      name: 'moderación',
      description: 'Dónde registra el bot cada generación y cada prompt rechazado; sin opciones: el ajuste',
      channel: 'El canal del registro de moderación',
      off: 'True: no registrar nada más',
    },
    report: {
      name: 'informe',
      description:
        'El gasto del servidor por día, por miembro y por modelo (gráfico), con la contabilidad (CSV)',
      days: 'Cuántos días hacia atrás, hoy (UTC) incluido; por defecto {{days, number}}',
    },
    prompts: {
      name: 'prompts',
      description: 'Palabras y frases que este servidor no permite en un prompt',
      add: {
        name: 'añadir',
        description: 'Rechazar los prompts que contengan esta palabra o frase',
        pattern: 'Una palabra o frase; * al final de una palabra cubre sus terminaciones (zorro*)',
      },
      remove: {
        name: 'quitar',
        description: 'Volver a permitir una palabra o frase',
        pattern: 'La palabra o frase, tal como aparece en la lista',
      },
      list: { name: 'listar', description: 'Las palabras y frases que este servidor no permite' },
    },
    option: {
      pattern: 'patrón',
      user: 'miembro',
      member: 'El miembro',
      usd: 'usd',
      period: 'periodo',
      role: 'rol',
      action: 'acción',
      channel: 'canal',
      below: 'umbral',
      off: 'desactivar',
      days: 'días',
    },
    period: { daily: 'diario', weekly: 'semanal', monthly: 'mensual', total: 'total' },
    action: { allow: 'permitir', remove: 'quitar', list: 'listar' },
  },
  perPeriod: {
    daily: '{{amount, money}} al día',
    weekly: '{{amount, money}} a la semana',
    monthly: '{{amount, money}} al mes',
    total: '{{amount, money}} en total',
  },
  thisPeriod: { daily: 'hoy', weekly: 'esta semana', monthly: 'este mes', total: 'en total' },
  serversOnly: '/{{command}} solo funciona en servidores.',
  manageOnly: 'Solo los miembros con el permiso Gestionar servidor pueden usar /{{command}}.',
  negative: 'Un importe no puede ser negativo (escribiste «{{text}}»).',
  notAnAmount:
    '«{{text}}» no es un importe en USD con 4 decimales como máximo (por ejemplo 2.50, con punto).',
  amountTooLarge: 'El importe puede ser como máximo {{max, money}}.',
  unknownPeriod: 'Periodo desconocido «{{value}}»: usa diario, semanal, mensual o total.',
  resets: '{{relative}} ({{absolute}})',
  neverResets: 'nunca (un cupo total no se reinicia)',
  anyChannel: 'cualquier canal (no hay lista)',
  source: {
    override: '{{allowance}} (su propio cupo)',
    role: '{{allowance}} (del rol {{role}})',
    anyRole: '{{allowance}} (de un rol)',
    default: '{{allowance}} (el predeterminado del servidor)',
  },
  more: '… y {{count, number}} más',
  member: {
    title: 'Cupo de un miembro',
    resets: 'Se reinicia',
  },
  server: {
    title: 'Cupo de este servidor',
    defaultAllowance: 'Cupo predeterminado',
    budget: 'Presupuesto del servidor',
    budgetValue: '{{budget}} para todos los miembros juntos · quedan {{left, money}}',
    noBudget: 'ninguno (los miembros solo están limitados por sus cupos)',
    spent: 'Gastado {{when}} (todos los miembros)',
    spentReserved: '{{spent, money}} + {{reserved, money}} reservado',
    inFlight: 'En curso',
    inFlightValue_one: '{{count, number}} generación (como máximo {{cap, number}} por miembro)',
    inFlightValue_many: '{{count, number}} de generaciones (como máximo {{cap, number}} por miembro)',
    inFlightValue_other: '{{count, number}} generaciones (como máximo {{cap, number}} por miembro)',
    topSpenders: 'Quién más ha gastado {{when}}',
    nobody: 'Nadie ha gastado nada todavía.',
    roles: 'Cupos de roles',
    overrides: 'Miembros con cupo propio',
    channels: '/imaginar y /vídeo permitidos en',
    alerts: 'Alertas',
    moderation: 'Registro de moderación',
    moderationIn: 'en {{channel}}',
    prompts: 'Reglas de prompts',
    promptsCount: '{{count, number}} · /{{command}}',
    alertsBelow: 'en {{channel}} · saldo por debajo de {{amount, money}}, 401, 402, desfase',
    alertsNoBalance: 'en {{channel}} · no por el saldo, 401, 402, desfase',
  },
  set: {
    bot: 'Los bots no hacen generaciones; elige a un miembro.',
    own: '{{user}} tiene ahora un cupo propio de {{allowance}}; tiene prioridad sobre los cupos de roles y el predeterminado.',
    ownDefaultPeriod:
      '{{user}} tiene ahora un cupo propio de {{allowance}} (el periodo predeterminado del servidor); tiene prioridad sobre los cupos de roles y el predeterminado.',
    figures: 'Gastado {{when}}: {{spent, money}} · disponible: {{left, money}} · se reinicia {{resets}}.',
  },
  role: {
    everyone:
      '@everyone son todos los miembros: en su lugar, define el cupo predeterminado con /{{command}}.',
    set: 'Los miembros con {{role}} tienen {{allowance}}, salvo que tengan un cupo propio. Quien tenga varios de estos roles recibe el más alto.',
  },
  default: {
    set: 'El cupo predeterminado del servidor es ahora de {{allowance}}. Los cupos de roles y el presupuesto del servidor usan también este periodo; los periodos siguen la hora UTC.',
  },
  budget: {
    off: 'El presupuesto del servidor está desactivado: los miembros solo están limitados por sus propios cupos.',
    set: 'El presupuesto del servidor es ahora de {{budget}} para todos los miembros juntos; se han gastado {{spent, money}} {{when}}.',
  },
  confirm: {
    off: 'Las solicitudes se envían al momento, cueste lo que cueste: no se pide confirmación.',
    set: 'Ahora el miembro tiene que confirmar las solicitudes que cuesten más de {{amount, money}} antes de que se envíe nada.',
  },
  reset: {
    nothing: '{{user}} no ha gastado nada en este periodo: no había nada que restablecer.',
    done: 'El gasto de {{user}} en este periodo vuelve a ser {{zero, money}} (era {{amount, money}}). La contabilidad anota el ajuste a tu nombre.',
  },
  channels: {
    list: '/imaginar y /vídeo se pueden usar en: {{channels}}.',
    nameIt: 'Indica el canal que quieres {{action}}, p. ej. `{{example}}`.',
    allowed:
      '{{channel}} está permitido. /imaginar y /vídeo se pueden usar ahora en: {{channels}}. En otros canales se indica a los miembros adónde ir.',
    notListed: '{{channel}} no estaba en la lista. Permitidos: {{channels}}.',
    removedEmpty:
      '{{channel}} se ha quitado y la lista está vacía: /imaginar y /vídeo se pueden usar en cualquier canal.',
    removed: '{{channel}} se ha quitado. /imaginar y /vídeo se pueden usar en: {{channels}}.',
    unknownAction: 'Acción desconocida «{{action}}»: usa permitir, quitar o listar.',
  },
  alerts: {
    both: 'Elige un canal o desactivar:true, no ambos. No se ha cambiado nada.',
    low: 'que el saldo compartido baje de {{amount, money}} (se comprueba cada hora)',
    noLow: 'nunca por el saldo (el umbral es {{zero, money}})',
    off: 'Las alertas están desactivadas. Con `{{example}}` el bot publica allí: {{low}}, que el servicio rechace el token de la API (401), que el saldo compartido se agote (402) y cargos del registro de uso del servicio que no figuran en la contabilidad del bot (se comprueba cada hora).',
    on: 'Las alertas van a {{channel}}: {{low}}, que el servicio rechace el token de la API (401), que el saldo compartido se agote (402) y cargos del registro de uso del servicio que no figuran en la contabilidad del bot (se comprueba cada hora). Para desactivarlas: `{{example}}`.',
  },
  moderation: {
    both: 'Elige un canal o desactivar:true, no ambos. No se ha cambiado nada.',
    off: 'El registro de moderación está desactivado. Con `{{example}}` el bot publica allí una línea por cada generación enviada en este servidor (quién, dónde, modelo, precio y prompt) y por cada prompt que las reglas de prompts rechazaron.',
    on: 'El registro de moderación va a {{channel}}: una línea por cada generación enviada en este servidor (quién, dónde, modelo, precio y prompt; el prompt tras un spoiler si se pidió en un canal con restricción de edad) y por cada prompt que las reglas de prompts rechazaron. Para desactivarlo: `{{example}}`.',
  },
  report: {
    spanToday: 'el día de hoy ({{to}}, UTC)',
    spanDays_one: 'el último día ({{from}} a {{to}}, UTC)',
    spanDays_many: 'los últimos {{count, number}} de días ({{from}} a {{to}}, UTC)',
    spanDays_other: 'los últimos {{count, number}} días ({{from}} a {{to}}, UTC)',
    nothing: 'No se ha cobrado nada en este servidor durante {{span}}: no hay gasto que representar.',
    tooLarge:
      'El informe sobre {{span}} supera el límite de archivos adjuntos de este servidor: pide menos días.',
    totals:
      'Gasto durante {{span}}: cobrado {{charged, money}}, reembolsado {{refunded, money}}, neto **{{net, money}}**.',
    csv: 'El CSV recoge cada cobro y reembolso ({{count, number}}), los reembolsos en negativo; las reservas y los restablecimientos no son gasto.',
    thisServer: 'Este servidor',
    chartTitle: '{{server}}: gasto por día, del {{from}} al {{to}}',
    chartDescription: 'Gasto por día por miembro y por modelo, del {{from}} al {{to}}',
  },
  chart: {
    fallbackTitle: 'Gasto',
    subtitle: 'Cobrado {{charged, money}}, reembolsado {{refunded, money}}, neto {{net, money}} (días UTC)',
    byMember: 'Por miembro',
    byModel: 'Por modelo',
    others: 'el resto',
  },
  prompts: {
    added:
      'Los prompts que contengan `{{pattern}}` ahora se rechazan en privado, antes de reservar o enviar nada, sin nombrarlo ({{n, number}} de {{max, number}} reglas).',
    removed: '`{{pattern}}` vuelve a estar permitido (quedan {{n, number}} de {{max, number}} reglas).',
    notListed: '`{{pattern}}` no era una regla: no cambió nada.',
    none: 'Este servidor no rechaza ninguna palabra en los prompts.',
    list: 'Se rechazan los prompts que contengan estas ({{n, number}} de {{max, number}} reglas): {{patterns}}',
    empty: 'Escribe una palabra o una frase.',
    tooLong: 'Una regla puede tener como máximo 100 caracteres.',
    star: 'Un * solo puede ir al final de una palabra, por ejemplo zorro*.',
    full: 'Este servidor tiene {{max, number}} reglas de prompts, el máximo: quita una primero.',
  },
} satisfies Texts<'es', 'quota'>;
