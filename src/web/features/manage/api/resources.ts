import { mutationOptions } from '@tanstack/react-query';
import type { ManageResource } from '../../../../domain/contract/manage.js';
import { apiHeaders, call, failureOf, networkFailure, urlOf } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

export type ResourceRecord = Omit<ManageResource, 'id' | 'updated_at'> & { id?: number };

/**
 * POST /manage/updateResource {record}: adds (no id) or edits an institution; 422 names each bad
 * field. A changed payee account (or a new institution with one) is a proposal (202) instead.
 */
export const updateResourceMutation = () =>
  mutationOptions({
    mutationFn: (record: ResourceRecord) => call(manageEndpoints.updateResource, { record }),
    // The list, the statistics and the approvals' count alike.
    onSuccess: (_saved, _record, _result, { client }) => void client.invalidateQueries({ queryKey: ['manage'] }),
  });

/** GET /manage/resources/{id}/qr.png|svg with the bearer token: the server makes the image (no outside service). */
export async function fetchQrImage(id: number, format: 'png' | 'svg'): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(urlOf(format === 'png' ? manageEndpoints.resourceQrPng : manageEndpoints.resourceQrSvg, { id }), {
      headers: apiHeaders(),
    });
  } catch {
    throw networkFailure();
  }
  if (!response.ok) throw failureOf(response.status, (await response.json().catch(() => null)) as never);
  return response.blob();
}
