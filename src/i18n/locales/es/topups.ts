/** Español: lo que un miembro o los admins saben de una recarga comprada en la tienda de Discord. */
export default {
  credited:
    'Gracias: tu compra añadió {{amount, money}} a tu recarga. Se gasta después de la asignación del periodo y nunca se reinicia; /uso la muestra.',
  waiting:
    'Gracias por tu compra. Usa /uso en el servidor para el que la compraste: allí se añadirá a tu recarga.',
  refunded: 'Discord reembolsó una recarga de {{user}}: se retiraron {{taken, money}}.',
  refundedOwed:
    'Discord reembolsó una recarga de {{user}}: se retiraron {{taken, money}} y {{owed, money}} ya se habían gastado; queda anotado como deuda.',
  claiming_one:
    'Tu compra hecha fuera de un servidor se está añadiendo a tu recarga en este servidor; un mensaje lo confirma.',
  claiming_other:
    'Tus {{count, number}} compras hechas fuera de un servidor se están añadiendo a tu recarga en este servidor; un mensaje confirma cada una.',
  claiming_many:
    'Tus {{count, number}} compras hechas fuera de un servidor se están añadiendo a tu recarga en este servidor; un mensaje confirma cada una.',
} as const;
