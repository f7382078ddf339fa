/** Français : ce qu’un membre ou les admins apprennent d’une recharge achetée dans la boutique Discord. */
export default {
  credited:
    'Merci : ton achat a ajouté {{amount, money}} à ta recharge. Elle se dépense après l’allocation de la période et ne se réinitialise jamais ; /utilisation la montre.',
  waiting:
    'Merci pour ton achat. Lance /utilisation sur le serveur pour lequel tu l’as acheté : il y sera ajouté à ta recharge.',
  refunded: 'Discord a remboursé une recharge de {{user}} : {{taken, money}} ont été repris.',
  refundedOwed:
    'Discord a remboursé une recharge de {{user}} : {{taken, money}} ont été repris, et {{owed, money}} avaient déjà été dépensés ; c’est noté comme dû.',
  claiming_one:
    'Ton achat fait hors d’un serveur est ajouté à ta recharge sur ce serveur ; un message le confirme.',
  claiming_other:
    'Tes {{count, number}} achats faits hors d’un serveur sont ajoutés à ta recharge sur ce serveur ; un message confirme chacun.',
  claiming_many:
    'Tes {{count, number}} achats faits hors d’un serveur sont ajoutés à ta recharge sur ce serveur ; un message confirme chacun.',
} as const;
