import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  notificationRecipientCreateSchema,
  type NotificationRecipient,
  type NotificationRecipientCreateInput,
  type NotificationRecipientFormValues,
} from '@mizan/core';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateRecipient, useUpdateRecipient } from '../api/recipients-api';
import { failureText, waFallbacks, waTexts } from '../texts';

const empty: NotificationRecipientFormValues = { name: '', phone_number: '', status: 'active' };
const fields = ['name', 'phone_number', 'status'] as const;

export interface RecipientFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The recipient to edit; none to add one. */
  recipient?: NotificationRecipient | null;
  alert(title: string): void;
}

/** Add and edit modals of a notification recipient (spec §2, §5). */
export function RecipientFormDialog({ open, onOpenChange, recipient, alert }: RecipientFormDialogProps) {
  const editing = Boolean(recipient);
  const create = useCreateRecipient();
  const update = useUpdateRecipient();
  const pending = create.isPending || update.isPending;
  const form = useForm<NotificationRecipientFormValues, unknown, NotificationRecipientCreateInput>({
    resolver: zodResolver(notificationRecipientCreateSchema),
    defaultValues: empty,
    // Errors clear when the field is edited and come back only on the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open)
      form.reset(recipient ? { name: recipient.name, phone_number: recipient.phone_number, status: recipient.status } : empty);
  }, [open, recipient, form]);

  const close = (next: boolean) => {
    if (!next) form.reset(empty);
    onOpenChange(next);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const fallback = editing ? waFallbacks.update : waFallbacks.add;
    try {
      if (recipient) await update.mutateAsync({ id: recipient.id, input: values });
      else await create.mutateAsync(values);
      close(false);
      alert(editing ? waTexts.recipientUpdated : waTexts.recipientAdded);
    } catch (error) {
      applyServerErrors(error, form.setError, fields);
      alert(failureText(fallback, errorMessage(error, fallback)));
    }
  });

  const clearOnEdit = (name: (typeof fields)[number]) => ({ onChange: () => form.clearErrors(name) });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={editing ? 'Edit Penerima Notifikasi' : 'Tambah Penerima Notifikasi'}
      footer={<DialogActions onCancel={() => close(false)} pending={pending} label="Simpan" form="recipient-form" />}
    >
      <form id="recipient-form" onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field label="Nama" error={errors.name?.message} required>
          <Input autoComplete="off" {...form.register('name', clearOnEdit('name'))} />
        </Field>
        <Field
          label="Nomor Telepon"
          error={errors.phone_number?.message}
          hint="Format 08xxx atau 62xxx; disimpan sebagai 62xxx"
          required
        >
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="08xxxxxxxxxx"
            {...form.register('phone_number', clearOnEdit('phone_number'))}
          />
        </Field>
        <Field label="Status" error={errors.status?.message} required>
          <Select {...form.register('status', clearOnEdit('status'))}>
            <option value="active">Aktif</option>
            <option value="inactive">Tidak Aktif</option>
          </Select>
        </Field>
      </form>
    </Dialog>
  );
}
