import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'uso',
    description: 'Sua cota de geração, quanto você gastou neste período e suas últimas gerações',
  },
  title: 'Sua cota de geração',
  serversOnly: '/uso só funciona em servidores.',
  allowance: 'Cota',
  allowanceValue: '{{amount}} ({{source}})',
  perPeriod: {
    daily: '{{amount, money}} por dia',
    weekly: '{{amount, money}} por semana',
    monthly: '{{amount, money}} por mês',
    total: '{{amount, money}} no total',
  },
  source: {
    override: 'cota própria',
    role: 'do cargo {{role}}',
    someRole: 'de um cargo',
    default: 'o padrão do servidor',
  },
  spent: {
    daily: 'Gasto hoje',
    weekly: 'Gasto nesta semana',
    monthly: 'Gasto neste mês',
    total: 'Gasto no total',
  },
  reserved: 'Reservado por gerações em andamento',
  reservedValue: '{{amount, money}} · {{count, number}} em andamento de no máximo {{cap, number}}',
  topup: 'Recarga',
  topupValue: '{{amount, money}} restantes (gastos depois da cota, nunca zerados)',
  topupOwed: '{{amount, money}} restantes · {{owed, money}} devidos por uma compra reembolsada',
  remaining: 'Restante',
  resets: 'Próxima zeragem',
  recent_one: 'Última geração',
  recent_many: 'Últimas {{count, number}} de gerações',
  recent_other: 'Últimas {{count, number}} gerações',
  recentNone: 'Últimas gerações',
  none: 'Nenhuma ainda.',
  unknownModel: 'modelo desconhecido',
  status: {
    in_flight: 'em andamento',
    completed: 'concluída',
    refunded: 'falhou · reembolsada',
  },
  result: 'resultado',
} satisfies Texts<'pt-BR', 'usage'>;
