import { PemutusNotice, useNewLoanApproval } from '../../persetujuan';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  pinjamanCreateSchema,
  pinjamanLimits,
  pinjamanUpdateSchema,
  statusPinjaman,
  isDisbursed,
  isHapusBuku,
  toNumberInput,
  todayJakarta,
  type PinjamanUpdateFormValues,
  type PinjamanUpdateInput,
  statusPinjamanLabels,
  type StatusPinjaman,
} from '@mizan/core';
import { AmountInput } from '../../../components/ui/amount-input';
import { Alert } from '../../../components/ui/alert';
import { FormDialog, type FormDialogTexts } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, LabeledOptions, Select, Textarea, WholeNumberInput } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { usePinjamanInfo } from '../api/get-pinjaman-info';
import { useCreatePinjaman, useUpdatePinjaman } from '../api/mutations';
import { useSubmissionKey } from '../../../lib/submission-key';
import type { NasabahOption, Pinjaman } from '../types';
import { AkunKasField } from '../../akuntansi';
import { KwitansiPicker } from './kwitansi-picker';
import { MurabahahPreview } from './murabahah-preview';
import { NasabahPicker } from './nasabah-picker';

const fields = [
  'nasabah_id',
  'nomor_pinjaman',
  'urutan_pinjaman',
  'tanggal_pinjam',
  'jumlah',
  'persentase',
  'tipe',
  'durasi_angsuran',
  'jaminan',
  'keterangan',
  'status',
  'akun_kas_id',
] as const;

type FormValues = PinjamanUpdateFormValues;

function emptyValues(): FormValues {
  return {
    nasabah_id: null,
    nomor_pinjaman: '',
    urutan_pinjaman: '',
    tanggal_pinjam: todayJakarta(),
    jumlah: null,
    persentase: '',
    tipe: '' as FormValues['tipe'],
    durasi_angsuran: '',
    jaminan: '',
    keterangan: '',
    status: 'aktif',
    akun_kas_id: '',
  };
}

function valuesOf(loan: Pinjaman): FormValues {
  return {
    nasabah_id: loan.nasabah_id,
    nomor_pinjaman: loan.nomor_pinjaman,
    urutan_pinjaman: String(loan.urutan_pinjaman),
    tanggal_pinjam: loan.tanggal_pinjam,
    jumlah: loan.jumlah,
    persentase: String(loan.persentase),
    tipe: loan.tipe,
    durasi_angsuran: loan.durasi_angsuran === null ? '' : String(loan.durasi_angsuran),
    jaminan: loan.jaminan ?? '',
    keterangan: loan.keterangan ?? '',
    akun_kas_id: loan.akun_kas_id === null ? '' : String(loan.akun_kas_id),
    // The edit form defaults to aktif (spec §4). A pending or rejected loan keeps its state (the
    // server keeps it; only an approval decision changes it), whatever this field holds.
    status: (statusPinjaman as readonly string[]).includes(loan.status) ? (loan.status as StatusPinjaman) : 'aktif',
  };
}

const asNumber = (value: unknown): number | null => {
  const n = toNumberInput(value, true);
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

export interface PinjamanFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The loan to edit; absent for the add form. */
  pinjaman?: Pinjaman | null;
  /** Toast after a successful edit ('Data pinjaman berhasil diperbarui' on the detail page). */
  updatedMessage?: string;
}

/** The dialog's title and description, adding and editing. */
const texts: FormDialogTexts = {
  add: { title: 'Tambah Pinjaman Baru', description: 'Isi data pinjaman baru. Kolom bertanda * wajib diisi.' },
  edit: { title: 'Edit Data Pinjaman', description: 'Perbarui data pinjaman.' },
};

/**
 * Tambah Pinjaman and Edit Data Pinjaman (spec §2 Dialogs, §5): validated with the core schemas
 * before any request; server messages land on their fields. The form lives in the dialog's content,
 * which unmounts on close, so the add form starts empty every time.
 */
export function PinjamanFormDialog({
  pinjaman,
  updatedMessage = 'Pinjaman berhasil diperbarui',
  ...dialog
}: PinjamanFormDialogProps) {
  const editing = Boolean(pinjaman);
  const create = useCreatePinjaman();
  const update = useUpdatePinjaman();
  const [fileBusy, setFileBusy] = useState(false);
  // One Idempotency-Key per loan the user means to add (issue 51).
  const submission = useSubmissionKey();
  const pending = create.isPending || update.isPending;
  const formId = editing ? 'edit-pinjaman-form' : 'add-pinjaman-form';
  // A new loan that waits for approval is sent only when someone else could approve it (issue 51).
  const approval = useNewLoanApproval(!editing);

  return (
    <FormDialog
      {...dialog}
      texts={texts}
      editing={editing}
      pending={pending}
      formId={formId}
      disabled={fileBusy || !approval.sendable}
    >
      {approval.waits ? (
        <div className="mb-4 space-y-2 rounded-lg border border-line bg-canvas/50 p-3">
          <p className="text-sm text-ink">Pinjaman baru menunggu persetujuan sebelum dicairkan.</p>
          <PemutusNotice jenis="pinjaman" />
        </div>
      ) : null}
      <PinjamanForm
        formId={formId}
        pinjaman={pinjaman ?? null}
        onFileBusy={setFileBusy}
        onSave={async (values, file) => {
          if (pinjaman) {
            await update.mutateAsync({ id: pinjaman.id, input: values, file });
          } else {
            await submission.send((headers) => create.mutateAsync({ input: values, file, headers }));
          }
          dialog.onOpenChange(false);
        }}
        updatedMessage={updatedMessage}
      />
    </FormDialog>
  );
}

function PinjamanForm({
  formId,
  pinjaman,
  onSave,
  onFileBusy,
  updatedMessage,
}: {
  formId: string;
  pinjaman: Pinjaman | null;
  onSave(values: PinjamanUpdateInput, file: File | null): Promise<void>;
  onFileBusy(busy: boolean): void;
  updatedMessage: string;
}) {
  const editing = pinjaman !== null;
  const { showToast } = useToast();
  const form = useForm<FormValues, unknown, PinjamanUpdateInput>({
    // The add schema has no status; the edit schema requires it.
    resolver: zodResolver(editing ? pinjamanUpdateSchema : pinjamanCreateSchema) as never,
    defaultValues: pinjaman ? valuesOf(pinjaman) : emptyValues(),
  });
  const { errors, submitCount } = form.formState;
  const [nasabah, setNasabah] = useState<NasabahOption | null>(pinjaman ? pinjaman.nasabah : null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  const [tipe, jumlah, persentase, durasi] = useWatch({
    control: form.control,
    name: ['tipe', 'jumlah', 'persentase', 'durasi_angsuran'],
  });

  // Choosing a customer in the add form fills nomor_pinjaman and urutan_pinjaman (decisions §3).
  const info = usePinjamanInfo(editing ? null : (nasabah?.id ?? null));
  useEffect(() => {
    if (!info.data) return;
    form.setValue('nomor_pinjaman', info.data.nomor_pinjaman, { shouldDirty: true });
    form.setValue('urutan_pinjaman', String(info.data.urutan_pinjaman), { shouldDirty: true });
  }, [info.data, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFileError(undefined);
    try {
      await onSave(values, file);
      showToast(editing ? updatedMessage : 'Pinjaman berhasil ditambahkan', 'success');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 413 || error.status === 415)) setFileError(error.message);
      if (error instanceof ApiError) {
        applyServerErrors(error, form.setError, fields);
        const kwitansiError = error.errors.find((e) => e.path === 'kwitansi');
        if (kwitansiError) setFileError(kwitansiError.msg);
      }
      showToast(editing ? 'Gagal memperbarui pinjaman' : 'Gagal menambahkan pinjaman', 'error');
    }
  });

  const errorList = fields.map((name) => errors[name]?.message).filter((m): m is string => Boolean(m));
  const isPokok = tipe === 'pokok';

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
      {editing && submitCount > 0 && errorList.length > 0 ? (
        <Alert tone="error" title="Terdapat kesalahan validasi:" className="sm:col-span-2">
          <ul className="list-disc space-y-0.5 pl-4">
            {errorList.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <div className="sm:col-span-2">
        <Controller
          control={form.control}
          name="nasabah_id"
          render={({ field, fieldState }) => (
            <NasabahPicker
              required
              value={nasabah}
              error={fieldState.error?.message}
              onChange={(next) => {
                setNasabah(next);
                field.onChange(next?.id ?? null);
                if (form.formState.isSubmitted) void form.trigger('nasabah_id');
              }}
            />
          )}
        />
        {!editing && nasabah && info.data ? (
          <p className="mt-1.5 text-xs text-muted" data-testid="info-pinjaman">
            {info.data.is_new_nasabah
              ? 'Nasabah baru: ini pinjaman pertamanya.'
              : `Pinjaman ke-${info.data.urutan_pinjaman} untuk nasabah ini (nomor sebelumnya ${info.data.nomor_pinjaman || '-'}).`}
          </p>
        ) : null}
      </div>

      <Field label="Nomor Pinjaman" error={errors.nomor_pinjaman?.message} hint="Kode sistem lama, mis. A001; boleh kosong">
        <Input autoComplete="off" maxLength={pinjamanLimits.nomorPinjamanMaxLength} {...form.register('nomor_pinjaman')} />
      </Field>
      <Field label="Urutan Pinjaman" error={errors.urutan_pinjaman?.message}>
        <WholeNumberInput min={1} max={pinjamanLimits.urutanMax} {...form.register('urutan_pinjaman')} />
      </Field>

      <Field label="Tanggal Pinjam" error={errors.tanggal_pinjam?.message} required>
        <Input type="date" {...form.register('tanggal_pinjam')} />
      </Field>
      <Controller
        control={form.control}
        name="jumlah"
        render={({ field, fieldState }) => (
          <Field label="Jumlah Pinjaman" error={fieldState.error?.message} required>
            <AmountInput
              ref={field.ref}
              name={field.name}
              onBlur={field.onBlur}
              value={asNumber(field.value)}
              onValueChange={(value) => field.onChange(value)}
            />
          </Field>
        )}
      />

      <Field
        label="Persentase (%)"
        error={errors.persentase?.message}
        hint={
          isPokok ? 'Margin per bulan, mis. 2 = 2%' : tipe === 'non-pokok' ? 'Bagi hasil per periode, mis. 1,5' : '2 berarti 2%'
        }
        required
      >
        <Input
          type="number"
          inputMode="decimal"
          min={0}
          max={pinjamanLimits.persentaseMax}
          step={0.01}
          {...form.register('persentase')}
        />
      </Field>
      <Field label="Tipe Pinjaman" error={errors.tipe?.message} required>
        <Select {...form.register('tipe')}>
          <option value="">Pilih tipe</option>
          <option value="pokok">Pokok (Murabahah)</option>
          <option value="non-pokok">Non-Pokok (Mudharabah)</option>
        </Select>
      </Field>

      {isPokok ? (
        <Field label="Durasi Angsuran (bulan)" error={errors.durasi_angsuran?.message} required>
          <WholeNumberInput min={1} max={pinjamanLimits.durasiMax} {...form.register('durasi_angsuran')} />
        </Field>
      ) : null}
      {editing && pinjaman && (!isDisbursed(pinjaman.status) || isHapusBuku(pinjaman.status)) ? (
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-ink">Status</p>
          <p className="text-sm text-muted">
            {statusPinjamanLabels[pinjaman.status]}:{' '}
            {isHapusBuku(pinjaman.status)
              ? 'jumlah, syarat, dan status tetap; menjadi Lunas bila pembayaran pemulihan melunasi seluruh kewajiban.'
              : 'berubah hanya lewat keputusan persetujuan.'}
          </p>
        </div>
      ) : editing ? (
        <Field label="Status" error={errors.status?.message} required>
          <Select {...form.register('status')}>
            <LabeledOptions values={statusPinjaman} labels={statusPinjamanLabels} />
          </Select>
        </Field>
      ) : null}

      <AkunKasField
        arah="keluar"
        error={errors.akun_kas_id?.message}
        fieldClassName="sm:col-span-2"
        {...form.register('akun_kas_id')}
      />
      <Field label="Jaminan" error={errors.jaminan?.message} className="sm:col-span-2">
        <Input
          autoComplete="off"
          maxLength={pinjamanLimits.jaminanMaxLength}
          placeholder="mis. BPKB motor"
          {...form.register('jaminan')}
        />
      </Field>
      <Field label="Keterangan" error={errors.keterangan?.message} className="sm:col-span-2">
        <Textarea rows={2} maxLength={pinjamanLimits.keteranganMaxLength} {...form.register('keterangan')} />
      </Field>

      {isPokok ? (
        <div className="sm:col-span-2">
          <MurabahahPreview jumlah={asNumber(jumlah)} persentase={asNumber(persentase)} durasi={asNumber(durasi)} />
        </div>
      ) : null}

      <div className="sm:col-span-2">
        <KwitansiPicker
          label="Foto Kwitansi"
          required={!editing}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(undefined);
          }}
          onBusyChange={onFileBusy}
          error={fileError}
          current={pinjaman?.kwitansi ? { name: pinjaman.kwitansi, url: pinjaman.kwitansi_url } : null}
        />
      </div>
    </form>
  );
}
