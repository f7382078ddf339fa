import type { Texts } from '../../messages.ts';

export default {
  hello:
    'Olá! Eu sou {{bot}}. Aqui os membros criam imagens e vídeos com `/imaginar` e `/vídeo`; `/modelos` lista os modelos e os preços.',
  allowance:
    'Cada geração é paga com um saldo pré-pago compartilhado, então cada membro só gasta dentro de uma cota: até os admins definirem cotas, cada membro pode gastar a cota padrão, **{{allowance}}**, e nada além disso.',
  noAllowance:
    'Cada geração é paga com um saldo pré-pago compartilhado, então cada membro só gasta dentro de uma cota: nada é gasto até os admins definirem cotas, porque a cota padrão é {{zero, money}}.',
  start: 'Para começar, qualquer pessoa com a permissão Gerenciar servidor pode usar:',
  default: '• `/{{command}}` — a cota que cada membro recebe e o período dela',
  budget: '• `/{{command}}` — um limite para os gastos do servidor inteiro por período',
  show: '• `/{{command}}` — as cotas e quem gastou quanto',
} satisfies Texts<'pt-BR', 'welcome'>;
