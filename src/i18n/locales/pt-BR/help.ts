import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'ajuda',
    description: 'O que o bot faz, seus comandos e a sua cota',
  },
  serversOnly: '/{{command}} só funciona em servidores.',
  title: 'O que este bot faz',
  adminTitle: 'Para admins (Gerenciar servidor)',
  whatItDoes:
    'Digite `/{{imagine}}` ou `/{{video}}` com um prompt: o bot envia para o serviço de geração e transforma a resposta na imagem ou no vídeo pronto, com botões para continuar a partir dele (De novo, Variar, Animar, Resolução maior, Detalhes, Excluir). Uma conta compartilhada paga cada geração, então cada membro gasta da própria cota.',
  commands: '**Comandos**',
  messageCommand: '**{{name}}** · no menu Apps de uma mensagem, a partir dos arquivos dela',
  yourAllowance: 'Sua cota',
  howQuotasWork: 'Como as cotas funcionam',
  reserve:
    'Antes de um pedido ser enviado, o preço dele é reservado da sua cota; o preço do próprio serviço o substitui quando ele responde, e uma geração que falha é reembolsada.',
  refuse:
    'Um pedido que não cabe no que resta é recusado em particular, e nada é enviado. Um pedido caro mostra o preço antes e só é enviado quando você clica em Confirmar.',
  cap_one: 'Você pode ter no máximo {{count, number}} geração em andamento ao mesmo tempo.',
  cap_many: 'Você pode ter no máximo {{count, number}} de gerações em andamento ao mesmo tempo.',
  cap_other: 'Você pode ter no máximo {{count, number}} gerações em andamento ao mesmo tempo.',
  adminIntro:
    'Os membros gastam da cota padrão do servidor até você definir uma cota para um cargo ou um membro; um orçamento do servidor limita todos juntos.',
  promptRules: {
    title: 'Regras de prompts',
    count_one: '{{count, number}} palavra ou frase que este servidor não permite (`{{list}}`)',
    count_many: '{{count, number}} de palavras ou frases que este servidor não permite (`{{list}}`)',
    count_other: '{{count, number}} palavras ou frases que este servidor não permite (`{{list}}`)',
    none: 'Nenhuma: qualquer prompt é permitido. `{{add}}` adiciona uma palavra ou frase que este servidor não permite.',
    unreadable: 'Não foi possível lê-las agora (id do erro `{{errorId}}`); `{{list}}` mostra as regras.',
  },
  countTip: '**Várias versões:** `{{option}}` em {{commands}}: {{description}}',
  countTipRange:
    '**Várias versões:** `{{option}}` (de {{min, number}} a {{max, number}}) em {{commands}}: {{description}}',
  unreadable:
    'O bot não conseguiu ler sua cota agora (id do erro `{{errorId}}`). /{{usage}} mostra a cota assim que o armazenamento do bot voltar a responder.',
  left: 'Restam {{left, money}} · gasto {{when}}: {{spent, money}}',
  resets: 'Zera {{when}}',
  usageHint: 'Seus gastos e últimas gerações: /{{usage}}, ou **{{button}}** abaixo.',
  models: 'Modelos',
  myUsage: 'Meu uso',
} satisfies Texts<'pt-BR', 'help'>;
