import { Dialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { Button } from './form.js';
import * as styles from './page-parts.css.js';

interface DialogFrameProps {
  readonly title: ReactNode;
  readonly testId: string;
  /** The button that opens it; without one the caller opens it through `open`. */
  readonly trigger?: ReactElement;
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  readonly children: ReactNode;
}

/** A back-office dialog: the overlay, the box and its title around what the caller puts in it. */
export function DialogFrame({ title, testId, trigger, open, onOpenChange, children }: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} data-testid={testId} aria-describedby={undefined}>
          <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The secondary button that closes the dialog it stands in (cancel, close). */
export function DialogCloseButton({ children }: { children: ReactNode }) {
  return (
    <Dialog.Close asChild>
      <Button type="button" variant="secondary">
        {children}
      </Button>
    </Dialog.Close>
  );
}
