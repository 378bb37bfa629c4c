/**
 * What the web build writes into index.html wherever a CSP nonce goes (vite.config.ts,
 * html.cspNonce); the server puts each answer's own nonce in its place (web-app.ts).
 */
export const STYLE_NONCE_PLACEHOLDER = 'style-nonce-placeholder';
