/**
 * Every custom id the bot puts on a button, a select menu or a modal, built and read here and
 * nowhere else. A custom id names what it acts on (a job, a stored confirmation, a pending record,
 * a reservation, a page) and never holds state of its own, so a component pressed after a restart,
 * or a week later, still works: everything else is read from the store when it is pressed.
 *
 * The format is `<prefix>:v<version>:<fields…>`; the prefix is the kind, and the router hands the
 * id to the one ComponentHandler with that prefix. Messages already posted carry the ids of before
 * the version existed (version 0 here, `legacy`): they are read as they always were, so a card
 * posted before an upgrade keeps working after it. A later format gets a new version and this
 * module reads every earlier one.
 */

/** The version `buildCustomId` writes. */
export const CUSTOM_ID_VERSION = 1;
/** The unversioned ids the bot wrote before versions existed (still on posted messages). */
export const LEGACY_VERSION = 0;

/** Discord's limit on a custom id. */
export const MAX_CUSTOM_ID_LENGTH = 100;

/** Buttons on a delivered result. */
export type ResultButton =
  | 'again'
  | 'vary'
  | 'animate'
  /** The same request at the model's next resolution ("Higher resolution" on the button). */
  | 'higher-resolution'
  | 'details'
  | 'delete'
  /** Start a new video from the last frame the service returned (return_last_frame). */
  | 'continue';

/** Steps after a result's button: the Animate model menu, and the modals of Vary, Animate and Continue. */
export type ResultStep = 'animate-model' | 'vary-modal' | 'animate-modal' | 'continue-modal';

export type ResultAction = ResultButton | ResultStep;

const RESULT_ACTIONS: ReadonlySet<string> = new Set<ResultAction>([
  'again',
  'vary',
  'animate',
  'higher-resolution',
  'details',
  'delete',
  'continue',
  'animate-model',
  'vary-modal',
  'animate-modal',
  'continue-modal',
]);

/** What a button on /help's answer opens: the answer of /models or of /usage. */
export type HelpTarget = 'models' | 'usage';

const HELP_TARGETS: ReadonlySet<string> = new Set<HelpTarget>(['models', 'usage']);

/** At most this many menus under /models's list (a message holds 5 action rows). */
export const MAX_MODEL_MENUS = 5;

/** Far beyond any real usage log at /balance's page size; refuses nonsense custom ids. */
export const MAX_PAGE = 100_000;

/** Every custom id the bot emits, by kind (the prefix of its handler). */
export type CustomId =
  /** Confirm or Cancel on the confirmation card of a costly request: names the stored confirmation. */
  | { kind: 'confirmation'; verb: 'confirm' | 'cancel'; confirmationId: string }
  /** Previous / Next on /balance's usage log: the page to show. */
  | { kind: 'balance'; page: number }
  /** A result's buttons, Animate's menu, and the modals they open; `slug` is Animate's chosen model. */
  | { kind: 'result'; action: ResultAction; generationId: string; slug?: string }
  /** The modal of "Generate from this": names the pending record that keeps the message's attachments. */
  | { kind: 'from'; recordId: string }
  /** Cancel on a request waiting for its turn: names its reservation (which holds colons). */
  | { kind: 'queue'; reservationId: string }
  /** Reset on /settings: names the member whose defaults it resets (only they may press it). */
  | { kind: 'settings'; action: 'reset'; userId: string }
  /** A button on /help's answer: names the command whose answer it gives. */
  | { kind: 'help'; target: HelpTarget }
  /** A menu under /models's list that opens the chosen model in detail: which of the list's menus. */
  | { kind: 'models'; menu: number };

export type CustomIdKind = CustomId['kind'];
export type CustomIdOf<K extends CustomIdKind> = Extract<CustomId, { kind: K }>;

/** What `parseCustomId` reads: the id, and the version it was written in. */
export type ParsedCustomId = CustomId & { version: number };

/**
 * The custom ids of a modal's fields (generation modals: Vary, Animate, Continue, Generate from
 * this). They live only as long as the open modal (15 minutes), so they carry no version.
 */
export const MODAL_FIELD = { prompt: 'prompt', model: 'model', uploads: 'uploads' } as const;

const SEP = ':';
const VERSION_MARK = `v${CUSTOM_ID_VERSION}`;
const VERSIONED = /^v\d+$/;

/** The custom id of a component, in the current version. */
export function buildCustomId(id: CustomId): string {
  const fields = ((): (string | number)[] => {
    switch (id.kind) {
      case 'confirmation':
        return [id.verb, id.confirmationId];
      case 'balance':
        return ['page', id.page];
      case 'result':
        return [id.action, id.generationId, ...(id.slug === undefined ? [] : [id.slug])];
      case 'from':
        return [id.recordId];
      case 'queue':
        return ['cancel', id.reservationId];
      case 'settings':
        return [id.action, id.userId];
      case 'help':
        return [id.target];
      case 'models':
        return ['menu', id.menu];
    }
  })();
  return [id.kind, VERSION_MARK, ...fields].join(SEP);
}

/**
 * Whether the custom id fits Discord's limit and reads back as what it names. A generation id and
 * a model slug come from the service with no stated length or alphabet: a component whose id would
 * not fit is left out rather than make Discord refuse the whole message, and one whose id would
 * read back as something else (a generation id holding a colon) rather than act on the wrong thing.
 */
export function fitsCustomId(id: CustomId): boolean {
  const built = buildCustomId(id);
  if (built.length > MAX_CUSTOM_ID_LENGTH) return false;
  const read = parseCustomId(built);
  if (!read) return false;
  // Every field of a custom id is a string or a number: the same fields, the same values.
  const { version: _version, ...named } = read;
  const fields = Object.entries(id).filter(([, value]) => value !== undefined);
  return (
    fields.length === Object.keys(named).length &&
    fields.every(([key, value]) => (named as Record<string, unknown>)[key] === value)
  );
}

/** What a custom id names, and in which version; null when it is not one the bot ever wrote. */
export function parseCustomId(customId: string): ParsedCustomId | null {
  const [prefix, second, ...rest] = customId.split(SEP);
  if (!prefix || second === undefined) return null;
  // No legacy id has a second field like `v<n>` (a verb, `page`, an action, a hex record id).
  if (!VERSIONED.test(second)) {
    const legacy = parseLegacy(prefix, [second, ...rest]);
    return legacy && { ...legacy, version: LEGACY_VERSION };
  }
  // A version this code does not know (written by a newer release) is not guessed at.
  if (second !== VERSION_MARK) return null;
  const current = parseCurrent(prefix, rest);
  return current && { ...current, version: CUSTOM_ID_VERSION };
}

function parseCurrent(prefix: string, fields: string[]): CustomId | null {
  switch (prefix) {
    case 'confirmation':
      return confirmationOf(fields);
    case 'balance':
      return pageOf(fields);
    case 'result': {
      const [action, generationId, ...slug] = fields;
      if (!action || !RESULT_ACTIONS.has(action) || !generationId) return null;
      // Only Animate's modal names a model, and a slug may itself hold a colon: it is the rest, whole.
      const hasSlug = action === 'animate-modal';
      if (hasSlug !== slug.length > 0 || (hasSlug && slug.join(SEP) === '')) return null;
      return {
        kind: 'result',
        action: action as ResultAction,
        generationId,
        ...(hasSlug ? { slug: slug.join(SEP) } : {}),
      };
    }
    case 'from':
      return fromOf(fields);
    case 'queue':
      return queueOf(fields);
    case 'settings':
      return settingsOf(fields);
    // Only in version 1: /help came after versions.
    case 'help': {
      const [target, ...extra] = fields;
      if (!target || !HELP_TARGETS.has(target) || extra.length > 0) return null;
      return { kind: 'help', target: target as HelpTarget };
    }
    // Only in version 1: /models's menus came after versions.
    case 'models':
      return modelMenuOf(fields);
    default:
      return null;
  }
}

function modelMenuOf([word, text, ...extra]: string[]): CustomId | null {
  if (word !== 'menu' || extra.length > 0 || text === undefined || !/^\d$/.test(text)) return null;
  const menu = Number(text);
  return menu < MAX_MODEL_MENUS ? { kind: 'models', menu } : null;
}

/** A Discord user id: a snowflake, digits only (17 to 20 of them today). */
const SNOWFLAKE = /^\d{1,20}$/;

/** Only in version 1: /settings came after versions. */
function settingsOf([action, userId, ...extra]: string[]): CustomId | null {
  if (action !== 'reset' || !userId || !SNOWFLAKE.test(userId) || extra.length > 0) return null;
  return { kind: 'settings', action, userId };
}

/** Legacy result actions: `upscale` was Higher resolution's name in ids before version 1. */
const LEGACY_RESULT_ACTIONS: Readonly<Record<string, ResultAction>> = {
  again: 'again',
  vary: 'vary',
  animate: 'animate',
  upscale: 'higher-resolution',
  details: 'details',
  delete: 'delete',
  continue: 'continue',
  'animate-model': 'animate-model',
  'vary-modal': 'vary-modal',
  'animate-modal': 'animate-modal',
  'continue-modal': 'continue-modal',
};

/**
 * The unversioned ids, exactly as the bot wrote them before version 1:
 * `imagine:confirm:<id>` / `video:cancel:<id>`, `balance:page:<n>`,
 * `result:<action>:<generation id>[:<slug>]`, `from:<record id>`, `queue:cancel:<reservation id>`.
 */
function parseLegacy(prefix: string, fields: string[]): CustomId | null {
  switch (prefix) {
    // The confirmation card's buttons went to the command that showed it.
    case 'imagine':
    case 'video':
      return confirmationOf(fields);
    case 'balance':
      return pageOf(fields);
    case 'result': {
      const [name, generationId, ...extra] = fields;
      const action = name === undefined ? undefined : LEGACY_RESULT_ACTIONS[name];
      if (!action || !generationId) return null;
      const slug = extra.join(SEP);
      return { kind: 'result', action, generationId, ...(slug === '' ? {} : { slug }) };
    }
    case 'from':
      return fromOf(fields);
    case 'queue':
      return queueOf(fields);
    default:
      return null;
  }
}

// The kinds whose fields are the same in both versions.

function confirmationOf([verb, confirmationId, ...extra]: string[]): CustomId | null {
  if ((verb !== 'confirm' && verb !== 'cancel') || !confirmationId || extra.length > 0) return null;
  return { kind: 'confirmation', verb, confirmationId };
}

function pageOf([word, text, ...extra]: string[]): CustomId | null {
  if (word !== 'page' || extra.length > 0 || text === undefined || !/^\d{1,6}$/.test(text)) return null;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? { kind: 'balance', page } : null;
}

function fromOf([recordId, ...extra]: string[]): CustomId | null {
  if (!recordId || extra.length > 0) return null;
  return { kind: 'from', recordId };
}

/** A reservation id holds colons (`<guild>:<member>:<uuid>`): it is the rest, whole. */
function queueOf([word, ...reservation]: string[]): CustomId | null {
  const reservationId = reservation.join(SEP);
  if (word !== 'cancel' || reservationId === '') return null;
  return { kind: 'queue', reservationId };
}
