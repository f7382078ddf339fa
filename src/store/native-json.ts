/**
 * keyv's own stored format (@keyv/serialize), written and read by the engine's JSON. Its serializer
 * walks a value in JavaScript and its parser runs a reviver over every value: on the quota's guild
 * record (about 100 KB under load, one entry per open reservation) that was about 1 ms each way,
 * several times per generation (benchmark profile: a tenth of the bot's CPU).
 *
 * Native JSON writes the same text for every value but two kinds, which keep keyv's own path: a
 * string that starts with ':' (keyv escapes it with one more ':') and a Buffer (':base64:…'). The
 * stored format does not change, so a store written before reads the same, and back.
 */
import type Keyv from 'keyv';

/**
 * A string token that starts with ':'. In compact JSON a string token follows `{`, `[`, `,`, `:` or
 * the start, and a quote inside a string is always escaped, so no other text matches. Keys that
 * start with ':' match too (keyv does not escape keys); they only take the slower path.
 */
const COLON_STRING = /(?:^|[,[:{])":/;
/** How a Buffer comes out of JSON.stringify (keyv writes it as base64 instead). */
const BUFFER_JSON = '"type":"Buffer"';

/** Switches `keyv` to native JSON where that writes and reads exactly what keyv's serializer does. */
export function withNativeJson(keyv: Keyv): Keyv {
  const { serialize, deserialize } = keyv;
  // A keyv without a serializer keeps objects as they are; nothing to speed up.
  if (!serialize || !deserialize) return keyv;
  keyv.serialize = (data) => {
    const text = JSON.stringify(data ?? null);
    return COLON_STRING.test(text) || text.includes(BUFFER_JSON) ? serialize(data) : text;
  };
  keyv.deserialize = (text) => (COLON_STRING.test(text) ? deserialize(text) : JSON.parse(text));
  return keyv;
}
