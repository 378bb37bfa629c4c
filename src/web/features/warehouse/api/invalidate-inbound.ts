import { mutationOptions } from '@tanstack/react-query';
import type { SentMessage } from '../../../../domain/contract/envelope.js';
import { post } from '../../../lib/api-client.js';
import { refreshWarehouse } from './refresh.js';

/** POST /warehouse/in/invalidate {id}. */
export const invalidateInboundMutation = () =>
  mutationOptions({ mutationFn: (id: number) => post<SentMessage>('/warehouse/in/invalidate', { id }), ...refreshWarehouse });
