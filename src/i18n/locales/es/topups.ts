/** Español: lo que un miembro o los admins saben de una recarga comprada en la tienda de Discord. */
export default {
  credited:
    'Gracias: tu compra añadió {{amount, money}} a tu recarga. Se gasta después de la asignación del periodo y nunca se reinicia; /usage la muestra.',
  waiting:
    'Gracias por tu compra. Usa /usage en el servidor para el que la compraste: allí se añadirá a tu recarga.',
  refunded: 'Discord reembolsó una recarga de {{user}}: se retiraron {{taken, money}}.',
  refundedOwed:
    'Discord reembolsó una recarga de {{user}}: se retiraron {{taken, money}} y {{owed, money}} ya se habían gastado; queda anotado como deuda.',
} as const;
