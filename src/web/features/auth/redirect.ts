/** Query parameters that belong to the login itself and are not carried on. */
const OWN_PARAMS = new Set(['redirect', 'code', 'state']);
const BASE = 'http://app.invalid';

/**
 * Where to go after logging in (SPEC.md "Login"): the `redirect` query value, or else the role's own
 * home (`homeOf`: '/' for payers, '/manage' or '/stocks' for staff), keeping the rest of the query
 * string (resource, from, …). Only paths inside the app are accepted.
 */
export function redirectTarget(search: string, home = '/'): string {
  const params = new URLSearchParams(search);
  const redirect = params.get('redirect') ?? '';
  let url = new URL(home, BASE);
  if (redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\')) {
    const candidate = new URL(redirect, BASE);
    if (candidate.origin === BASE) url = candidate;
  }
  for (const [name, value] of params) {
    if (!OWN_PARAMS.has(name) && !url.searchParams.has(name)) url.searchParams.append(name, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The query without the parameters WeChat adds on its way back (code, state). */
export function withoutOAuthParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('code');
  params.delete('state');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
