import type { Texts } from '../../messages.ts';

export default {
  press: {
    repeated: 'Tu viens d’appuyer dessus: cette action est déjà en cours.',
    unknownComponent: 'Le bot ne connaît plus cet élément. Recommence depuis la commande.',
    unknownCommand: 'Le bot ne connaît plus cette commande.',
    unknownSubcommand: 'Le bot ne connaît plus cette sous-commande ({{name}}).',
    badOption:
      'L’option `{{name}}` n’est pas arrivée telle que cette commande la définit. Rien n’a été envoyé, facturé ni modifié.',
    noSubcommand:
      'Cette commande est arrivée sans l’une de ses sous-commandes. Rien n’a été envoyé, facturé ni modifié.',
    unknownOption: 'Le bot ne connaît pas l’option `{{name}}`. Rien n’a été envoyé, facturé ni modifié.',
    noFocusedOption:
      'Cette saisie semi-automatique n’est pas arrivée avec exactement une option en cours de saisie.',
    optionMissing: 'L’option `{{name}}` est obligatoire. Rien n’a été envoyé, facturé ni modifié.',
    optionChannelKind:
      'Le salon donné pour `{{name}}` n’est pas d’un type que cette option accepte. Rien n’a été envoyé, facturé ni modifié.',
    optionChoice:
      'L’option `{{name}}` n’accepte que l’une de ces valeurs: {{choices}}. Rien n’a été envoyé, facturé ni modifié.',
    optionRange:
      'L’option `{{name}}` accepte une valeur de {{min, number}} à {{max, number}}. Rien n’a été envoyé, facturé ni modifié.',
    optionAtLeast:
      'L’option `{{name}}` accepte une valeur d’au moins {{min, number}}. Rien n’a été envoyé, facturé ni modifié.',
    optionAtMost:
      'L’option `{{name}}` accepte une valeur d’au plus {{max, number}}. Rien n’a été envoyé, facturé ni modifié.',
    optionTooLong:
      'L’option `{{name}}` peut faire au plus {{max, number}} caractères (elle en a {{length, number}}). Rien n’a été envoyé, facturé ni modifié.',
    optionTooShort:
      'L’option `{{name}}` doit faire au moins {{min, number}} caractères (elle en a {{length, number}}). Rien n’a été envoyé, facturé ni modifié.',
    notOnThisMessage:
      'Cet élément n’appartient pas au message sur lequel il a été utilisé: le bot n’a rien fait. Rien n’a été envoyé, facturé ni modifié.',
  },
  errors: {
    unexpected:
      'Un problème est survenu de notre côté. Si cela se reproduit, donne à un admin l’identifiant d’erreur `{{errorId}}`.',
    storeFault:
      'Le bot ne peut pas enregistrer les dépenses pour le moment, il n’accepte donc aucune demande. Rien n’a été envoyé ni facturé; réessaie plus tard.',
    storeFaultWithId:
      'Le bot ne peut pas enregistrer les dépenses pour le moment, il n’accepte donc aucune demande. Rien n’a été envoyé ni facturé; réessaie plus tard. Si cela dure, donne à un admin l’identifiant d’erreur `{{errorId}}`.',
  },
  result: {
    unknown:
      'Le bot ne connaît plus ce résultat, on ne peut donc plus rien en faire. Rien n’a été envoyé ni facturé.',
  },
  higherResolution: {
    none: '{{model}} n’a pas de résolution supérieure à celle de ce résultat. Rien n’a été envoyé ni facturé.',
  },
  vary: {
    title: 'Varier: {{model}}',
    promptLabel: 'Prompt',
    uploadLabel: 'Images de référence (facultatif)',
    uploadDescription_one:
      'Ajoutée aux références de cette demande; {{count, number}} image au plus pour ce modèle.',
    uploadDescription_many:
      'Ajoutées aux références de cette demande; jusqu’à {{count, number}} d’images pour ce modèle.',
    uploadDescription_other:
      'Ajoutées aux références de cette demande; jusqu’à {{count, number}} images pour ce modèle.',
  },
  animate: {
    notAnImage: 'Seule une image terminée peut être animée. Rien n’a été envoyé ni facturé.',
    notPublic:
      'L’adresse de cette image sur le service de génération n’est pas publique: seules les adresses http(s) publiques sont acceptées. Rien n’a été envoyé ni facturé.',
    noModels:
      'Aucun modèle vidéo n’accepte de première image pour le moment. Rien n’a été envoyé ni facturé.',
    menu: 'Choisis le modèle vidéo qui animera cette image. Les prix correspondent à sa durée et à sa résolution par défaut, comme /vidéo sans options. Tu écriras ensuite le prompt; rien n’est facturé avant que tu l’envoies.',
    menuPlaceholder: 'Modèle vidéo',
    modelGone:
      'Ce modèle vidéo n’accepte plus de première image; appuie de nouveau sur « Animer ». Rien n’a été envoyé ni facturé.',
    title: 'Animer avec {{model}}',
    promptLabel: 'Ce qui se passe dans la vidéo',
    uploadLabel: 'Autres images de référence (facultatif)',
    uploadDescription_one:
      'Elle suit cette image, la première de la vidéo; {{count, number}} image au plus pour ce modèle.',
    uploadDescription_many:
      'Elles suivent cette image, la première de la vidéo; jusqu’à {{count, number}} d’images pour ce modèle.',
    uploadDescription_other:
      'Elles suivent cette image, la première de la vidéo; jusqu’à {{count, number}} images pour ce modèle.',
    formUnknown: 'Le bot ne connaît plus ce formulaire; appuie de nouveau sur « Animer ».',
  },
  continue: {
    noLastFrame:
      'Le service de génération n’a pas renvoyé de dernière image pour ce résultat: impossible de le prolonger. Rien n’a été envoyé ni facturé.',
    notPublic:
      'L’adresse de la dernière image sur le service de génération n’est pas publique: seules les adresses http(s) publiques sont acceptées. Rien n’a été envoyé ni facturé.',
    title: 'Prolonger: {{model}}',
    promptLabel: 'Ce qui se passe ensuite',
  },
  delete: {
    notYours:
      'Seul le membre qui a demandé ce résultat, ou un membre qui peut gérer les messages ici, peut le supprimer. Rien n’a été modifié.',
    done: 'Le résultat a été supprimé.',
    failed: 'Le bot n’a pas pu supprimer ce message ici. Rien n’a été modifié.',
  },
  confirm: {
    outsideChannel: 'Le bot ne connaît plus ce bouton; relance la commande.',
    notHere:
      'Cette confirmation appartient à un autre salon: on ne peut pas y répondre ici. Rien n’a été envoyé ni facturé.',
    notYours: 'Cette confirmation n’est pas la tienne: seul le membre qui a fait la demande peut y répondre.',
    gone: 'Cette confirmation n’est plus ouverte.',
    expired: 'Cette confirmation a expiré; rien n’a été envoyé ni facturé.',
    onItsWay: 'Cette demande est déjà en route.',
    alreadyCancelled: 'Cette demande a été annulée; rien n’a été envoyé ni facturé.',
    cancelled:
      'Annulé. Rien n’a été envoyé, et les {{amount, money}} réservés pour cette demande te sont rendus.',
    modelGone: 'Le modèle « {{model}} » n’est plus proposé. Rien n’a été envoyé ni facturé.',
    confirmed: 'Confirmé: ta demande est en route; la réponse dans le salon montre où elle en est.',
  },
  queue: {
    notYours: 'Cette demande n’est pas la tienne: seul le membre qui l’a faite peut l’annuler.',
    alreadySent:
      'Cette demande a déjà été envoyée au service de génération, qui ne peut plus arrêter une génération une fois reçue; la réponse montre où elle en est.',
    noLongerWaiting: 'Cette demande n’attend plus; la réponse montre ce qu’elle est devenue.',
  },
  modal: {
    chooseModel: 'Choisis un modèle dans le menu. Rien n’a été envoyé ni facturé.',
    uploadNotMedia:
      'Le fichier « {{name}} » n’est ni une image, ni une vidéo, ni un fichier audio (c’est {{type}}). Rien n’a été envoyé ni facturé.',
    uploadNotMediaUnknownType:
      'Le fichier « {{name}} » n’est ni une image, ni une vidéo, ni un fichier audio (son type est inconnu). Rien n’a été envoyé ni facturé.',
  },
} satisfies Texts<'fr', 'actions'>;
