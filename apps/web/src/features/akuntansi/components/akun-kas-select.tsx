import { forwardRef, type ComponentProps } from 'react';
import type { AkunKas } from '@mizan/core';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { useAkunKas } from '../api/get-akun-kas';

/** How an account is offered: cash as "Tunai", a bank account as a transfer to it. */
export const akunKasLabel = (akun: Pick<AkunKas, 'kode' | 'nama' | 'tunai'>, arah: 'masuk' | 'keluar') =>
  akun.tunai ? `Tunai (${akun.nama})` : `${arah === 'masuk' ? 'Transfer ke' : 'Transfer dari'} ${akun.nama} (${akun.kode})`;

/**
 * The cash or bank account money went through (issue 48): "Tunai" (the empty value: the server
 * books it to the cash account) or a transfer to or from one of the institution's bank accounts
 * (Pengaturan → Bagan Akun marks which accounts are cash or bank). `arah`: money coming in (a
 * payment) or going out (a disbursement).
 */
export const AkunKasSelect = forwardRef<HTMLSelectElement, ComponentProps<'select'> & { arah: 'masuk' | 'keluar' }>(
  function AkunKasSelect({ arah, ...props }, ref) {
    const accounts = useAkunKas();
    const tunai = accounts.data?.find((a) => a.tunai);
    const banks = accounts.data?.filter((a) => !a.tunai) ?? [];
    return (
      <Select ref={ref} {...props}>
        <option value="">{tunai ? akunKasLabel(tunai, arah) : 'Tunai'}</option>
        {banks.map((a) => (
          <option key={a.id} value={String(a.id)}>
            {akunKasLabel(a, arah)}
          </option>
        ))}
      </Select>
    );
  },
);

const fieldTexts = {
  masuk: { label: 'Diterima melalui', hint: 'Tunai masuk ke kas; transfer masuk ke rekening bank lembaga' },
  keluar: { label: 'Dicairkan melalui', hint: 'Tunai dari kas, atau transfer dari rekening bank lembaga' },
} as const;

/** The form field of `AkunKasSelect`: "Diterima melalui" (money in) or "Dicairkan melalui" (out), with its hint. */
export const AkunKasField = forwardRef<
  HTMLSelectElement,
  ComponentProps<'select'> & { arah: 'masuk' | 'keluar'; error?: string | undefined; fieldClassName?: string }
>(function AkunKasField({ arah, error, fieldClassName, ...props }, ref) {
  return (
    <Field label={fieldTexts[arah].label} error={error} hint={fieldTexts[arah].hint} className={fieldClassName}>
      <AkunKasSelect ref={ref} arah={arah} {...props} />
    </Field>
  );
});
