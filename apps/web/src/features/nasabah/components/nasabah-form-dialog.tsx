import type { ChangeEvent, ClipboardEvent } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  NIK_LENGTH,
  nasabahCreateSchema,
  nasabahMaxLength,
  nasabahUpdateSchema,
  todayJakarta,
  type NasabahUpdateFormValues,
  type NasabahUpdateInput,
  type StatusNasabah,
} from '@mizan/core';
import { FormDialog, type FormDialogTexts } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { RadioGroup } from '../../../components/ui/radio-group';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateNasabah, useUpdateNasabah } from '../api/mutations';
import { useSubmissionKey } from '../../../lib/submission-key';
import type { Nasabah } from '../types';

const fields = [
  'nama',
  'nik',
  'telepon',
  'alamat',
  'kecamatan',
  'kota',
  'tanggal_nasabah',
  'status',
  'terima_pengingat',
] as const;

const VALIDATION_TOAST = 'Terdapat kesalahan validasi. Silakan periksa form di bawah.';

const emptyValues: NasabahUpdateFormValues = {
  nama: '',
  nik: '',
  telepon: '',
  alamat: '',
  kecamatan: '',
  kota: '',
  tanggal_nasabah: '',
  status: 'aktif',
  terima_pengingat: true,
};

/** The edit form's starting values: the stored ones, and today for a missing date (spec §5). */
function valuesOf(nasabah: Nasabah): NasabahUpdateFormValues {
  return {
    nama: nasabah.nama ?? '',
    nik: nasabah.nik ?? '',
    telepon: nasabah.telepon ?? '',
    alamat: nasabah.alamat ?? '',
    kecamatan: nasabah.kecamatan ?? '',
    kota: nasabah.kota ?? '',
    tanggal_nasabah: nasabah.tanggal_nasabah ?? todayJakarta(),
    status: nasabah.status,
    terima_pengingat: nasabah.terima_pengingat,
  };
}

const onlyDigits = (text: string) => text.replace(/\D/g, '').slice(0, NIK_LENGTH);
const phoneCharacters = (text: string) => text.replace(/[^0-9+\-\s()]/g, '');

/** Registers a text input whose typed value is cleaned first (NIK digits, telepon characters). */
function filtered(registration: UseFormRegisterReturn, clean: (text: string) => string) {
  return {
    ...registration,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const cleaned = clean(event.target.value);
      if (cleaned !== event.target.value) event.target.value = cleaned;
      return registration.onChange(event);
    },
  };
}

export interface NasabahFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The customer to edit; absent for the add form. */
  nasabah?: Nasabah | null;
}

/** The dialog's title and description, adding and editing. */
const texts: FormDialogTexts = {
  add: { title: 'Tambah Nasabah', description: 'Isi data nasabah baru. Kolom bertanda * wajib diisi.' },
  edit: { title: 'Edit Nasabah', description: 'Perbarui data nasabah.' },
};

/**
 * Add Nasabah and Edit Nasabah (spec §2 Dialogs, §5): the core schema checks every field before any
 * request; the server's per-field messages land on their fields. The form lives inside the dialog's
 * content, which unmounts on close: the add form therefore starts empty every time, and the edit
 * form starts from the customer's current data (a missing date becomes today).
 */
export function NasabahFormDialog({ nasabah, ...dialog }: NasabahFormDialogProps) {
  const editing = Boolean(nasabah);
  const { showToast } = useToast();
  const create = useCreateNasabah();
  const update = useUpdateNasabah();
  // One Idempotency-Key per customer the user means to add (issue 51).
  const submission = useSubmissionKey();
  const pending = create.isPending || update.isPending;
  const formId = editing ? 'edit-nasabah-form' : 'add-nasabah-form';

  const save = async (values: NasabahUpdateInput) => {
    if (nasabah) {
      await update.mutateAsync({ id: nasabah.id, input: values });
      showToast('Data nasabah berhasil diperbarui!', 'success');
    } else {
      const input = { ...values, terima_pengingat: values.terima_pengingat ?? true };
      await submission.send((headers) => create.mutateAsync({ input, headers }));
      showToast('Nasabah berhasil ditambahkan!', 'success');
    }
    dialog.onOpenChange(false);
  };

  return (
    <FormDialog {...dialog} texts={texts} editing={editing} pending={pending} formId={formId}>
      <NasabahForm formId={formId} nasabah={nasabah ?? null} onSave={save} />
    </FormDialog>
  );
}

function NasabahForm({
  formId,
  nasabah,
  onSave,
}: {
  formId: string;
  nasabah: Nasabah | null;
  onSave(values: NasabahUpdateInput): Promise<void>;
}) {
  const editing = nasabah !== null;
  const { showToast } = useToast();
  // One form for both: the add schema gives status its default 'aktif'.
  const form = useForm<NasabahUpdateFormValues, unknown, NasabahUpdateInput>({
    resolver: zodResolver(editing ? nasabahUpdateSchema : nasabahCreateSchema) as never,
    defaultValues: nasabah ? valuesOf(nasabah) : emptyValues,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
    } catch (error) {
      if (error instanceof ApiError && applyServerErrors(error, form.setError, fields)) {
        showToast(VALIDATION_TOAST, 'error');
      } else {
        showToast(
          editing ? 'Terjadi kesalahan saat memperbarui data nasabah' : 'Terjadi kesalahan saat menambahkan nasabah',
          'error',
        );
      }
    }
  });

  const nikRegistration = filtered(form.register('nik'), onlyDigits);
  const pasteNik = (event: ClipboardEvent<HTMLInputElement>) => {
    // A NIK copied as shown ('3201 2345 6789 0001') is longer than 16 characters: keep its digits.
    const pasted = event.clipboardData.getData('text');
    if (/\D/.test(pasted)) {
      event.preventDefault();
      form.setValue('nik', onlyDigits(pasted), { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    }
  };
  const status = useWatch({ control: form.control, name: 'status' }) as StatusNasabah;

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      <Field label="Nama" error={errors.nama?.message} required className="sm:col-span-2">
        <Input autoComplete="off" maxLength={nasabahMaxLength.nama} {...form.register('nama')} />
      </Field>
      <Field label="NIK" error={errors.nik?.message} hint="16 digit angka" required>
        <Input
          inputMode="numeric"
          autoComplete="off"
          maxLength={NIK_LENGTH}
          pattern="[0-9]*"
          onPaste={pasteNik}
          {...nikRegistration}
        />
      </Field>
      <Field label="Telepon" error={errors.telepon?.message} hint="Angka, +, -, spasi dan tanda kurung" required>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={nasabahMaxLength.telepon}
          {...filtered(form.register('telepon'), phoneCharacters)}
        />
      </Field>
      <Field label="Alamat" error={errors.alamat?.message} required className="sm:col-span-2">
        <Textarea rows={2} maxLength={nasabahMaxLength.alamat} {...form.register('alamat')} />
      </Field>
      <Field label="Kecamatan" error={errors.kecamatan?.message} required>
        <Input autoComplete="off" maxLength={nasabahMaxLength.kecamatan} {...form.register('kecamatan')} />
      </Field>
      <Field label="Kota" error={errors.kota?.message} required>
        <Input autoComplete="off" maxLength={nasabahMaxLength.kota} {...form.register('kota')} />
      </Field>
      <Field
        label="Tanggal Nasabah"
        error={errors.tanggal_nasabah?.message}
        hint={editing ? undefined : 'Kosongkan untuk memakai tanggal hari ini'}
      >
        <Input type="date" {...form.register('tanggal_nasabah')} />
      </Field>
      <label className="flex items-start gap-3 rounded-lg bg-canvas p-3 text-sm sm:col-span-2">
        <input type="checkbox" className="mt-0.5 h-4 w-4 accent-brand-600" {...form.register('terima_pengingat')} />
        <span>
          <span className="block font-medium text-ink">Kirim pengingat angsuran lewat WhatsApp</span>
          <span className="block text-muted">Matikan bila nasabah tidak ingin menerima pengingat.</span>
        </span>
      </label>
      {editing ? (
        <RadioGroup<StatusNasabah>
          label="Status"
          value={status}
          onValueChange={(next) => form.setValue('status', next, { shouldDirty: true })}
          options={[
            { value: 'aktif', label: 'Aktif' },
            { value: 'nonaktif', label: 'Nonaktif' },
          ]}
        />
      ) : null}
    </form>
  );
}
