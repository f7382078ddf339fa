import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'uso',
    description: 'Tu cupo de generación, lo que gastaste en este periodo y tus últimas generaciones',
  },
  title: 'Tu cupo de generación',
  serversOnly: '/uso solo funciona en servidores.',
  allowance: 'Cupo',
  allowanceValue: '{{amount}} ({{source}})',
  perPeriod: {
    daily: '{{amount, money}} al día',
    weekly: '{{amount, money}} a la semana',
    monthly: '{{amount, money}} al mes',
    total: '{{amount, money}} en total',
  },
  source: {
    override: 'cupo propio',
    role: 'del rol {{role}}',
    someRole: 'de un rol',
    default: 'el predeterminado del servidor',
  },
  spent: {
    daily: 'Gastado hoy',
    weekly: 'Gastado esta semana',
    monthly: 'Gastado este mes',
    total: 'Gastado en total',
  },
  reserved: 'Reservado por generaciones en curso',
  reservedValue: '{{amount, money}} · {{count, number}} en curso de un máximo de {{cap, number}}',
  topup: 'Recarga',
  topupValue: '{{amount, money}} restantes (se gastan después de la asignación, nunca se reinician)',
  topupOwed: '{{amount, money}} restantes · {{owed, money}} adeudados por una compra reembolsada',
  remaining: 'Restante',
  resets: 'Se reinicia',
  recent_one: 'Última generación',
  recent_many: 'Últimas {{count, number}} de generaciones',
  recent_other: 'Últimas {{count, number}} generaciones',
  recentNone: 'Últimas generaciones',
  none: 'Ninguna todavía.',
  unknownModel: 'modelo desconocido',
  status: {
    in_flight: 'en curso',
    completed: 'lista',
    refunded: 'fallida · reembolsada',
  },
  result: 'resultado',
} satisfies Texts<'es', 'usage'>;
