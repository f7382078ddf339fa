/**
 * The simulator's answer to one request, as the route handlers (routes/) build it and the server
 * writes it: a status with a JSON body or a file, and the service's error bodies.
 */
import type { ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  json?: unknown;
  file?: { bytes: Buffer; contentType: string; attachmentName?: string };
  headers?: Record<string, string>;
  /** Extra real ms before this answer (added to `latencyMs`). */
  delayMs?: number;
}

export const error = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  json: { error: message },
  headers,
});

export const validationError = (errors: Record<string, string[]>): Reply => {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const message =
    more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? 's' : ''})` : (messages[0] ?? '');
  return { status: 422, json: { message, errors } };
};

/** Writes `reply` unless the connection is already gone (a client that gave up, a closed simulator). */
export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.destroyed || res.writableEnded) return;
  const headers: Record<string, string | number> = { ...reply.headers };
  let payload: Buffer;
  if (reply.file) {
    payload = reply.file.bytes;
    headers['Content-Type'] = reply.file.contentType;
    if (reply.file.attachmentName)
      headers['Content-Disposition'] = `attachment; filename="${reply.file.attachmentName}"`;
  } else {
    payload = Buffer.from(JSON.stringify(reply.json ?? {}));
    headers['Content-Type'] = 'application/json';
  }
  headers['Content-Length'] = payload.length;
  res.writeHead(reply.status, headers);
  res.end(payload);
}
