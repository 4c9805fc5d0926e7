import type { Akun } from '@mizan/core';

/** An account as a select's option: "1101 · Kas", its id the value. */
export function AkunOptions({ accounts }: { accounts: readonly Pick<Akun, 'id' | 'kode' | 'nama'>[] | undefined }) {
  return (accounts ?? []).map((a) => (
    <option key={a.id} value={String(a.id)}>
      {a.kode} · {a.nama}
    </option>
  ));
}
