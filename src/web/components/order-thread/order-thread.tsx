import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { OrderMessageView } from '../../../domain/contract/order-messages.js';
import { MESSAGE_MAX_CHARACTERS } from '../../../domain/order/order-messages.js';
import { useT } from '../../i18n/i18n.js';
import { errorText } from '../../lib/error-text.js';
import { useFormat } from '../../lib/use-format.js';
import { useNotify } from '../notify.js';
import { orderThreadMessages } from './messages.js';
import * as styles from './order-thread.css.js';

/** Whose page shows the thread: the payer's own, or the back office's. */
export type ThreadReader = 'payer' | 'back_office';

export interface OrderThreadProps {
  readonly orderId: string;
  readonly reader: ThreadReader;
  /** The bank's note, shown above the thread while the order waits for more materials. */
  readonly bankNote: string | null;
  /** Whether this reader may write now (the order machine's answer); else the thread is read only. */
  readonly mayPost: boolean;
  readonly load: (id: string) => Promise<OrderMessageView[]>;
  readonly post: (id: string, text: string) => Promise<unknown>;
}

export const threadKey = (reader: ThreadReader, id: string) => ['orders', 'thread', reader, id] as const;

/**
 * An order's message thread (DESIGN.md section 11) with, at 13, the bank's note above it. The
 * section's anchor is `#messages`: "contact customer service" elsewhere on the page leads here.
 */
export function OrderThread({ orderId, reader, bankNote, mayPost, load, post }: OrderThreadProps) {
  const t = useT(orderThreadMessages);
  const titleId = useId();
  const thread = useQuery({ queryKey: threadKey(reader, orderId), queryFn: () => load(orderId) });
  return (
    <section id="messages" className={styles.section} aria-labelledby={titleId} data-testid="order-thread">
      <h2 id={titleId} className={styles.title}>
        {t('thread.title')}
      </h2>
      {bankNote && (
        <div className={styles.bankNote} role="note" data-testid="bank-note">
          <strong className={styles.bankNoteLabel}>{t('thread.bankNote')}</strong>
          {bankNote}
        </div>
      )}
      {thread.isError ? (
        <p role="alert">{t('thread.loadFailed')}</p>
      ) : (
        <MessageList messages={thread.data ?? []} reader={reader} loading={thread.isPending} />
      )}
      {mayPost && <MessageForm orderId={orderId} reader={reader} post={post} />}
    </section>
  );
}

function MessageList({ messages, reader, loading }: { messages: OrderMessageView[]; reader: ThreadReader; loading: boolean }) {
  const t = useT(orderThreadMessages);
  const format = useFormat();
  if (loading) return null;
  if (messages.length === 0) return <p className={styles.empty}>{t('thread.empty')}</p>;
  const sideName = (message: OrderMessageView) => {
    if (message.side === reader && reader === 'payer') return t('thread.you');
    const role = message.side === 'payer' ? t('thread.payer') : t('thread.backOffice');
    return message.author_name ? `${role} · ${message.author_name}` : role;
  };
  return (
    <ol className={styles.list} data-testid="thread-messages">
      {messages.map((message) => (
        <li key={message.id} className={message.side === reader ? styles.message.mine : styles.message.theirs} data-side={message.side}>
          <span className={styles.meta}>
            {sideName(message)} · {format.chinaTime(message.at)}
          </span>
          {message.text}
        </li>
      ))}
    </ol>
  );
}

function MessageForm({ orderId, reader, post }: { orderId: string; reader: ThreadReader; post: OrderThreadProps['post'] }) {
  const t = useT(orderThreadMessages);
  const notify = useNotify();
  const client = useQueryClient();
  const fieldId = useId();
  const [text, setText] = useState('');
  const sending = useMutation({
    mutationFn: () => post(orderId, text),
    onSuccess: async () => {
      setText('');
      notify.success(t('thread.sent'));
      await client.invalidateQueries({ queryKey: threadKey(reader, orderId) });
    },
    onError: (error) => notify.error(errorText(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '' && !sending.isPending) sending.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={fieldId}>{t('thread.label')}</label>
      <textarea
        id={fieldId}
        className={styles.textarea}
        value={text}
        maxLength={MESSAGE_MAX_CHARACTERS}
        onChange={(event) => setText(event.target.value)}
        data-testid="thread-input"
      />
      <div className={styles.formRow}>
        <span className={styles.counter} aria-hidden="true">
          {t('thread.count', { n: text.length, max: MESSAGE_MAX_CHARACTERS })}
        </span>
        <button type="submit" className={styles.send} disabled={text.trim() === '' || sending.isPending} aria-busy={sending.isPending}>
          {t('thread.send')}
        </button>
      </div>
    </form>
  );
}
