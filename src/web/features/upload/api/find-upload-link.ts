import { queryOptions } from '@tanstack/react-query';
import type { UploadLinkOrder } from '../../../../domain/contract/documents.js';
import { call } from '../../../lib/api-client.js';
import { publicEndpoints } from '../../../../domain/contract/endpoints/public.js';

export type { UploadLinkOrder };

/** POST /public/upload/find {token}; an unknown or switched-off link answers 404 with code upload_link_inactive. */
export const findUploadLink = (token: string): Promise<UploadLinkOrder> => call(publicEndpoints.findUploadLink, { token });

export const uploadLinkKey = (token: string) => ['upload-link', token] as const;

export const uploadLinkQuery = (token: string) => queryOptions({ queryKey: uploadLinkKey(token), queryFn: () => findUploadLink(token) });
