/**
 * An HTTP agent that connects to public addresses only. The address is checked when the socket
 * connects, on the very answer DNS gave for that connection: a host that resolves to a public
 * address when checked and to 127.0.0.1 when connected (DNS rebinding) cannot slip through.
 * Node does not call `lookup` for a host written as an IP address, so callers check IP-literal
 * hosts themselves (`ipLiteralOf` + `isPublicAddress`).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { isPublicAddress } from './public-address.ts';

/** The error code of a connection refused because its host resolved to no public address. */
export const NOT_PUBLIC_CODE = 'ERR_NOT_PUBLIC_ADDRESS';

/** A connection the agent refused to open: the host resolved to no public address. */
export class NotPublicAddressError extends Error {
  readonly code = NOT_PUBLIC_CODE;
  constructor(hostname: string) {
    super(`${hostname} resolves to no public address`);
    this.name = 'NotPublicAddressError';
  }
}

/** Node calls lookup back in one of two shapes, depending on `options.all`. */
type LookupCallback = (err: Error | null, address?: string | LookupAddress[], family?: number) => void;

/** dns.lookup with the non-public answers removed; fails when none is left. */
export const publicOnlyLookup = ((hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err);
    const allowed = addresses.filter((a) => isPublicAddress(a.address));
    const first = allowed[0];
    if (!first) return callback(new NotPublicAddressError(hostname));
    if (options.all) return callback(null, allowed);
    return callback(null, first.address, first.family);
  });
}) as unknown as LookupFunction;

/** Whether `err` (or an error it wraps) is a refusal by the public-only agent. */
export function isNotPublicError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === NOT_PUBLIC_CODE) return true;
  }
  return false;
}

/** The shared agent for fetching untrusted URLs (output files). */
export const publicOnlyAgent = new Agent({ connections: 16, connect: { lookup: publicOnlyLookup } });
