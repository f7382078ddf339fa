/** Português (Brasil): o que um membro ou os admins ficam sabendo de uma recarga comprada na loja do Discord. */
export default {
  credited:
    'Obrigado: sua compra adicionou {{amount, money}} à sua recarga. Ela é gasta depois da cota do período e nunca é zerada; /uso a mostra.',
  waiting:
    'Obrigado pela compra. Use /uso no servidor para o qual você a comprou: lá ela será adicionada à sua recarga.',
  refunded: 'O Discord reembolsou uma recarga de {{user}}: {{taken, money}} foram retirados.',
  refundedOwed:
    'O Discord reembolsou uma recarga de {{user}}: {{taken, money}} foram retirados e {{owed, money}} já tinham sido gastos; isso fica registrado como devido.',
  claiming_one:
    'Sua compra feita fora de um servidor está sendo adicionada à sua recarga neste servidor; uma mensagem confirma.',
  claiming_other:
    'Suas {{count, number}} compras feitas fora de um servidor estão sendo adicionadas à sua recarga neste servidor; uma mensagem confirma cada uma.',
  claiming_many:
    'Suas {{count, number}} compras feitas fora de um servidor estão sendo adicionadas à sua recarga neste servidor; uma mensagem confirma cada uma.',
} as const;
