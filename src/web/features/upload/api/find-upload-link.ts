import { queryOptions } from '@tanstack/react-query';
import type { FileEntry } from '../../../../domain/order/order-data.js';
import { post } from '../../../lib/api-client.js';

/** What the public upload link shows: no personal data, only what the order is about. */
export interface UploadLinkOrder {
  readonly resource_name: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly status: number;
  readonly jsfile: readonly FileEntry[];
}

/** POST /public/upload/find {token}; an inactive link answers 404 '上传链接已失效'. */
export const findUploadLink = (token: string): Promise<UploadLinkOrder> => post<UploadLinkOrder>('/public/upload/find', { token });

export const uploadLinkKey = (token: string) => ['upload-link', token] as const;

export const uploadLinkQuery = (token: string) => queryOptions({ queryKey: uploadLinkKey(token), queryFn: () => findUploadLink(token) });
