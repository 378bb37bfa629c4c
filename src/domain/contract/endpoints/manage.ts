import { z } from 'zod';
import { approvalIdPayload, approvalStateRequest, rejectApprovalPayload } from '../../reference/approvals.js';
import { updateResourcePayload } from '../../reference/institution.js';
import { markupsPayload, noticePayload } from '../../reference/markups.js';
import { updateUserPayload } from '../../reference/user-group.js';
import { rowIdField } from '../../validation/fields.js';
import { orderIdPayload, updateFilePayload } from '../../validation/order-steps.js';
import { eraseUserRequest } from '../audit.js';
import { orderFiles, uploadAnswer } from '../documents.js';
import { endpoint } from '../endpoint.js';
import { sentMessage } from '../envelope.js';
import {
  approvalView,
  manageDashboard,
  manageFiles,
  manageOrderDetail,
  manageOrderRow,
  manageResource,
  manageStatistic,
  manageUser,
  markupsView,
  noticeView,
  uploadLinkState,
} from '../manage.js';
import { cursorQuery, keywordPayload, noBody, optionalBody, pageOf, setStatusPayload, uploadForm } from './requests.js';
import { orderExportQuery, orderFilterPayload, refundPayload } from '../funds.js';
import { orderMessageView, postedMessage, postMessagePayload } from '../order-messages.js';

const read = { allow: ['backOffice.read'] } as const;
const change = { allow: ['backOffice.change'] } as const;

const orderList = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    access: read,
    body: optionalBody(orderFilterPayload),
    query: cursorQuery,
    data: pageOf(manageOrderRow),
  });
const orderExport = (format: 'csv' | 'xlsx') =>
  endpoint({ method: 'GET', path: `/api/v1/manage/orders/export.${format}`, access: read, kind: 'file', query: orderExportQuery });
const setStatus = (path: string) =>
  endpoint({ method: 'POST', path, access: change, body: setStatusPayload, data: sentMessage, answers: 'command' });
const findFiles = (path: string) => endpoint({ method: 'POST', path, access: read, body: orderIdPayload, data: manageFiles });
const uploadFiles = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    access: change,
    kind: 'multipart',
    body: uploadForm('id', 'The order'),
    data: uploadAnswer,
    answers: 'command',
  });
const updateFiles = (path: string) =>
  endpoint({ method: 'POST', path, access: change, body: updateFilePayload, data: orderFiles, answers: 'command' });
const qrImage = (format: 'png' | 'svg') =>
  endpoint({
    method: 'GET',
    path: `/api/v1/manage/resources/:id/qr.${format}`,
    access: read,
    kind: 'file',
    params: z.object({ id: rowIdField }),
  });

/**
 * The back office (the partner's orders under manage/gic/…, their file update at gic/updateFile,
 * where SPEC puts them): auditors read, admins change; some changes wait for a second admin.
 */
export const manageEndpoints = {
  statistic: endpoint({ method: 'POST', path: '/api/v1/manage/statistic', access: read, body: noBody, data: manageStatistic }),
  /** DESIGN.md section 10: money received and orders per China-time day for 30 days, and the funnel. */
  dashboard: endpoint({ method: 'POST', path: '/api/v1/manage/dashboard', access: read, body: noBody, data: manageDashboard }),
  users: endpoint({
    method: 'POST',
    path: '/api/v1/manage/users',
    access: read,
    body: optionalBody(keywordPayload),
    query: cursorQuery,
    data: pageOf(manageUser),
  }),
  updateUser: endpoint({
    method: 'POST',
    path: '/api/v1/manage/updateUser',
    access: change,
    body: updateUserPayload,
    data: manageUser,
    answers: 'proposal',
  }),
  eraseUser: endpoint({
    method: 'POST',
    path: '/api/v1/manage/eraseUser',
    access: change,
    body: eraseUserRequest,
    data: sentMessage,
    answers: 'command',
  }),
  resources: endpoint({
    method: 'POST',
    path: '/api/v1/manage/resources',
    access: read,
    body: optionalBody(keywordPayload),
    query: cursorQuery,
    data: pageOf(manageResource),
  }),
  updateResource: endpoint({
    method: 'POST',
    path: '/api/v1/manage/updateResource',
    access: change,
    body: updateResourcePayload,
    data: manageResource,
    answers: 'proposal',
  }),
  resourceQrPng: qrImage('png'),
  resourceQrSvg: qrImage('svg'),
  findMarkups: endpoint({ method: 'POST', path: '/api/v1/manage/config/findBit', access: read, body: noBody, data: markupsView }),
  updateMarkups: endpoint({
    method: 'POST',
    path: '/api/v1/manage/config/updateBit',
    access: change,
    body: markupsPayload,
    data: sentMessage,
    answers: 'proposal',
  }),
  findNotice: endpoint({ method: 'POST', path: '/api/v1/manage/config/findNotice', access: read, body: noBody, data: noticeView }),
  updateNotice: endpoint({
    method: 'POST',
    path: '/api/v1/manage/config/updateNotice',
    access: change,
    body: noticePayload,
    data: sentMessage,
    answers: 'command',
  }),
  orders: orderList('/api/v1/manage/orders'),
  partnerOrders: orderList('/api/v1/manage/gic/orders'),
  /** Every matching order with its funds, streamed (the list's filters as query parameters). */
  exportCsv: orderExport('csv'),
  exportXlsx: orderExport('xlsx'),
  findOrder: endpoint({ method: 'POST', path: '/api/v1/manage/order/find', access: read, body: orderIdPayload, data: manageOrderDetail }),
  setStatus: setStatus('/api/v1/manage/setStatus'),
  setPartnerStatus: setStatus('/api/v1/manage/gic/setStatus'),
  /** DESIGN.md section 10: a refund (an approval above REFUND_APPROVAL_CNY). */
  refund: endpoint({
    method: 'POST',
    path: '/api/v1/manage/order/refund',
    access: change,
    body: refundPayload,
    data: sentMessage,
    answers: 'proposal',
  }),
  /** DESIGN.md section 11: the order's message thread; admins answer, auditors read (masked). */
  orderMessages: endpoint({
    method: 'POST',
    path: '/api/v1/manage/order/messages',
    access: read,
    body: orderIdPayload,
    data: z.array(orderMessageView),
  }),
  postOrderMessage: endpoint({
    method: 'POST',
    path: '/api/v1/manage/order/message',
    access: change,
    body: postMessagePayload,
    data: postedMessage,
    answers: 'command',
  }),
  changeUploadDocument: endpoint({
    method: 'POST',
    path: '/api/v1/manage/changeUploadDocument',
    access: change,
    body: orderIdPayload,
    data: uploadLinkState,
    answers: 'command',
  }),
  findFiles: findFiles('/api/v1/manage/order/findFiles'),
  uploadFiles: uploadFiles('/api/v1/manage/order/upload'),
  updateFiles: updateFiles('/api/v1/manage/order/updateFile'),
  findPartnerFiles: findFiles('/api/v1/manage/gic/order/findFiles'),
  uploadPartnerFiles: uploadFiles('/api/v1/manage/gic/order/upload'),
  updatePartnerFiles: updateFiles('/api/v1/gic/updateFile'),
  approvals: endpoint({
    method: 'POST',
    path: '/api/v1/manage/approvals',
    access: read,
    body: approvalStateRequest.optional(),
    data: z.array(approvalView),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/v1/manage/approvals/approve',
    access: { allow: ['approvals.decide'] },
    body: approvalIdPayload,
    data: sentMessage,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/v1/manage/approvals/reject',
    access: { allow: ['approvals.decide'] },
    body: rejectApprovalPayload,
    data: sentMessage,
  }),
};
