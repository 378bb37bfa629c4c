import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { sentMessage } from '../envelope.js';
import { assignEntryPayload, entriesPage, entriesRequest, returnEntryPayload, statementImported } from '../funds.js';

const read = { allow: ['backOffice.read'] } as const;
const change = { allow: ['backOffice.change'] } as const;

/** DESIGN.md section 10: the reserve account's statements, their entries and what a person does with the unmatched ones. */
export const reconciliationEndpoints = {
  importStatement: endpoint({
    method: 'POST',
    path: '/api/v1/manage/reconciliation/statements',
    access: change,
    kind: 'multipart',
    body: z.object({ file: z.file().describe('CAMT.053 XML (camt.053.001.02 to .08) or the CSV of DESIGN.md section 10, 20 MB at most') }),
    data: statementImported,
  }),
  entries: endpoint({
    method: 'POST',
    path: '/api/v1/manage/reconciliation/entries',
    access: read,
    body: entriesRequest,
    data: entriesPage,
  }),
  /** A match by hand: a second admin approves it (DESIGN.md section 12). */
  assign: endpoint({
    method: 'POST',
    path: '/api/v1/manage/reconciliation/assign',
    access: change,
    body: assignEntryPayload,
    data: sentMessage,
    answers: 'proposal',
  }),
  returnEntry: endpoint({
    method: 'POST',
    path: '/api/v1/manage/reconciliation/return',
    access: change,
    body: returnEntryPayload,
    data: sentMessage,
  }),
};
