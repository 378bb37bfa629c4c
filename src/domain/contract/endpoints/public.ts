import { z } from 'zod';
import { resourceIdField } from '../../validation/fields.js';
import { updateFilePayload } from '../../validation/order-steps.js';
import { endpoint } from '../endpoint.js';
import { linkFiles, uploadAnswer, uploadLinkOrder } from '../documents.js';
import { cnyRate, noticeText, publicInstitution, wechatConfig } from '../public.js';
import { institutionEndpoints } from './institutions.js';
import { linkToken, noBody, uploadForm } from './requests.js';

/** What anyone may call: the institutions, the notice, today's rate, and an order's upload link. */
export const publicEndpoints = {
  resources: institutionEndpoints.resources,
  wechatConfig: endpoint({ method: 'POST', path: '/api/v1/public/wechatConfig', access: 'public', body: noBody, data: wechatConfig }),
  findNotice: endpoint({ method: 'POST', path: '/api/v1/public/findNotice', access: 'public', body: noBody, data: noticeText }),
  findResource: endpoint({
    method: 'POST',
    path: '/api/v1/public/findResource',
    access: 'public',
    body: z.object({ id: resourceIdField }),
    data: publicInstitution,
  }),
  findRate: endpoint({
    method: 'POST',
    path: '/api/v1/public/findRate',
    access: 'public',
    body: z.object({ currency: z.string().trim().toUpperCase() }),
    data: cnyRate,
  }),
  findUploadLink: endpoint({
    method: 'POST',
    path: '/api/v1/public/upload/find',
    access: 'public',
    body: z.object({ token: linkToken }),
    data: uploadLinkOrder,
  }),
  uploadLinkFiles: endpoint({
    method: 'POST',
    path: '/api/v1/public/upload/upload',
    access: 'public',
    kind: 'multipart',
    body: uploadForm('token', 'The upload link'),
    data: uploadAnswer,
    answers: 'command',
  }),
  updateLinkFiles: endpoint({
    method: 'POST',
    path: '/api/v1/public/upload/updateFile',
    access: 'public',
    body: z.object({ token: linkToken, fileList: updateFilePayload.shape.fileList }),
    data: linkFiles,
    answers: 'command',
  }),
};
