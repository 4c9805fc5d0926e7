import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  autofillPembayaran,
  formatDateLong,
  jenisPembayaran,
  jenisPembayaranLabels,
  pembayaranCreateSchema,
  pembayaranLimits,
  todayJakarta,
  type PembayaranCreateFormValues,
  type PembayaranCreateInput,
} from '@mizan/core';
import { MessageAlert } from '../../../components/ui/alert';
import { AmountInput } from '../../../components/ui/amount-input';
import { FormDialog, type FormDialogTexts } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, LabeledOptions, Select, Textarea, WholeNumberInput } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { fetchLoanPayments, useLoan, useLoanOptions } from '../api/get-loans';
import { useCreatePembayaran, useUpdatePembayaran } from '../api/mutations';
import { useSubmissionKey } from '../../../lib/submission-key';
import { AkunKasField } from '../../akuntansi';
import type { Pembayaran, Pinjaman } from '../types';
import { isFullLoan, LoanPicker, type LoanChoice } from './loan-picker';

const fields = ['pinjaman_id', 'tanggal', 'jumlah', 'jenis', 'keterangan', 'angsuran_ke', 'akun_kas_id'] as const;
type AutoField = 'jenis' | 'jumlah' | 'angsuran_ke';

export const VALIDATION_TOAST = 'Terdapat kesalahan validasi. Silakan periksa form di bawah.';

type FormValues = PembayaranCreateFormValues;

function emptyValues(): FormValues {
  return {
    pinjaman_id: null,
    tanggal: todayJakarta(),
    jumlah: null,
    jenis: '' as FormValues['jenis'],
    keterangan: '',
    angsuran_ke: '',
    akun_kas_id: '',
  };
}

function valuesOf(p: Pembayaran): FormValues {
  return {
    pinjaman_id: p.pinjaman_id,
    tanggal: p.tanggal,
    jumlah: p.jumlah,
    jenis: p.jenis,
    keterangan: p.keterangan ?? '',
    angsuran_ke: p.angsuran_ke === null ? '' : String(p.angsuran_ke),
    akun_kas_id: p.akun_kas_id === null ? '' : String(p.akun_kas_id),
  };
}

/**
 * Spec §8: a failure without field errors shows the server message, then the joined errors, then
 * the generic text.
 */
function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.message) return error.message;
    if (error.errors.length > 0) return error.errors.map((e) => e.msg).join(', ');
  }
  return fallback;
}

export interface PembayaranFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The payment to edit; absent for the add form. */
  pembayaran?: Pembayaran | null;
  /** Add form: the loan to choose (and auto-fill) at once, e.g. from the loan detail's quick action. */
  initialPinjamanId?: number | null;
}

/** The dialog's title and description, adding and editing. */
const texts: FormDialogTexts = {
  add: { title: 'Tambah Pembayaran Baru', description: 'Pilih pinjaman; jenis, jumlah dan angsuran ke terisi otomatis.' },
  edit: { title: 'Edit Data Pembayaran', description: 'Perbarui data pembayaran.' },
};

/**
 * 'Tambah Pembayaran Baru' and 'Edit Data Pembayaran' (spec §2 Dialogs, §5, §8, §9). Picking a loan
 * in the add form auto-fills jenis, jumlah and angsuran_ke from the loan and its earlier payments.
 * The form lives in the dialog's content, which unmounts on close, so the add form starts afresh.
 */
export function PembayaranFormDialog({ pembayaran, initialPinjamanId, ...dialog }: PembayaranFormDialogProps) {
  const editing = Boolean(pembayaran);
  const create = useCreatePembayaran();
  const update = useUpdatePembayaran();
  // One Idempotency-Key per payment the user means to record (issue 51): a retry after a lost answer is not a second payment.
  const submission = useSubmissionKey();
  const pending = create.isPending || update.isPending;
  const formId = editing ? 'edit-pembayaran-form' : 'add-pembayaran-form';

  return (
    <FormDialog {...dialog} texts={texts} editing={editing} pending={pending} formId={formId}>
      <PembayaranForm
        formId={formId}
        pembayaran={pembayaran ?? null}
        initialPinjamanId={initialPinjamanId ?? null}
        pending={pending}
        onSave={async (values) => {
          let createdId: number | undefined;
          if (pembayaran) await update.mutateAsync({ id: pembayaran.id, input: values });
          else createdId = (await submission.send((headers) => create.mutateAsync({ input: values, headers }))).id;
          dialog.onOpenChange(false);
          return createdId;
        }}
      />
    </FormDialog>
  );
}

function AutoFilledMark({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="auto-filled"
      className="ml-2 inline-flex items-center gap-1 rounded-full bg-gold-100 px-2 py-0.5 align-middle text-[11px] font-semibold text-gold-700 ring-1 ring-gold-300 ring-inset"
    >
      <Sparkles className="h-3 w-3" />
      Auto-filled
    </span>
  );
}

function PembayaranForm({
  formId,
  pembayaran,
  initialPinjamanId,
  pending,
  onSave,
}: {
  formId: string;
  pembayaran: Pembayaran | null;
  initialPinjamanId: number | null;
  pending: boolean;
  /** Saves; resolves to the new payment's id when one was recorded. */
  onSave(values: PembayaranCreateInput): Promise<number | undefined>;
}) {
  const editing = pembayaran !== null;
  const { showToast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, PembayaranCreateInput>({
    resolver: zodResolver(pembayaranCreateSchema) as never,
    defaultValues: pembayaran ? valuesOf(pembayaran) : emptyValues(),
  });
  const { errors } = form.formState;
  const jenis = useWatch({ control: form.control, name: 'jenis' });

  const [loan, setLoan] = useState<LoanChoice | null>(pembayaran ? pembayaran.pinjaman : null);
  const [autoFilled, setAutoFilled] = useState<ReadonlySet<AutoField>>(new Set());
  const [warning, setWarning] = useState<string | null>(null);
  // The loan whose earlier payments are being read for the auto-fill, and the last one done.
  const [autofillTarget, setAutofillTarget] = useState<Pinjaman | null>(null);
  const [autofillDone, setAutofillDone] = useState<Pinjaman | null>(null);
  const autofilling = autofillTarget !== null && autofillDone !== autofillTarget;

  const options = useLoanOptions();
  // A loan not among the aktif options (the payment's own loan when editing, or the quick action's).
  const wantedId = pembayaran?.pinjaman_id ?? initialPinjamanId;
  const inOptions = options.data?.find((l) => l.id === wantedId);
  const wanted = useLoan(wantedId, options.isFetched && !inOptions);
  const wantedLoan = inOptions ?? wanted.data ?? null;

  const pickLoan = (picked: Pinjaman) => {
    setLoan(picked);
    if (!editing) setAutofillTarget(picked);
  };

  // The quick action's loan is chosen (and auto-filled) as soon as it is known.
  const [initialPicked, setInitialPicked] = useState(false);
  if (!editing && initialPinjamanId !== null && !initialPicked && wantedLoan) {
    setInitialPicked(true);
    pickLoan(wantedLoan);
  }
  const initialMissing = !editing && initialPinjamanId !== null && loan === null && wanted.isError;

  // The chosen loan is the form's pinjaman_id.
  const loanId = loan?.id ?? null;
  useEffect(() => {
    if (loanId === null) return;
    form.setValue('pinjaman_id', loanId, { shouldDirty: true });
    form.clearErrors('pinjaman_id');
  }, [loanId, form]);

  // Auto-fill (spec §9): the loan's earlier payments give the next angsuran_ke and the amount.
  useEffect(() => {
    if (!autofillTarget) return;
    let current = true;
    fetchLoanPayments(queryClient, autofillTarget.id).then(
      (earlier) => {
        if (!current) return;
        const fill = autofillPembayaran(autofillTarget, earlier);
        form.setValue('jenis', fill.jenis, { shouldDirty: true });
        form.setValue('jumlah', fill.jumlah, { shouldDirty: true });
        form.setValue('angsuran_ke', fill.angsuran_ke === null ? '' : String(fill.angsuran_ke), { shouldDirty: true });
        form.clearErrors(['jenis', 'jumlah', 'angsuran_ke']);
        setAutoFilled(new Set<AutoField>(fill.jumlah === null ? ['jenis', 'angsuran_ke'] : ['jenis', 'jumlah', 'angsuran_ke']));
        setWarning(fill.warning ?? null);
        setAutofillDone(autofillTarget);
      },
      () => {
        if (!current) return;
        showToast('Gagal mengambil data pembayaran sebelumnya untuk pengisian otomatis', 'error');
        setAutofillDone(autofillTarget);
      },
    );
    return () => {
      current = false;
    };
  }, [autofillTarget, form, queryClient, showToast]);

  const unmark = (field: AutoField) =>
    setAutoFilled((marked) => {
      if (!marked.has(field)) return marked;
      const next = new Set(marked);
      next.delete(field);
      return next;
    });

  // Editing: the payment's loan in full (amount, balance) once it is loaded.
  const shownLoan = loan && !isFullLoan(loan) && wantedLoan?.id === loan.id ? wantedLoan : loan;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const createdId = await onSave(values);
      if (createdId === undefined) showToast('Pembayaran berhasil diperbarui', 'success');
      // The receipt is offered at once: at the counter it is the next thing staff hand over.
      else
        showToast('Pembayaran berhasil ditambahkan', 'success', {
          label: 'Cetak Kwitansi',
          ariaLabel: 'Cetak kwitansi pembayaran yang baru dicatat',
          onClick: () => void navigate(`/cetak/kwitansi/${createdId}`),
        });
    } catch (error) {
      if (error instanceof ApiError && applyServerErrors(error, form.setError, fields)) {
        showToast(VALIDATION_TOAST, 'error');
      } else {
        showToast(failureMessage(error, editing ? 'Gagal memperbarui pembayaran' : 'Gagal menambahkan pembayaran'), 'error');
      }
    }
  });

  const tanggalPinjam = shownLoan && isFullLoan(shownLoan) ? shownLoan.tanggal_pinjam : null;
  // The required mark comes before the 'Auto-filled' marker, so both read naturally.
  const label = (text: string, field: AutoField, required: boolean): ReactNode => (
    <>
      {text}
      {required ? (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      ) : null}
      <AutoFilledMark show={autoFilled.has(field)} />
    </>
  );

  return (
    <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
      <LoanPicker
        value={shownLoan}
        onChange={pickLoan}
        options={options.data}
        loading={options.isPending}
        failed={options.isError}
        error={errors.pinjaman_id?.message ?? (initialMissing ? 'Pinjaman tidak ditemukan' : undefined)}
        disabled={pending}
      />

      {autofilling ? (
        <p className="text-sm text-muted" role="status">
          Mengisi otomatis dari data pinjaman...
        </p>
      ) : autoFilled.size > 0 ? (
        <p className="flex items-center gap-1.5 text-sm text-gold-700" role="status" data-testid="auto-filled-note">
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          Auto-filled: jenis, jumlah dan angsuran ke diisi otomatis dari pinjaman ini. Periksa sebelum menyimpan.
        </p>
      ) : null}
      <MessageAlert tone="warning" title="Perhatian" message={warning} />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Tanggal"
          error={errors.tanggal?.message}
          hint={tanggalPinjam ? `Tidak boleh sebelum tanggal pinjam (${formatDateLong(tanggalPinjam)})` : undefined}
          required
        >
          <Input type="date" min={tanggalPinjam ?? undefined} {...form.register('tanggal')} />
        </Field>
        <Field label={label('Jenis', 'jenis', true)} error={errors.jenis?.message}>
          <Select {...form.register('jenis', { onChange: () => unmark('jenis') })}>
            <option value="">Pilih jenis pembayaran</option>
            <LabeledOptions values={jenisPembayaran} labels={jenisPembayaranLabels} />
          </Select>
        </Field>
        <Controller
          control={form.control}
          name="jumlah"
          render={({ field, fieldState }) => (
            <Field label={label('Jumlah', 'jumlah', true)} error={fieldState.error?.message}>
              <AmountInput
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                value={typeof field.value === 'number' ? field.value : null}
                onValueChange={(value) => {
                  unmark('jumlah');
                  field.onChange(value);
                }}
              />
            </Field>
          )}
        />
        <Field
          label={label('Angsuran Ke', 'angsuran_ke', jenis === 'angsuran')}
          error={errors.angsuran_ke?.message}
          hint={jenis === 'angsuran' ? 'Wajib diisi untuk jenis angsuran' : 'Opsional untuk jenis selain angsuran'}
        >
          <WholeNumberInput
            min={1}
            max={pembayaranLimits.angsuranKeMax}
            {...form.register('angsuran_ke', { onChange: () => unmark('angsuran_ke') })}
          />
        </Field>
        <AkunKasField
          arah="masuk"
          error={errors.akun_kas_id?.message}
          fieldClassName="sm:col-span-2"
          {...form.register('akun_kas_id')}
        />
        <Field label="Keterangan" error={errors.keterangan?.message} className="sm:col-span-2">
          <Textarea rows={2} maxLength={pembayaranLimits.keteranganMaxLength} {...form.register('keterangan')} />
        </Field>
      </div>
    </form>
  );
}
