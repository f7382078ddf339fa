import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/**
 * Discord's own OpenAPI description (discord/discord-api-spec), vendored in
 * `testkit/discord-openapi/` so that every clone tests against the same description.
 */
export const OPENAPI_PATH = fileURLToPath(new URL('../discord-openapi/openapi.json', import.meta.url));

const DOC_ID = 'discord-openapi';

type Json = Record<string, unknown>;
type Operation = { requestBody?: { content?: Record<string, { schema?: unknown }> } };

/** One way a request body breaks Discord's schema, as the fake reports it. */
export interface BodyViolation {
  method: string;
  path: string;
  /** The OpenAPI path template the request matched, e.g. `/channels/{channel_id}/messages`. */
  operation: string;
  errors: string[];
  body: unknown;
}

/**
 * Where Discord's documentation and the description disagree, the documentation wins
 * (testkit/discord-openapi/README.md). Each entry names the disagreement; nothing else is relaxed.
 */
function applyDocumentedDisagreements(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) applyDocumentedDisagreements(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const obj = node as Json;
  // Ajv refuses `enum: []`; the description carries a few (they mean "no value known yet").
  if (Array.isArray(obj.enum) && obj.enum.length === 0) delete obj.enum;
  const props = obj.properties as Json | undefined;
  // Documented as a string bit set ("Set of permissions represented as a bit set"); the
  // description types it as an integer, and discord.js sends the string.
  if (props && typeof props.default_member_permissions === 'object') {
    props.default_member_permissions = { type: ['string', 'null'], pattern: '^[0-9]+$' };
  }
  for (const value of Object.values(obj)) applyDocumentedDisagreements(value);
}

function loadDescription(): Json {
  if (!existsSync(OPENAPI_PATH)) {
    throw new Error(
      `fake Discord: Discord's OpenAPI description is missing at ${OPENAPI_PATH}; ` +
        'the fake validates every request body against it (testkit/discord-openapi/README.md)',
    );
  }
  const doc = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as Json;
  applyDocumentedDisagreements(doc);
  return doc;
}

/** `#/paths/~1channels~1{channel_id}~1messages/post/...` as a URI fragment ajv resolves. */
function pointer(...parts: string[]): string {
  return `#/${parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;
}

function describe(e: ErrorObject): string {
  const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
  return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
}

/** Validates request bodies against the operation Discord describes for their method and path. */
export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly templates: { path: string; segments: string[]; methods: Record<string, Operation> }[];
  private readonly compiled = new Map<string, ValidateFunction | null>();

  constructor(doc: Json = loadDescription()) {
    this.ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    this.ajv.addSchema(doc, DOC_ID);
    const paths = doc.paths as Record<string, Record<string, Operation>>;
    this.templates = Object.entries(paths).map(([path, methods]) => ({
      path,
      segments: path.split('/').slice(1),
      methods,
    }));
  }

  /** The path template for a concrete path; a literal segment beats a `{param}` (`@original`, `@me`). */
  template(method: string, path: string): string | undefined {
    const segments = path.split('/').slice(1);
    let best: { path: string; literals: number } | undefined;
    for (const t of this.templates) {
      if (t.segments.length !== segments.length || !t.methods[method.toLowerCase()]) continue;
      let literals = 0;
      const ok = t.segments.every((pattern, i) => {
        if (pattern.startsWith('{') && pattern.endsWith('}')) return (segments[i] ?? '').length > 0;
        literals += 1;
        return pattern === segments[i];
      });
      if (ok && (!best || literals > best.literals)) best = { path: t.path, literals };
    }
    return best?.path;
  }

  /**
   * Errors in `body` for this request, or undefined when Discord would accept it. A multipart
   * body is checked through its `payload_json`, which Discord reads as the JSON body.
   */
  check(method: string, path: string, body: unknown): { operation: string; errors: string[] } | undefined {
    const operation = this.template(method, path);
    if (!operation || body === undefined) return undefined;
    const validate = this.requestValidator(method, operation);
    if (!validate || validate(body)) return undefined;
    return { operation, errors: (validate.errors ?? []).map(describe) };
  }

  /** The compiled request body schema of one operation (null when it takes no JSON body). */
  requestValidator(method: string, operation: string): ValidateFunction | null {
    method = method.toLowerCase();
    const key = `${method} ${operation}`;
    let fn = this.compiled.get(key);
    if (fn === undefined) {
      const op = this.templates.find((t) => t.path === operation)?.methods[method];
      const hasJson = op?.requestBody?.content?.['application/json']?.schema !== undefined;
      fn = hasJson
        ? this.ajv.compile({
            $ref: `${DOC_ID}${pointer('paths', operation, method, 'requestBody', 'content', 'application/json', 'schema')}`,
          })
        : null;
      this.compiled.set(key, fn);
    }
    return fn;
  }
}

let shared: OpenApiValidator | undefined;

/** Operations with a body that the fake serves; compiled when the fake starts (see below). */
const SERVED: [string, string][] = [
  ['POST', '/interactions/{interaction_id}/{interaction_token}/callback'],
  ['PATCH', '/webhooks/{webhook_id}/{webhook_token}/messages/@original'],
  ['PATCH', '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}'],
  ['POST', '/webhooks/{webhook_id}/{webhook_token}'],
  ['POST', '/channels/{channel_id}/messages'],
  ['PATCH', '/channels/{channel_id}/messages/{message_id}'],
  ['POST', '/channels/{channel_id}/messages/{message_id}/threads'],
  ['POST', '/channels/{channel_id}/threads'],
  ['POST', '/users/@me/channels'],
  ['PUT', '/applications/{application_id}/commands'],
  ['PUT', '/applications/{application_id}/guilds/{guild_id}/commands'],
];

/**
 * One validator per test process: the description is 1 MB and its schemas take about half a
 * second to compile, done here (before any bot runs) so that the first request of a test is not
 * the one that pays for it.
 */
export function openApiValidator(): OpenApiValidator {
  if (!shared) {
    shared = new OpenApiValidator();
    for (const [method, operation] of SERVED) shared.requestValidator(method, operation);
  }
  return shared;
}
