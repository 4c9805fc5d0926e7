import { forwardRef, type ComponentProps } from 'react';
import type { AkunKas } from '@mizan/core';
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
