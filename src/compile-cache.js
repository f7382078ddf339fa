/**
 * Preloaded by `npm start` and the image's command (`--import=./src/compile-cache.js`), before the
 * first TypeScript file: turns on Node's compile cache, which keeps each module's stripped source
 * and V8 code on disk, keyed by the file's contents. A start whose files are all in the cache
 * never loads Node's type stripper (amaro, a WebAssembly module): about 16 MB less resident for
 * the life of the process, and a faster start (docs/performance.md, Memory). A file changed since
 * is stripped again, so the cache never runs stale code; the first start after a change pays once.
 *
 * The cache lives in NODE_COMPILE_CACHE when it is set (Node then turns it on by itself), else in
 * the system's temporary folder (`node-compile-cache`). Plain JavaScript, so that nothing needs
 * stripping before the cache is on.
 */
import { enableCompileCache } from 'node:module';

enableCompileCache();
