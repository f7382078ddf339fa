import type { Texts } from '../../messages.ts';

export default {
  tokenRefused:
    '**Alerte:** le service de génération a refusé le jeton d’API du bot (401). Aucune génération ne peut être lancée ni suivie tant que l’opérateur du bot n’a pas défini un `MEDIA_API_TOKEN` valide et redémarré le bot. Les demandes refusées n’ont pas été facturées. (Signalé au plus une fois par heure.)',
  balanceUsedUp:
    '**Alerte:** le service de génération a refusé une demande car le solde partagé est épuisé (402). Les demandes des membres échouent jusqu’à ce que le compte soit rechargé; rien ne leur a été facturé. (Signalé au plus une fois par heure.)',
  drift:
    '**Alerte:** le journal d’utilisation du service montre des débits qu’aucun registre de ce bot ne montre, une heure après que la dernière vérification les a trouvés: en général une génération échouée que le service a continué de facturer après que le bot a remboursé le membre, ou une utilisation du jeton d’API en dehors de ce bot. Compare avec /solde.',
  balanceLow:
    '**Alerte:** le solde partagé du service de génération est de {{balance, money}}, sous le seuil d’alerte de ce serveur de {{below, money}}. Recharge-le avant qu’il ne soit épuisé: toute demande serait alors refusée. (Signalé de nouveau seulement après être repassé au-dessus de {{below, money}}; change le seuil avec /{{command}}.)',
} satisfies Texts<'fr', 'alerts'>;
