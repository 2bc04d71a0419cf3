/**
 * Kept only for specs/auth/client-side.spec.ts, which imports the parser from
 * here: the one reading of requirement IDs in titles is catalog/ids.ts.
 */
export { parseTitleIds } from '../catalog/ids.js';
