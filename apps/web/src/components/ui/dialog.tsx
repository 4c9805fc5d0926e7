import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { Button, type ButtonProps } from './button';
import { cn } from './cn';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const widths = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' };

/**
 * Modal dialog: focus trapped, closes on Escape, a bottom sheet on phones and a centred card
 * from the small breakpoint up. The body scrolls; header and footer stay in view.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md' }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-2xl focus:outline-none',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            widths[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-0.5 text-sm text-muted">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close className="rounded-md p-1 text-muted hover:bg-canvas hover:text-ink" aria-label="Tutup">
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-line px-5 py-3 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog's usual footer: 'Batal' and the action, both disabled while the action runs (which
 * then says `pendingLabel`). With `form` the action submits that form, else it calls `onConfirm`.
 */
export function DialogActions({
  onCancel,
  pending,
  label,
  pendingLabel = 'Menyimpan...',
  form,
  onConfirm,
  disabled = false,
  variant,
}: {
  onCancel(): void;
  pending: boolean;
  label: string;
  pendingLabel?: string;
  form?: string;
  onConfirm?(): void;
  /** The action cannot be taken yet (besides while it runs). */
  disabled?: boolean;
  variant?: ButtonProps['variant'];
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Batal
      </Button>
      <Button variant={variant} type={form ? 'submit' : 'button'} form={form} onClick={onConfirm} disabled={pending || disabled}>
        {pending ? pendingLabel : label}
      </Button>
    </>
  );
}

/** An add-or-edit dialog's title and description, for adding and for editing. */
export interface FormDialogTexts {
  add: { title: string; description: string };
  edit: { title: string; description: string };
}

/**
 * A dialog around an add or edit form (the form is `formId`), titled from `texts`: it stays open while
 * saving, and its footer is 'Batal' and 'Simpan' ('Simpan Perubahan' when editing), which submits the form.
 */
export function FormDialog({
  open,
  onOpenChange,
  texts,
  editing,
  pending,
  formId,
  disabled,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  texts: FormDialogTexts;
  editing: boolean;
  pending: boolean;
  formId: string;
  /** The form cannot be saved yet (besides while saving). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending || next) onOpenChange(next);
      }}
      title={editing ? texts.edit.title : texts.add.title}
      description={editing ? texts.edit.description : texts.add.description}
      size="lg"
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={pending}
          label={editing ? 'Simpan Perubahan' : 'Simpan'}
          form={formId}
          disabled={disabled}
        />
      }
    >
      {children}
    </Dialog>
  );
}

/** The action of an ActionDialog's footer (see DialogActions); `onConfirm` may return the request it starts. */
export interface DialogAction {
  label: string;
  pending: boolean;
  onConfirm(): unknown;
  pendingLabel?: string;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
}

/**
 * A dialog shown while its caller renders it, for one action on a record: 'Batal' (or Escape, or the
 * close button) calls `onClose`; the footer's action button calls `action.onConfirm`.
 */
export function ActionDialog({
  onClose,
  title,
  description,
  size,
  action,
  children,
}: {
  onClose(): void;
  title: string;
  description: string;
  size?: DialogProps['size'];
  action: DialogAction;
  children: ReactNode;
}) {
  const { onConfirm, ...button } = action;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      size={size}
      footer={<DialogActions onCancel={onClose} onConfirm={() => void onConfirm()} {...button} />}
    >
      {children}
    </Dialog>
  );
}
