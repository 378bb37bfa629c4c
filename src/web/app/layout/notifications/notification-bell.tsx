import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { seesConsole } from '../../../../domain/access/roles.js';
import type { NotificationView } from '../../../../domain/contract/endpoints/notifications.js';
import { useT } from '../../../i18n/i18n.js';
import { useFormat } from '../../../lib/use-format.js';
import type { SessionUser } from '../../../lib/session.js';
import { listQuery } from './list-notifications.js';
import { bellMessages } from './messages.js';
import * as styles from './notification-bell.css.js';
import { readNotifications } from './read-notifications.js';
import { unreadQuery } from './unread-count.js';

/** Drawn, not an emoji: a system without an emoji font would show an empty box. */
const BellIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.73 21a2 2 0 0 1-3.46 0" />
  </svg>
);

/** Where a notification leads: its order (the back office's page for staff), else the back office. */
const targetOf = (item: NotificationView, staff: boolean): string => {
  if (item.order_id === null) return staff ? '/manage' : '/orders';
  const id = encodeURIComponent(item.order_id);
  return staff ? `/manage/orders/${id}` : `/order/${id}`;
};

function Items({ staff, onOpen }: { staff: boolean; onOpen: (item: NotificationView) => void }) {
  const t = useT(bellMessages);
  const format = useFormat();
  const list = useInfiniteQuery(listQuery());
  if (list.isPending) return <div className={styles.note}>{t('bell.loading')}</div>;
  if (list.isError) return <div className={styles.note}>{t('bell.failed')}</div>;
  const items = list.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <div className={styles.note}>{t('bell.empty')}</div>;
  const rows = items.map((item) => (
    <DropdownMenu.Item
      key={item.id}
      className={item.read_at === null ? `${styles.item} ${styles.unread}` : styles.item}
      onSelect={() => onOpen(item)}
      data-testid="notification-item"
      data-target={targetOf(item, staff)}
    >
      <div className={styles.title}>{item.title}</div>
      <div className={styles.body}>{item.body}</div>
      <div className={styles.time}>{format.dateTime(item.created_at)}</div>
    </DropdownMenu.Item>
  ));
  if (!list.hasNextPage) return rows;
  return [
    ...rows,
    <DropdownMenu.Item
      key="more"
      className={styles.readAll}
      disabled={list.isFetchingNextPage}
      // The menu stays open: the older notifications come in under the ones read so far.
      onSelect={(event) => {
        event.preventDefault();
        void list.fetchNextPage();
      }}
      data-testid="notification-more"
    >
      {list.isFetchingNextPage ? t('bell.loading') : t('bell.more')}
    </DropdownMenu.Item>,
  ];
}

/**
 * The header's bell (DESIGN.md section 11): the unread count, and on opening the newest
 * notifications; one opens its order and is marked read. Loaded apart from the entry chunk: only
 * a signed-in user has one.
 */
export default function NotificationBell({ user }: { user: SessionUser }) {
  const t = useT(bellMessages);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useQuery(unreadQuery()).data ?? 0;
  const staff = seesConsole(user.group);
  const openItem = (item: NotificationView) => {
    if (item.read_at === null) void readNotifications(client, { ids: [item.id] }).catch(() => undefined);
    navigate(targetOf(item, staff));
  };
  return (
    <DropdownMenu.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void client.invalidateQueries({ queryKey: listQuery().queryKey });
      }}
    >
      <DropdownMenu.Trigger
        className={styles.trigger}
        aria-label={count > 0 ? t('bell.unread', { count }) : t('bell.label')}
        data-testid="notification-bell"
      >
        <BellIcon />
        {count > 0 && (
          <span className={styles.badge} data-testid="notification-count">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.panel} align="end" sideOffset={6} collisionPadding={8}>
          {open && <Items staff={staff} onOpen={openItem} />}
          {count > 0 && (
            <DropdownMenu.Item
              className={styles.readAll}
              onSelect={() => void readNotifications(client, { all: true }).catch(() => undefined)}
            >
              {t('bell.readAll')}
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
