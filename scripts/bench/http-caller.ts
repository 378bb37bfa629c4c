import type { Pool as HttpPool } from 'undici';

/**
 * POSTs to the API as a signed-in payer through undici's pool, kept alive, one connection per
 * client: the global fetch costs the shared CPU several times what a hello-world route does, and
 * would measure itself.
 */
export const caller = (http: HttpPool, token: string) => async (route: string, body: unknown) => {
  const response = await http.request({
    path: `/api/v1${route}`,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`${route} answered ${response.statusCode}: ${text}`);
  return JSON.parse(text) as { data: { id: string } };
};
