import { Link } from 'react-router';
import {
  formatDateLong,
  formatNik,
  formatPercent,
  formatRupiah,
  pinjamanFieldLabels,
  pinjamanGeneratedFieldsOf,
  pinjamanMissingFields,
} from '@mizan/core';
import { StatusBadge, TipeBadge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader, CardTitle } from '../../../components/ui/card';
import type { Pinjaman } from '../types';

function Item({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

/** Loan information of spec §2 Loan detail. */
export function LoanInfoCard({ pinjaman: p }: { pinjaman: Pinjaman }) {
  const pokok = p.tipe === 'pokok';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Informasi Pinjaman</CardTitle>
        <div className="flex items-center gap-2">
          <TipeBadge tipe={p.tipe} />
          <StatusBadge status={p.status} />
        </div>
      </CardHeader>
      <CardBody>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
          <Item label="Nasabah" wide>
            <Link to={`/nasabah/${p.nasabah.id}`} className="font-semibold text-brand-800 hover:underline">
              {p.nasabah.nama}
            </Link>
            <span className="block font-mono text-xs text-muted">{p.nasabah.nik ? formatNik(p.nasabah.nik) : 'NIK -'}</span>
          </Item>
          <Item label="Nomor Pinjaman" wide>
            <span className="font-semibold">{p.nomor_pinjaman.trim() === '' ? '-' : p.nomor_pinjaman}</span>
            <span className="text-muted"> · Urutan ke-{p.urutan_pinjaman}</span>
          </Item>
          <Item label="Tipe">{pokok ? 'Pokok (Murabahah)' : 'Non-Pokok (Mudharabah)'}</Item>
          <Item label="Tanggal Pinjam">{formatDateLong(p.tanggal_pinjam)}</Item>
          <Item label="Jumlah Pinjaman">
            <span className="text-base font-bold">{formatRupiah(p.jumlah)}</span>
          </Item>
          <Item label={pokok ? 'Margin per Bulan' : 'Bagi Hasil per Periode'}>{formatPercent(p.persentase)}</Item>
          {pokok ? (
            <Item label="Durasi Angsuran">
              {p.durasi_angsuran ? `${p.durasi_angsuran} bulan${p.dijadwalkan_ulang ? ' (akad), dijadwalkan ulang' : ''}` : '-'}
            </Item>
          ) : null}
          {pokok ? (
            <Item label="Angsuran per Bulan">{p.angsuran_per_bulan !== null ? formatRupiah(p.angsuran_per_bulan) : '-'}</Item>
          ) : null}
          <Item label="Sisa Pokok">{formatRupiah(p.sisa_pokok)}</Item>
          <Item label="Total Pembayaran">{formatRupiah(p.total_pembayaran)}</Item>
          <Item label="Jaminan" wide>
            {p.jaminan || '-'}
          </Item>
          <Item label="Ta’zir (akad)" wide>
            {p.tazir
              ? `${formatRupiah(p.tazir.jumlah)} per angsuran yang dibayar lebih dari ${p.tazir.tenggang_hari} hari setelah jatuh tempo, untuk Dana Kebajikan`
              : 'Tidak ada'}
          </Item>
          <Item label="Keterangan" wide>
            <span className="whitespace-pre-line">{p.keterangan || '-'}</span>
          </Item>
        </dl>
      </CardBody>
    </Card>
  );
}

/** Fields of the completeness list under their title; nothing when there are none. */
function FieldList({
  title,
  titleClassName,
  fields,
}: {
  title: string;
  titleClassName: string;
  fields: (keyof typeof pinjamanFieldLabels)[];
}) {
  if (fields.length === 0) return null;
  return (
    <div>
      <p className={`font-medium ${titleClassName}`}>{title}</p>
      <ul className="mt-1 list-disc pl-5 text-ink">
        {fields.map((f) => (
          <li key={f}>{pinjamanFieldLabels[f]}</li>
        ))}
      </ul>
    </div>
  );
}

/** The data_completeness list: missing fields and the ones the system filled in (spec §2). */
export function CompletenessCard({ dataCompleteness, diimpor = false }: { dataCompleteness: string[]; diimpor?: boolean }) {
  const missing = pinjamanMissingFields(dataCompleteness);
  const generated = pinjamanGeneratedFieldsOf(dataCompleteness);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Kelengkapan Data</CardTitle>
      </CardHeader>
      <CardBody className="space-y-3 text-sm" data-testid="kelengkapan-data">
        {diimpor ? <p className="text-muted">Pinjaman ini diimpor dari data sistem lama.</p> : null}
        {missing.length === 0 && generated.length === 0 ? <p className="text-brand-800">Data pinjaman sudah lengkap.</p> : null}
        <FieldList title="Belum lengkap:" titleClassName="text-amber-800" fields={missing} />
        <FieldList title="Diisi otomatis oleh sistem:" titleClassName="text-muted" fields={generated} />
      </CardBody>
    </Card>
  );
}
