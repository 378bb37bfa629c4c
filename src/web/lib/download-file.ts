import type { ErrorBody } from '../../domain/contract/envelope.js';
import { fileEndpoints } from '../../domain/contract/endpoints/external.js';
import { apiHeaders, failureOf, networkFailure, urlOf } from './api-client.js';

/** A stored file's address; `token`, for a holder of the order's upload link (no bearer then). */
export const fileUrl = (uid: string, token?: string): string => urlOf(fileEndpoints.download, { uid }, token ? { token } : {});

/**
 * GET /api/v1/files/{uid} with the bearer token (a plain link cannot send it): the answer is
 * saved under the file's name through a temporary object URL.
 */
export const downloadOrderFile = (uid: string, name: string): Promise<void> => downloadWithToken(fileUrl(uid), name);

/**
 * Fetches a download (an export, a stored file) with the bearer token and saves it through a
 * temporary object URL, under the name the server's Content-Disposition gives or else `name`.
 */
export async function downloadWithToken(url: string, name: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { headers: apiHeaders() });
  } catch {
    throw networkFailure();
  }
  if (!response.ok) throw failureOf(response.status, (await response.json().catch(() => null)) as Partial<ErrorBody> | null);
  saveBlob(await response.blob(), attachmentName(response.headers.get('content-disposition')) ?? name);
}

/** The file name of a Content-Disposition header (the UTF-8 `filename*` first), if it names one. */
function attachmentName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded.trim());
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() || undefined;
}

/** Saves data the page already holds (an evidence pack, say) as a JSON file. */
export const saveJson = (value: unknown, name: string): void =>
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), name);

function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
