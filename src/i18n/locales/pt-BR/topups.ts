/** Português (Brasil): o que um membro ou os admins ficam sabendo de uma recarga comprada na loja do Discord. */
export default {
  credited:
    'Obrigado: sua compra adicionou {{amount, money}} à sua recarga. Ela é gasta depois da cota do período e nunca é zerada; /usage a mostra.',
  waiting:
    'Obrigado pela compra. Use /usage no servidor para o qual você a comprou: lá ela será adicionada à sua recarga.',
  refunded: 'O Discord reembolsou uma recarga de {{user}}: {{taken, money}} foram retirados.',
  refundedOwed:
    'O Discord reembolsou uma recarga de {{user}}: {{taken, money}} foram retirados e {{owed, money}} já tinham sido gastos; isso fica registrado como devido.',
} as const;
