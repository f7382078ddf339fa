import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'mostrar',
    description: 'Traga de volta um resultado anterior, com seus botões',
    id: {
      name: 'id',
      description: 'O id da geração (em Detalhes, /uso ou no relatório de falha); escolha uma das suas',
    },
  },
  choice: {
    image: 'Imagem: {{prompt}}',
    video: 'Vídeo: {{prompt}}',
  },
  errors: {
    serversOnly: '/mostrar só funciona em servidores.',
    channelsOnly: '/mostrar só funciona em canais de servidor.',
    notAnId:
      'Isso não é um id de geração. Escolha uma das suas na lista ou copie o id de Detalhes ou de um relatório de falha.',
    notHere: 'O bot não tem registro desta geração neste servidor.',
    notYours:
      'Esta geração não é sua; só um membro com a permissão Gerenciar servidor pode mostrar as de outras pessoas.',
    unknown: 'Nem o bot nem o serviço de geração conhecem uma geração com este id.',
    notFinished: 'Esta geração ainda não terminou; a resposta dela vai mostrar o resultado.',
  },
  record: {
    title: 'Geração no serviço · {{status}}',
    status: {
      pending: 'aguardando',
      processing: 'em andamento',
      completed: 'concluída',
      failed: 'falhou',
    },
    id: 'Id',
    model: 'Modelo',
    created: 'Criada',
    finished: 'Concluída',
    result: 'Resultado',
    openFile: 'Abrir o arquivo',
    error: 'Erro',
    footer: 'O bot não tem registro desta geração (quem pediu, quanto custou), então ela não tem botões.',
  },
} satisfies Texts<'pt-BR', 'show'>;
