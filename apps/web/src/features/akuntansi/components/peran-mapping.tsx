import { useState } from 'react';
import { peranAkun, peranAkunLabels, syaratPeran, type Akun, type PeranAkun } from '@mizan/core';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useMapPeran } from '../api/chart';
import { AkunOptions } from './akun-options';

/**
 * The accounts a role may go to: active, of its group and normal balance, taking no other role
 * (one account, one role); cash to a cash or bank account.
 */
const eligible = (chart: readonly Akun[], peran: PeranAkun) => {
  const syarat = syaratPeran(peran);
  return chart.filter(
    (a) =>
      a.aktif &&
      a.kelompok === syarat.kelompok &&
      a.saldo_normal === syarat.saldo_normal &&
      (!syarat.kas_bank || a.kas_bank) &&
      a.peran.every((p) => p === peran),
  );
};

/**
 * Pemetaan Posting Otomatis (issue 48): the account each posting role of the money events goes to
 * from now on. A role's choice is saved by its own button; the journals already posted keep their
 * accounts.
 */
export function PeranMapping({ chart }: { chart: readonly Akun[] }) {
  return (
    <ul className="divide-y divide-line/70">
      {peranAkun.map((peran) => (
        <PeranRow key={peran} peran={peran} chart={chart} />
      ))}
    </ul>
  );
}

function PeranRow({ peran, chart }: { peran: PeranAkun; chart: readonly Akun[] }) {
  const current = chart.find((a) => a.peran.includes(peran));
  const [chosen, setChosen] = useState(current ? String(current.id) : '');
  const map = useMapPeran();
  const { showToast } = useToast();
  const changed = current !== undefined && chosen !== String(current.id);
  const label = peranAkunLabels[peran];
  const save = async () => {
    try {
      await map.mutateAsync({ peran, akun_id: Number(chosen) });
      showToast(`${label} kini diposting ke akun yang dipilih`, 'success');
    } catch (error) {
      showToast(errorMessage(error, 'Pemetaan akun gagal disimpan'), 'error');
    }
  };
  const selectId = `peran-${peran}`;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 lg:px-5">
      <label htmlFor={selectId} className="text-sm font-medium text-ink sm:w-64 sm:shrink-0">
        {label}
      </label>
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <Select id={selectId} className="min-w-0 flex-1" value={chosen} onChange={(e) => setChosen(e.target.value)}>
          <AkunOptions accounts={eligible(chart, peran)} />
        </Select>
        {changed ? (
          <Button size="sm" onClick={() => void save()} disabled={map.isPending} aria-label={`Simpan pemetaan ${label}`}>
            Simpan
          </Button>
        ) : null}
      </div>
    </li>
  );
}
