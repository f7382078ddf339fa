import type { Texts } from '../../messages.ts';

export default {
  tokenRefused:
    '**Alerta:** o serviço de geração recusou o token da API do bot (401). Nenhuma geração pode ser iniciada ou acompanhada até o operador do bot definir um `MEDIA_API_TOKEN` válido e reiniciá-lo. Os pedidos recusados não foram cobrados. (Avisado no máximo uma vez por hora.)',
  balanceUsedUp:
    '**Alerta:** o serviço de geração recusou um pedido porque o saldo compartilhado acabou (402). Os pedidos dos membros vão falhar até a conta ser recarregada; nada foi cobrado por eles. (Avisado no máximo uma vez por hora.)',
  drift:
    '**Alerta:** o registro de uso do serviço mostra cobranças que não aparecem na contabilidade deste bot, uma hora depois de a última verificação encontrá-las: geralmente uma geração que falhou e que o serviço continuou cobrando depois de o bot reembolsar o membro, ou uso do token da API fora deste bot. Compare com /saldo.',
  balanceLow:
    '**Alerta:** o saldo compartilhado do serviço de geração é de {{balance, money}}, abaixo do limite de alerta deste servidor de {{below, money}}. Recarregue antes que acabe: aí todo pedido será recusado. (Avisado de novo só depois de voltar acima de {{below, money}}; altere o limite com /{{command}}.)',
} satisfies Texts<'pt-BR', 'alerts'>;
