import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { NoticeView } from '../../../../domain/contract/manage.js';
import type { MarkupsPayload } from '../../../../domain/reference/markups.js';
import { call } from '../../../lib/api-client.js';
import { manageEndpoints } from '../../../../domain/contract/endpoints/manage.js';

/** POST /manage/config/findBit: the nine markups (decimal strings). */
export const markupsQuery = () => queryOptions({ queryKey: ['manage', 'markups'], queryFn: () => call(manageEndpoints.findMarkups) });

/** POST /manage/config/updateBit: a changed markup is a proposal (202, '已提交审批'); no change answers '已生效'. */
export const updateMarkupsMutation = () =>
  mutationOptions({
    mutationFn: (markups: MarkupsPayload) => call(manageEndpoints.updateMarkups, markups),
    // The markups, and the statistics with the approvals' count.
    onSuccess: (_answer, _markups, _result, { client }) => void client.invalidateQueries({ queryKey: ['manage'] }),
  });

/** POST /manage/config/findNotice. */
export const noticeQuery = () => queryOptions({ queryKey: ['manage', 'notice'], queryFn: () => call(manageEndpoints.findNotice) });

/** POST /manage/config/updateNotice {notice}: answers '已生效'. */
export const updateNoticeMutation = () =>
  mutationOptions({
    mutationFn: (notice: NoticeView) => call(manageEndpoints.updateNotice, notice),
    // The payers' banner too: its text may have changed in any language.
    onSuccess: (_answer, _notice, _result, { client }) =>
      void Promise.all([client.invalidateQueries({ queryKey: ['manage', 'notice'] }), client.invalidateQueries({ queryKey: ['notice'] })]),
  });
