import { config } from 'zod/v4/core';

/**
 * What the app needs to run under the server's Content-Security-Policy (no eval, no inline style
 * without the page's nonce; src/api/http/security-headers.ts). main.tsx imports this first, so it
 * holds before any schema is built or anything is drawn.
 */

// Allowed to, zod compiles object parsers with `new Function`, and it finds out by trying: under a
// policy without 'unsafe-eval' that try is reported as a violation. The domain's schemas are built
// as their modules load, hence the first import. The config lives on globalThis: the build's two
// copies of zod (vite.config.ts) both read it.
config({ jitless: true });

// react-remove-scroll (radix's modal dialogs and menus) injects <style> elements and gives them the
// nonce it finds in `__webpack_nonce__`; index.html carries this answer's nonce (vite's html.cspNonce).
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) Object.assign(globalThis, { __webpack_nonce__: nonce });
