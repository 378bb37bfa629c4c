import { z } from 'zod';
import { GROUPS, type Group } from '../access/roles.js';
import { issueMessage } from '../messages/message.js';
import { rowIdField } from '../validation/fields.js';

export const updateUserPayload = z.object({
  id: rowIdField,
  group: z.coerce
    .number({ error: issueMessage('reference.groupInvalid') })
    .refine((value): value is Group => (GROUPS as number[]).includes(value), issueMessage('reference.groupInvalid')),
});

export type GroupRefusal = 'unchanged' | 'last_admin';

/**
 * Whether a user's group may change: the service always keeps one admin, so the last admin cannot
 * give up (or be moved off) the admin role.
 */
export function groupChangeRefusal(current: number, next: Group, adminCount: number): GroupRefusal | null {
  if (current === next) return 'unchanged';
  if (current === 1 && next !== 1 && adminCount <= 1) return 'last_admin';
  return null;
}
