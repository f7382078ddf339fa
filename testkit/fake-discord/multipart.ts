import type { RecordedFile } from './types.ts';

export interface ParsedBody {
  body: unknown;
  files: RecordedFile[];
}

/**
 * Parse a request body as discord.js sends it: JSON, or multipart with `files[n]` parts plus
 * `payload_json`; or a form's fields. Multipart goes through the fetch `Response.formData()` parser rather than a hand-written one.
 */
export async function parseBody(raw: Buffer, contentType: string | undefined): Promise<ParsedBody> {
  if (raw.length === 0) return { body: undefined, files: [] };
  if (contentType?.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': contentType },
    }).formData();
    const files: RecordedFile[] = [];
    let body: unknown;
    const fields: Record<string, string> = {};
    for (const [field, value] of form.entries()) {
      if (typeof value === 'string') {
        if (field === 'payload_json') body = JSON.parse(value);
        else fields[field] = value;
      } else {
        files.push({
          field,
          name: value.name,
          contentType: value.type || 'application/octet-stream',
          data: Buffer.from(await value.arrayBuffer()),
        });
      }
    }
    return { body: body ?? (Object.keys(fields).length > 0 ? fields : undefined), files };
  }
  const text = raw.toString('utf8');
  // OAuth2's token endpoint and the consent page's form post fields, as a browser does.
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    return { body: Object.fromEntries(new URLSearchParams(text)), files: [] };
  }
  return { body: contentType?.includes('json') ? JSON.parse(text) : text, files: [] };
}
