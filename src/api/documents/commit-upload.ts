import { ConcurrencyError, EventStoreInputError } from '../../../eventstore/port.js';
import { OrderCommandRefused, type Actor, type OrderCommand, type UploadedFile } from '../../domain/index.js';
import type { AppDeps } from '../deps.js';
import { SubjectErasedError } from '../privacy/keyring.js';
import { runOrderCommands } from '../orders/order-commands.js';
import type { ReceivedFile } from './receive-upload.js';
import type { FileStorage } from './storage.js';

/** Where a stored file is downloaded (the download route checks who asks). */
export const fileUrl = (uid: string): string => `/api/v1/files/${uid}`;

/** Errors after which it is certain that no event was appended (the payer erased meanwhile, too): only then may the files go. */
const nothingWasAppended = (error: unknown): boolean =>
  error instanceof OrderCommandRefused ||
  error instanceof ConcurrencyError ||
  error instanceof EventStoreInputError ||
  error instanceof SubjectErasedError;

interface Placed {
  readonly received: ReceivedFile;
  readonly upload: UploadedFile;
}

/**
 * Makes staged files part of an order: moves them to their storage names, records them in
 * stored_files, then appends one `uploadFile` per file in a single append. If the order refuses
 * (its status, a switched-off link) the files and rows are removed again, so nothing is half kept.
 */
export async function commitUpload(
  deps: AppDeps,
  storage: FileStorage,
  orderId: string,
  files: readonly ReceivedFile[],
  actor: Actor,
): Promise<UploadedFile[]> {
  const placed = files.map((received) => ({ received, upload: uploadedFileOf(deps, received) }));
  await placeFiles(deps, storage, orderId, placed, actor);
  const commands: OrderCommand[] = placed.map(({ upload }) => ({ type: 'uploadFile', file: upload }));
  try {
    await runOrderCommands(deps, orderId, commands, actor);
  } catch (error) {
    // When the outcome of the append is unknown (a timeout, a lost connection) the files stay:
    // an unreferenced file is harmless, a recorded file without its content is not.
    if (nothingWasAppended(error)) await removePlaced(deps, storage, placed);
    throw error;
  }
  return placed.map(({ upload }) => upload);
}

function uploadedFileOf(deps: AppDeps, file: ReceivedFile): UploadedFile {
  const uid = deps.ids.uuid();
  return { uid, name: file.name, size: file.size, content_type: file.kind.contentType, url: fileUrl(uid), sha256: file.sha256 };
}

async function placeFiles(deps: AppDeps, storage: FileStorage, orderId: string, placed: readonly Placed[], actor: Actor): Promise<void> {
  try {
    for (const { received } of placed) await storage.commit(received);
    await deps.db
      .insertInto('stored_files')
      .values(
        placed.map(({ received, upload }) => ({
          uid: upload.uid,
          order_id: orderId,
          storage_name: received.storageName,
          original_name: upload.name,
          content_type: upload.content_type,
          size: upload.size,
          uploaded_by: actor.id,
        })),
      )
      .execute();
  } catch (error) {
    await removePlaced(deps, storage, placed);
    throw error;
  }
}

async function removePlaced(deps: AppDeps, storage: FileStorage, placed: readonly Placed[]): Promise<void> {
  const uids = placed.map(({ upload }) => upload.uid);
  await deps.db.deleteFrom('stored_files').where('uid', 'in', uids).execute();
  await Promise.all(placed.flatMap(({ received }) => [storage.discard(received), storage.remove(received.storageName)]));
}
