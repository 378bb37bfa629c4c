import { ApiError, httpFailureText, networkFailure } from '../../../../lib/api-client.js';
import { readStoredSession } from '../../../../lib/session.js';

/**
 * GET /api/v1/files/{uid} with the bearer token (a plain link cannot send it): the answer is
 * saved under the file's name through a temporary object URL.
 */
export async function downloadOrderFile(uid: string, name: string): Promise<void> {
  const { token } = readStoredSession();
  let response: Response;
  try {
    response = await fetch(`/api/v1/files/${encodeURIComponent(uid)}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw networkFailure();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string; errors?: Record<string, string[]> } | null;
    throw new ApiError(response.status, body?.message ?? httpFailureText(response.status), body?.errors ?? {});
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
