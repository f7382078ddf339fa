import type { Texts } from '../../messages.ts';

export default {
  command: {
    name: 'configurações',
    description: 'Seus padrões para /imaginar e /vídeo neste servidor (só você vê)',
    image_model: { name: 'modelo-imagem', description: 'Seu modelo de imagem padrão (com preço)' },
    image_aspect_ratio: {
      name: 'proporção-imagem',
      description: 'Sua proporção padrão para imagens, ex.: 16:9',
    },
    image_resolution: {
      name: 'resolução-imagem',
      description: 'Sua resolução padrão para imagens, ex.: 2K',
    },
    video_model: { name: 'modelo-vídeo', description: 'Seu modelo de vídeo padrão (com preço)' },
    video_aspect_ratio: {
      name: 'proporção-vídeo',
      description: 'Sua proporção padrão para vídeos, ex.: 16:9',
    },
    video_resolution: {
      name: 'resolução-vídeo',
      description: 'Sua resolução padrão para vídeos, ex.: 720p',
    },
    count: { name: 'quantidade', description: 'Versões por pedido, de {{min, number}} a {{max, number}}' },
    always_confirm: {
      name: 'sempre-confirmar',
      description: 'Pedir minha confirmação em todo pedido pago, mesmo abaixo do limite do servidor',
    },
  },
  serversOnly: '/{{command}} só funciona em servidores.',
  notYours:
    'Este Redefinir é dos padrões de outro membro. Use /{{command}} para ver e redefinir os seus. Nada foi alterado.',
  saved: 'Salvo.',
  title: 'Seus padrões neste servidor',
  description:
    'Usados por /imaginar e /vídeo para cada opção que você deixar de fora; uma opção que você informar sempre vence. Uma proporção ou resolução só é usada com um modelo que a aceite.',
  images: 'Imagens (/imaginar)',
  videos: 'Vídeos (/vídeo)',
  model: '{{label}} (`{{slug}}`)',
  gone: '`{{slug}}`, não está mais disponível: o padrão do servidor é usado',
  stored: '`{{slug}}`',
  serverDefault: 'o padrão do servidor ({{label}})',
  aspectRatio: 'proporção {{value}}',
  resolution: 'resolução {{value}}',
  count: 'Versões por pedido',
  countDefault: '{{value, number}} (o padrão do servidor)',
  confirm: 'Pedir minha confirmação',
  confirmAlways: 'em todo pedido com preço',
  confirmAbove: 'só em pedidos acima do limite do servidor',
  resetTitle: 'Seus padrões neste servidor foram redefinidos',
  resetDescription: '/imaginar e /vídeo voltam a usar os padrões do servidor. Defina novos com /{{command}}.',
  reset: 'Redefinir',
} satisfies Texts<'pt-BR', 'settings'>;
