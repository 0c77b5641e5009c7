import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Form } from './Fields';

interface DialogProps {
  title: string;
  open: boolean;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal built on <dialog>.showModal(): the browser traps focus, makes the page inert and closes on
 * Escape. Focus returns to whatever had it before.
 */
export function Dialog({ title, open, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const firstField = dialog.querySelector<HTMLElement>('[data-autofocus], textarea, input, select, button');
    firstField?.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={['dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onCloseRef.current();
        }
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

interface ConfirmDialogProps {
  title: string;
  open: boolean;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  /** Destructive actions get a red button. */
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
  children?: ReactNode;
}

/** Ask before doing something that matters (sign-off, removal). Extra fields go in children. */
export function ConfirmDialog({
  title,
  open,
  confirmLabel,
  busy = false,
  error,
  danger = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} open={open} onClose={onCancel}>
      <Form
        className="dialog-body"
        onSubmit={() => {
          if (!busy) onConfirm();
        }}
      >
        {children}
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            className={danger ? 'button button-danger' : 'button button-primary'}
            disabled={busy}
            data-autofocus={children ? undefined : true}
          >
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
