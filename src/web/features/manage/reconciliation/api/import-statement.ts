import { reconciliationEndpoints } from '../../../../../domain/contract/endpoints/reconciliation.js';
import { upload } from '../../../../lib/api-client.js';

/** POST /manage/reconciliation/statements (multipart `file`): what the import did, with the upload's progress. */
export function importStatement(file: File, onProgress: (percent: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file);
  return upload(reconciliationEndpoints.importStatement, form, onProgress, signal);
}
