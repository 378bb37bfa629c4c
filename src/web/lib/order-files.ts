import { mutationOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { DataOf, Endpoint } from '../../domain/contract/endpoint.js';
import type { FileEntry } from '../../domain/order/order-data.js';
import { upload } from './api-client.js';

/** Who an order's documents are sent for: the order's id (its owner, staff) or an upload link's token. */
export type FilesOwner = 'id' | 'token';

/**
 * Uploads files to an upload endpoint: the field naming the order or link first (the server reads
 * it before the files), then one `file` part each, with progress in percent; `signal` cancels it.
 */
export function uploadFilesTo<E extends Endpoint & { kind: 'multipart' }>(
  target: E,
  owner: { readonly field: FilesOwner; readonly value: string },
  files: readonly File[],
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<DataOf<E>> {
  const form = new FormData();
  form.append(owner.field, owner.value);
  for (const file of files) form.append('file', file, file.name);
  return upload(target, form, onProgress, signal);
}

/** What an upload mutation takes: the order's id or the link's token, the files, and the progress and cancel hooks. */
export type FilesUpload<F extends FilesOwner> = { readonly [K in F]: string } & {
  readonly files: readonly File[];
  readonly onProgress: (percent: number) => void;
  readonly signal?: AbortSignal;
};

/** A stored file joins the order's list on the server at once (the list push follows): `refresh` reads it again. */
export const uploadFilesMutation = <E extends Endpoint & { kind: 'multipart' }, F extends FilesOwner>(
  target: E,
  field: F,
  refresh: (client: QueryClient, owner: string) => Promise<unknown>,
) =>
  mutationOptions({
    mutationFn: (variables: FilesUpload<F>) =>
      uploadFilesTo(target, { field, value: variables[field] }, variables.files, variables.onProgress, variables.signal),
    onSuccess: (_answer, variables, _result, { client }) => void refresh(client, variables[field]),
  });

/** What a file-list update takes: the order's id or the link's token, and the whole list after the change. */
export type FileListUpdate<F extends FilesOwner> = { readonly [K in F]: string } & { readonly fileList: readonly FileEntry[] };

/**
 * The whole file list, after each upload and each removal. The answer is the list the order now
 * keeps: the page shows it at once (in the cached order under `cacheKey`), and `refresh` reads the
 * rest again.
 */
export const fileListMutation = <F extends FilesOwner>(
  field: F,
  save: (owner: string, fileList: readonly FileEntry[]) => Promise<{ readonly jsfile: FileEntry[] }>,
  cacheKey: (owner: string) => QueryKey,
  refresh: (client: QueryClient, owner: string) => Promise<unknown>,
) =>
  mutationOptions({
    mutationFn: (variables: FileListUpdate<F>) => save(variables[field], variables.fileList),
    onSuccess: ({ jsfile }, variables, _result, { client }) => {
      client.setQueryData<{ jsfile: FileEntry[] }>(cacheKey(variables[field]), (cached) => cached && { ...cached, jsfile });
      void refresh(client, variables[field]);
    },
  });
