import { z } from 'zod';
import { uploadAnswer } from '../../domain/index.js';
import { documentedOnly } from '../http/documented-only.js';
import { commandAnswers } from '../http/responses.js';

const files = z.array(z.file()).describe('One or more files (the field repeated): PDF, JPG, PNG or ZIP by content, 15 MB each, 80 at most');

/**
 * An upload route's options: the multipart form documented (its fields are checked by the handler
 * as they stream in, so the schema does not validate them), and its answers.
 */
export const uploadRouteOptions = (targetField: 'id' | 'token', about: string) => ({
  validatorCompiler: documentedOnly,
  schema: {
    consumes: ['multipart/form-data'],
    body: z.object({ [targetField]: z.string().describe(`${about}; send it before the files`), file: files }),
    response: commandAnswers(uploadAnswer),
  },
});
