/** SPEC.md sections 5 and 9: a single file over 15 MB is refused on the client; 80 files per upload. */
export const MAX_FILE_BYTES = 15 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 80;
/** What the file picker offers; the server judges the real type by the content. */
export const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,.zip,application/pdf,image/jpeg,image/png,application/zip';

/** The admin attachment dialog's bound (SPEC.md section 5). */
export const ADMIN_MAX_FILE_BYTES = 50 * 1024 * 1024;
