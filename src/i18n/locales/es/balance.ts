import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'saldo',
    description: 'Saldo y gasto de la cuenta del servicio de generación, y gasto de este servidor',
  },
  account: {
    title: 'Cuenta del servicio de generación',
    balance: 'Saldo',
    totalSpent: 'Gasto total (toda la cuenta)',
    noAnswer: 'El servicio de generación no respondió; inténtalo de nuevo en un minuto.',
  },
  server: {
    daily: 'Este servidor, hoy',
    weekly: 'Este servidor, esta semana',
    monthly: 'Este servidor, este mes',
    total: 'Este servidor, en total',
  },
  charged: '{{amount, money}} cobrado (contabilidad, reembolsos descontados)',
  chargedOfBudget: {
    daily:
      '{{amount, money}} cobrado de un presupuesto de {{budget, money}} al día (contabilidad, reembolsos descontados)',
    weekly:
      '{{amount, money}} cobrado de un presupuesto de {{budget, money}} a la semana (contabilidad, reembolsos descontados)',
    monthly:
      '{{amount, money}} cobrado de un presupuesto de {{budget, money}} al mes (contabilidad, reembolsos descontados)',
    total:
      '{{amount, money}} cobrado de un presupuesto total de {{budget, money}} (contabilidad, reembolsos descontados)',
  },
  drift: {
    when: {
      daily: 'hoy (desde {{since}})',
      weekly: 'esta semana (desde {{since}})',
      monthly: 'este mes (desde {{since}})',
      total: 'desde el principio',
    },
    atLeast: 'al menos {{amount, money}}',
    compareOne:
      '**Desfase** {{when}}: la contabilidad de este servidor muestra {{ledger, money}}; el registro de uso del servicio, {{service}}.',
    compareAll:
      '**Desfase** {{when}}: el registro de uso del servicio abarca todo el token de la API, así que se compara con la contabilidad de los {{servers, number}} servidores de este bot. Muestra {{ledger, money}} (este servidor {{server, money}}); el registro de uso, {{service}}.',
    tooMany:
      '**Desfase** {{when}}: el registro de uso del servicio abarca todo el token de la API, compartido por los {{servers, number}} servidores de este bot, y muestra {{service}}; la contabilidad de este servidor muestra {{server, money}}. El bot está en demasiados servidores para sumar toda su contabilidad, así que no se calcula ninguna diferencia.',
    match: 'Coinciden.',
    serviceMore:
      'El servicio cobró {{amount, money}} más de lo que muestra la contabilidad (gasto que el bot no registró o uso del token fuera de este bot).',
    ledgerMore:
      'La contabilidad muestra {{amount, money}} más de lo que cobró el servicio (normalmente un fallo que el servicio ya reembolsó y que el bot aún no ha visto).',
    partial: 'Solo se leyeron los registros de uso más recientes, así que no se calcula ninguna diferencia.',
    line: '{{head}} {{verdict}}',
    unreadable:
      '**Desfase**: no se pudo leer el registro de uso del servicio, así que no hay nada que comparar.',
  },
  log: {
    title: 'Registro de uso (toda la cuenta) · página {{page, number}} de {{pages, number}}',
    titleUnknown: 'Registro de uso (toda la cuenta) · página {{page, number}}',
    unreadable: 'No se puede leer el registro de uso ahora mismo; inténtalo de nuevo en un minuto.',
    none: 'Todavía no hay cargos.',
    emptyPage: 'No hay registros en esta página.',
    records_one: '{{count, number}} registro',
    records_many: '{{count, number}} de registros',
    records_other: '{{count, number}} registros',
    video: 'vídeo',
    image: 'imagen',
    previous: 'Anterior',
    next: 'Siguiente',
  },
} satisfies Texts<'es', 'balance'>;
