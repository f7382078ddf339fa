import type { Texts } from '../../messages.ts';

export default {
  press: {
    repeated: 'Você acabou de clicar aqui: esse clique já está a caminho.',
    unknownComponent: 'O bot não reconhece mais isto. Comece de novo pelo comando.',
    unknownCommand: 'O bot não reconhece mais este comando.',
    unknownSubcommand: 'O bot não reconhece mais este subcomando ({{name}}).',
    badOption:
      'A opção `{{name}}` não chegou como este comando a define. Nada foi enviado, cobrado ou alterado.',
    noSubcommand: 'Este comando chegou sem um dos seus subcomandos. Nada foi enviado, cobrado ou alterado.',
    unknownOption: 'O bot não reconhece a opção `{{name}}`. Nada foi enviado, cobrado ou alterado.',
    noFocusedOption: 'Este preenchimento automático não chegou com exatamente uma opção sendo digitada.',
    optionMissing: 'A opção `{{name}}` é obrigatória. Nada foi enviado, cobrado ou alterado.',
    optionChannelKind:
      'O canal informado em `{{name}}` não é de um tipo que esta opção aceita. Nada foi enviado, cobrado ou alterado.',
    optionChoice:
      'A opção `{{name}}` aceita só um destes valores: {{choices}}. Nada foi enviado, cobrado ou alterado.',
    optionRange:
      'A opção `{{name}}` aceita um valor de {{min, number}} a {{max, number}}. Nada foi enviado, cobrado ou alterado.',
    optionAtLeast:
      'A opção `{{name}}` aceita um valor de no mínimo {{min, number}}. Nada foi enviado, cobrado ou alterado.',
    optionAtMost:
      'A opção `{{name}}` aceita um valor de no máximo {{max, number}}. Nada foi enviado, cobrado ou alterado.',
    optionTooLong:
      'A opção `{{name}}` pode ter no máximo {{max, number}} caracteres (ela tem {{length, number}}). Nada foi enviado, cobrado ou alterado.',
    optionTooShort:
      'A opção `{{name}}` precisa ter no mínimo {{min, number}} caracteres (ela tem {{length, number}}). Nada foi enviado, cobrado ou alterado.',
    notOnThisMessage:
      'Isto não pertence à mensagem em que foi usado, então o bot não fez nada. Nada foi enviado, cobrado nem alterado.',
  },
  errors: {
    unexpected:
      'Algo deu errado do nosso lado. Se continuar acontecendo, informe a um admin o ID do erro `{{errorId}}`.',
    storeFault:
      'O bot não consegue registrar gastos agora, então não está aceitando pedidos. Nada foi enviado nem cobrado; tente de novo mais tarde.',
    storeFaultWithId:
      'O bot não consegue registrar gastos agora, então não está aceitando pedidos. Nada foi enviado nem cobrado; tente de novo mais tarde. Se continuar, informe a um admin o ID do erro `{{errorId}}`.',
  },
  result: {
    unknown:
      'O bot não reconhece mais este resultado, então não dá para criar nada a partir dele. Nada foi enviado nem cobrado.',
  },
  higherResolution: {
    none: '{{model}} não tem resolução maior que a deste resultado. Nada foi enviado nem cobrado.',
  },
  vary: {
    title: 'Variar: {{model}}',
    promptLabel: 'Prompt',
    uploadLabel: 'Imagens de referência (opcional)',
    uploadDescription_one:
      'Adicionada às referências deste pedido; até {{count, number}} imagem neste modelo.',
    uploadDescription_many:
      'Adicionadas às referências deste pedido; até {{count, number}} de imagens neste modelo.',
    uploadDescription_other:
      'Adicionadas às referências deste pedido; até {{count, number}} imagens neste modelo.',
  },
  animate: {
    notAnImage: 'Só uma imagem pronta pode ser animada. Nada foi enviado nem cobrado.',
    notPublic:
      'O endereço desta imagem no serviço de geração não é público: só endereços http(s) públicos podem ser usados. Nada foi enviado nem cobrado.',
    noModels: 'No momento, nenhum modelo de vídeo aceita um quadro inicial. Nada foi enviado nem cobrado.',
    menu: 'Escolha o modelo de vídeo que vai animar esta imagem. Os preços são para a duração e a resolução padrão dele, como /vídeo sem opções. Depois você escreve o prompt; nada é cobrado antes de você enviar.',
    menuPlaceholder: 'Modelo de vídeo',
    modelGone:
      'Esse modelo de vídeo não aceita mais um quadro inicial; clique em “Animar” de novo. Nada foi enviado nem cobrado.',
    title: 'Animar com {{model}}',
    promptLabel: 'O que acontece no vídeo',
    uploadLabel: 'Mais imagens de referência (opcional)',
    uploadDescription_one:
      'Vem depois desta imagem, o quadro inicial; até {{count, number}} imagem neste modelo.',
    uploadDescription_many:
      'Vêm depois desta imagem, o quadro inicial; até {{count, number}} de imagens neste modelo.',
    uploadDescription_other:
      'Vêm depois desta imagem, o quadro inicial; até {{count, number}} imagens neste modelo.',
    formUnknown: 'O bot não reconhece mais este formulário; clique em “Animar” de novo.',
  },
  continue: {
    noLastFrame:
      'O serviço de geração não retornou um quadro final para este resultado, então não dá para continuar. Nada foi enviado nem cobrado.',
    notPublic:
      'O endereço do quadro final no serviço de geração não é público: só endereços http(s) públicos podem ser usados. Nada foi enviado nem cobrado.',
    title: 'Continuar: {{model}}',
    promptLabel: 'O que acontece depois',
  },
  delete: {
    notYours:
      'Só o membro que pediu este resultado, ou alguém que possa gerenciar mensagens aqui, pode excluí-lo. Nada foi alterado.',
    done: 'O resultado foi excluído.',
    failed: 'O bot não conseguiu excluir esta mensagem aqui. Nada foi alterado.',
  },
  confirm: {
    outsideChannel: 'O bot não reconhece mais este botão; use o comando de novo.',
    notHere:
      'Esta confirmação pertence a outro canal, então não pode ser respondida aqui. Nada foi enviado nem cobrado.',
    notYours: 'Esta confirmação não é sua: só o membro que fez o pedido pode respondê-la.',
    gone: 'Esta confirmação não está mais aberta.',
    expired: 'Esta confirmação expirou; nada foi enviado nem cobrado.',
    onItsWay: 'Este pedido já está a caminho.',
    alreadyCancelled: 'Este pedido foi cancelado; nada foi enviado nem cobrado.',
    cancelled: 'Cancelado. Nada foi enviado, e os {{amount, money}} reservados para ele voltaram para você.',
    modelGone: 'O modelo “{{model}}” não é mais oferecido. Nada foi enviado nem cobrado.',
    confirmed: 'Confirmado: seu pedido está a caminho; a resposta no canal mostra o andamento.',
  },
  queue: {
    notYours: 'Este pedido não é seu: só o membro que o fez pode cancelá-lo.',
    alreadySent:
      'Este pedido já foi enviado ao serviço de geração, que não consegue parar uma geração depois de recebê-la; a resposta mostra o andamento.',
    noLongerWaiting: 'Este pedido não está mais esperando; a resposta mostra o que aconteceu com ele.',
  },
  modal: {
    chooseModel: 'Escolha um modelo no menu. Nada foi enviado nem cobrado.',
    uploadNotMedia:
      'O arquivo enviado “{{name}}” não é uma imagem, um vídeo nem um arquivo de áudio (é {{type}}). Nada foi enviado nem cobrado.',
    uploadNotMediaUnknownType:
      'O arquivo enviado “{{name}}” não é uma imagem, um vídeo nem um arquivo de áudio (o tipo é desconhecido). Nada foi enviado nem cobrado.',
  },
} satisfies Texts<'pt-BR', 'actions'>;
