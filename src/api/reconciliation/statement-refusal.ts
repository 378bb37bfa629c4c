import { message } from '../../domain/index.js';
import { HttpError } from '../http/errors.js';
import type { StatementRefused } from './statement.js';

/** A refused statement file as the client is told: the problem in its language, where it is and what was found. */
export function statementRefusal(refused: StatementRefused): HttpError {
  const problem = message(`reconciliation.problem.${refused.problem}`);
  const code = refused.problem === 'too_large' ? 'statement_too_large' : 'statement_refused';
  if (refused.line !== null)
    return new HttpError(code, message('reconciliation.refusedAt', { problem, line: refused.line, detail: refused.detail }));
  if (refused.detail !== '') return new HttpError(code, message('reconciliation.refusedDetail', { problem, detail: refused.detail }));
  return new HttpError(code, message('reconciliation.refused', { problem }));
}
