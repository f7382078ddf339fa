import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'saldo',
    description: 'Saldo e gastos da conta do serviço de geração, e gastos deste servidor',
  },
  account: {
    title: 'Conta do serviço de geração',
    balance: 'Saldo',
    totalSpent: 'Total gasto (conta inteira)',
    noAnswer: 'O serviço de geração não respondeu; tente de novo em um minuto.',
  },
  server: {
    daily: 'Este servidor, hoje',
    weekly: 'Este servidor, esta semana',
    monthly: 'Este servidor, este mês',
    total: 'Este servidor, no total',
  },
  charged: '{{amount, money}} cobrado (contabilidade, reembolsos descontados)',
  chargedOfBudget: {
    daily:
      '{{amount, money}} cobrado de um orçamento de {{budget, money}} por dia (contabilidade, reembolsos descontados)',
    weekly:
      '{{amount, money}} cobrado de um orçamento de {{budget, money}} por semana (contabilidade, reembolsos descontados)',
    monthly:
      '{{amount, money}} cobrado de um orçamento de {{budget, money}} por mês (contabilidade, reembolsos descontados)',
    total:
      '{{amount, money}} cobrado de um orçamento total de {{budget, money}} (contabilidade, reembolsos descontados)',
  },
  drift: {
    when: {
      daily: 'hoje (desde {{since}})',
      weekly: 'esta semana (desde {{since}})',
      monthly: 'este mês (desde {{since}})',
      total: 'desde o início',
    },
    atLeast: 'pelo menos {{amount, money}}',
    compareOne:
      '**Divergência** {{when}}: a contabilidade deste servidor mostra {{ledger, money}}; o registro de uso do serviço, {{service}}.',
    compareAll:
      '**Divergência** {{when}}: o registro de uso do serviço cobre todo o token da API, então é comparado com a contabilidade dos {{servers, number}} servidores deste bot. Ela mostra {{ledger, money}} (este servidor {{server, money}}); o registro de uso, {{service}}.',
    tooMany:
      '**Divergência** {{when}}: o registro de uso do serviço cobre todo o token da API, compartilhado pelos {{servers, number}} servidores deste bot, e mostra {{service}}; a contabilidade deste servidor mostra {{server, money}}. O bot está em servidores demais para somar toda a contabilidade, então nenhuma diferença é calculada.',
    match: 'Os valores batem.',
    serviceMore:
      'O serviço cobrou {{amount, money}} a mais do que a contabilidade mostra (gastos que o bot não registrou ou uso do token fora deste bot).',
    ledgerMore:
      'A contabilidade mostra {{amount, money}} a mais do que o serviço cobrou (geralmente uma falha que o serviço já reembolsou e que o bot ainda não viu).',
    partial: 'Só os registros de uso mais recentes foram lidos, então nenhuma diferença é calculada.',
    line: '{{head}} {{verdict}}',
    unreadable:
      '**Divergência**: não foi possível ler o registro de uso do serviço, então não há o que comparar.',
  },
  log: {
    title: 'Registro de uso (conta inteira) · página {{page, number}} de {{pages, number}}',
    titleUnknown: 'Registro de uso (conta inteira) · página {{page, number}}',
    unreadable: 'Não foi possível ler o registro de uso agora; tente de novo em um minuto.',
    none: 'Nenhuma cobrança ainda.',
    emptyPage: 'Nenhum registro nesta página.',
    records_one: '{{count, number}} registro',
    records_many: '{{count, number}} de registros',
    records_other: '{{count, number}} registros',
    video: 'vídeo',
    image: 'imagem',
    previous: 'Anterior',
    next: 'Próxima',
  },
} satisfies Texts<'pt-BR', 'balance'>;
