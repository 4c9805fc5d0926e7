import { Link } from 'react-router';
import { kelompokAkun, kelompokAkunLabels, peranAkunLabels, saldoNormalLabels, type Akun } from '@mizan/core';
import { Table, TableHead, TBody, Td, Tr, type TableColumn } from '../../../components/ui/table';
import type { Layout } from '../../../components/ui/use-media-query';

/** What an account takes, in plain words ('—' for an account no transaction posts to by itself). */
function Peran({ akun }: { akun: Akun }) {
  if (akun.peran.length === 0) return <span className="text-muted">—</span>;
  return <>{akun.peran.map((p) => peranAkunLabels[p]).join('; ')}</>;
}

/** An account's name, leading to its ledger. */
function AkunLink({ akun }: { akun: Akun }) {
  return (
    <Link
      to={`/laporan/buku-besar?akun_id=${akun.id}`}
      className="font-medium text-ink underline-offset-2 hover:text-brand-800 hover:underline"
      aria-label={`Buku besar ${akun.kode} ${akun.nama}`}
    >
      {akun.nama}
    </Link>
  );
}

/** The same column widths in every group's table, so that the groups line up under each other. */
const columns: TableColumn[] = [
  { header: 'Kode', className: 'w-24' },
  { header: 'Nama Akun', className: 'w-[34%]' },
  { header: 'Saldo Normal', className: 'w-36' },
  { header: 'Status', className: 'w-28' },
  'Menampung',
];

/** The chart of accounts grouped by kelompok: a table per group on desktop, a list on tablets and phones. */
export function BaganAkunGroups({ chart, layout }: { chart: readonly Akun[]; layout: Layout }) {
  const groups = kelompokAkun
    .map((kelompok) => ({ kelompok, accounts: chart.filter((a) => a.kelompok === kelompok) }))
    .filter((g) => g.accounts.length > 0);
  return (
    <div className="space-y-6">
      {groups.map(({ kelompok, accounts }) => (
        <section key={kelompok} aria-labelledby={`kelompok-${kelompok}`} className="space-y-2">
          <h2 id={`kelompok-${kelompok}`} className="text-base font-semibold text-ink">
            {kelompokAkunLabels[kelompok]}
          </h2>
          {layout === 'desktop' ? (
            <Table caption={`Akun ${kelompokAkunLabels[kelompok]}`} className="table-fixed">
              <TableHead columns={columns} />
              <TBody>
                {accounts.map((a) => (
                  <Tr key={a.id}>
                    <Td className="whitespace-nowrap text-muted tabular-nums">{a.kode}</Td>
                    <Td>
                      <AkunLink akun={a} />
                    </Td>
                    <Td className="whitespace-nowrap text-ink">{saldoNormalLabels[a.saldo_normal]}</Td>
                    <Td className="whitespace-nowrap text-ink">{a.aktif ? 'Aktif' : 'Nonaktif'}</Td>
                    <Td className="text-sm text-ink">
                      <Peran akun={a} />
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          ) : (
            <ul
              className="divide-y divide-line rounded-xl border border-line bg-white shadow-xs"
              aria-label={`Akun ${kelompokAkunLabels[kelompok]}`}
            >
              {accounts.map((a) => (
                <li key={a.id} className="space-y-0.5 px-4 py-3 text-sm">
                  <p className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0">
                      <span className="mr-2 text-muted tabular-nums">{a.kode}</span>
                      <AkunLink akun={a} />
                    </span>
                    <span className="shrink-0 text-xs text-muted">
                      {saldoNormalLabels[a.saldo_normal]}
                      {a.aktif ? '' : ' · Nonaktif'}
                    </span>
                  </p>
                  {a.peran.length > 0 ? (
                    <p className="text-xs text-muted">
                      Menampung: <Peran akun={a} />
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
