import { Toast } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import * as styles from './notify.css.js';

type Kind = 'success' | 'error' | 'hint';
interface Note {
  readonly id: number;
  readonly kind: Kind;
  readonly title?: string;
  readonly text: string;
}
interface Notify {
  success(text: string): void;
  error(text: string): void;
  /** The admin screens' warning notification titled 'hint'. */
  hint(text: string): void;
}

const NotifyContext = createContext<Notify | null>(null);
/** SPEC.md section 9: notifications last 3 seconds. */
const DURATION_MS = 3000;
let nextId = 1;

/** Toasts for the whole app: success and error texts, and the 'hint' notification. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notes, setNotes] = useState<Note[]>([]);
  const push = useCallback((kind: Kind, text: string, title?: string) => {
    setNotes((current) => [...current, { id: nextId++, kind, text, ...(title ? { title } : {}) }]);
  }, []);
  const value = useMemo<Notify>(
    () => ({
      success: (text) => push('success', text),
      error: (text) => push('error', text),
      hint: (text) => push('hint', text, 'hint'),
    }),
    [push],
  );
  return (
    <NotifyContext.Provider value={value}>
      <Toast.Provider duration={DURATION_MS} swipeDirection="up">
        {children}
        {notes.map((note) => (
          <Toast.Root
            key={note.id}
            className={styles.toast[note.kind]}
            data-testid={`toast-${note.kind}`}
            onOpenChange={(open) => !open && setNotes((current) => current.filter((n) => n.id !== note.id))}
          >
            {note.title && <Toast.Title className={styles.title}>{note.title}</Toast.Title>}
            <Toast.Description>{note.text}</Toast.Description>
          </Toast.Root>
        ))}
        <Toast.Viewport className={styles.viewport} />
      </Toast.Provider>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifyContext);
  if (!notify) throw new Error('useNotify needs a NotifyProvider');
  return notify;
}
