import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet, FolderOpen, Upload } from 'lucide-react';
import { IMPOR_MAX_BYTES, jenisImpor, jenisImporLabels, type ImporHasil, type ImporPeriksa, type JenisImpor } from '@mizan/core';
import { Alert, MessageAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { PageHeader } from '../../components/ui/page-header';
import { RadioGroup } from '../../components/ui/radio-group';
import { Table, TableHead, TBody, Td, Tr } from '../../components/ui/table';
import { useToast } from '../../components/ui/toast';
import { useLayout } from '../../components/ui/use-media-query';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../features/auth';
import { checkFile, downloadProblems, downloadTemplate, importFile } from '../../features/impor/api/impor-api';

type Phase =
  | { step: 'idle' }
  | { step: 'sending'; what: 'periksa' | 'impor'; sent: number | null }
  | { step: 'checked'; periksa: ImporPeriksa }
  | { step: 'done'; hasil: ImporHasil };

const listPath: Record<JenisImpor, string> = { nasabah: '/nasabah', pinjaman: '/pinjaman', pembayaran: '/pembayaran' };
const count = (n: number) => n.toLocaleString('id-ID');
const lower = (jenis: JenisImpor) => jenisImporLabels[jenis].toLowerCase();

/** Upload, then the server's work: a bar while the file goes up, then what the server is doing. */
function Progress({ phase, rows }: { phase: Extract<Phase, { step: 'sending' }>; rows: string }) {
  const uploading = phase.sent !== null && phase.sent < 1;
  const percent = Math.round((phase.sent ?? 0) * 100);
  const label = uploading
    ? `Mengunggah berkas… ${percent}%`
    : phase.what === 'periksa'
      ? `Memeriksa setiap baris${rows}…`
      : `Menyimpan${rows} dalam satu transaksi…`;
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-sm text-ink">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(uploading ? { 'aria-valuenow': percent } : {})}
        className="h-2 overflow-hidden rounded-full bg-brand-50"
      >
        <div
          className={
            uploading ? 'h-full bg-brand-600 transition-[width]' : 'h-full w-1/3 animate-pulse rounded-full bg-brand-600'
          }
          style={uploading ? { width: `${percent}%` } : undefined}
        />
      </div>
    </div>
  );
}

const problemColumns = [{ header: 'Baris', className: 'w-20 text-right' }, { header: 'Kolom', className: 'w-44' }, 'Masalah'];

/** The problems of a checked file: a table on desktops, a list on phones. */
function Problems({ periksa }: { periksa: ImporPeriksa }) {
  const layout = useLayout();
  const more = periksa.jumlah_masalah - periksa.masalah.length;
  return (
    <div className="space-y-2">
      {layout === 'desktop' ? (
        <Table caption="Masalah per baris">
          <TableHead columns={problemColumns} />
          <TBody>
            {periksa.masalah.map((m, i) => (
              <Tr key={i}>
                <Td className="text-right">{m.baris}</Td>
                <Td>{m.kolom ?? '—'}</Td>
                <Td>{m.pesan}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line bg-white shadow-xs" aria-label="Masalah per baris">
          {periksa.masalah.map((m, i) => (
            <li key={i} className="px-4 py-3 text-sm">
              <p className="font-medium text-ink">
                Baris {m.baris}
                {m.kolom ? ` · ${m.kolom}` : ''}
              </p>
              <p className="text-muted">{m.pesan}</p>
            </li>
          ))}
        </ul>
      )}
      {more > 0 ? (
        <p className="text-sm text-muted">
          Menampilkan {count(periksa.masalah.length)} masalah pertama; {count(more)} lainnya ada di berkas Excel daftar masalah.
        </p>
      ) : null}
    </div>
  );
}

/** Lainnya → Impor Data (issue 26 C): template, check, problems, import; administrators only. */
export default function ImporPage() {
  const { user } = useAuth();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const jenisParam = params.get('jenis') ?? '';
  const jenis: JenisImpor = (jenisImpor as readonly string[]).includes(jenisParam) ? (jenisParam as JenisImpor) : 'nasabah';
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (user?.role !== 'admin')
    return (
      <>
        <PageHeader title="Impor Data" subtitle="Pindahkan data dari sistem lama." />
        <Alert tone="warning" title="Khusus admin">
          Hanya admin yang dapat mengimpor data.
        </Alert>
      </>
    );

  const reset = (next: JenisImpor) => {
    setFile(null);
    setPhase({ step: 'idle' });
    setError(null);
    if (input.current) input.current.value = '';
    setParams(next === 'nasabah' ? {} : { jenis: next }, { replace: true });
  };
  const busy = phase.step === 'sending';
  const rowsText = phase.step === 'checked' ? ` ${count(phase.periksa.jumlah_baris)} baris` : '';

  const run = async (what: 'periksa' | 'impor') => {
    if (!file) return;
    setError(null);
    setPhase({ step: 'sending', what, sent: 0 });
    const progress = {
      onProgress: (sent: number) => setPhase({ step: 'sending', what, sent }),
      onSent: () => setPhase({ step: 'sending', what, sent: 1 }),
    };
    try {
      if (what === 'periksa') {
        const res = await checkFile(jenis, file, progress);
        setPhase({ step: 'checked', periksa: res.data });
      } else {
        const res = await importFile(jenis, file, progress);
        setPhase({ step: 'done', hasil: res.data });
        showToast(res.message ?? 'Data diimpor', 'success');
        void queryClient.invalidateQueries();
      }
    } catch (failure) {
      setError(errorMessage(failure, what === 'periksa' ? 'Berkas gagal diperiksa' : 'Berkas gagal diimpor'));
      setPhase({ step: 'idle' });
    }
  };

  const next = jenisImpor[jenisImpor.indexOf(jenis) + 1];

  return (
    <>
      <PageHeader
        title="Impor Data"
        subtitle="Pindahkan data dari sistem lama lewat Excel atau CSV. Urutannya: nasabah, lalu pinjaman, lalu pembayaran."
      />
      <div className="max-w-4xl space-y-4">
        <RadioGroup
          label="Jenis data"
          value={jenis}
          onValueChange={reset}
          options={jenisImpor.map((j, i) => ({ value: j, label: `${i + 1}. ${jenisImporLabels[j]}` }))}
        />

        <Card>
          <CardHeader>
            <CardTitle>Template {lower(jenis)}</CardTitle>
          </CardHeader>
          <div className="space-y-3 px-5 py-4 text-sm text-muted">
            <p>
              Isi lembar <span className="font-medium text-ink">Data</span> mulai baris 2; lembar{' '}
              <span className="font-medium text-ink">Petunjuk</span> menjelaskan setiap kolom. Berkas CSV dengan baris judul yang
              sama juga diterima.
            </p>
            <Button
              variant="outline"
              onClick={() =>
                downloadTemplate(jenis).catch((failure: unknown) =>
                  showToast(errorMessage(failure, 'Template gagal diunduh'), 'error'),
                )
              }
            >
              <Download className="h-4 w-4" aria-hidden="true" /> Unduh template {lower(jenis)}
            </Button>
          </div>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Periksa lalu impor</CardTitle>
          </CardHeader>
          <div className="space-y-4 px-5 py-4">
            <div className="grid gap-1.5">
              <span className="text-sm font-medium text-ink">Berkas {lower(jenis)} (XLSX atau CSV, paling besar 20 MB)</span>
              <div className="flex min-w-0 flex-wrap items-center gap-3">
                <label
                  className={cn(
                    'inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-canvas focus-within:outline-2 focus-within:outline-brand-600',
                    busy && 'pointer-events-none opacity-60',
                  )}
                >
                  <FolderOpen className="h-4 w-4" aria-hidden="true" /> Pilih berkas
                  <input
                    ref={input}
                    type="file"
                    aria-label={`Berkas ${lower(jenis)} (XLSX atau CSV, paling besar 20 MB)`}
                    accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
                    disabled={busy}
                    onChange={(e) => {
                      const chosen = e.target.files?.[0] ?? null;
                      setPhase({ step: 'idle' });
                      setError(chosen && chosen.size > IMPOR_MAX_BYTES ? 'Berkas terlalu besar; paling besar 20 MB' : null);
                      setFile(chosen && chosen.size <= IMPOR_MAX_BYTES ? chosen : null);
                    }}
                    className="sr-only"
                  />
                </label>
                <span className="min-w-0 text-sm break-all text-muted">
                  {file
                    ? `${file.name} (${(file.size / 1024).toLocaleString('id-ID', { maximumFractionDigits: 0 })} KB)`
                    : 'Belum ada berkas dipilih'}
                </span>
              </div>
            </div>
            {phase.step !== 'checked' && phase.step !== 'done' ? (
              <Button onClick={() => void run('periksa')} disabled={!file || busy}>
                <FileSpreadsheet className="h-4 w-4" aria-hidden="true" /> Periksa berkas
              </Button>
            ) : null}
            {phase.step === 'sending' ? <Progress phase={phase} rows={rowsText} /> : null}
            <MessageAlert tone="error" title="Tidak dapat diproses" message={error} />

            {phase.step === 'checked' ? (
              <div className="space-y-4">
                <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                  {[
                    ['Baris', phase.periksa.jumlah_baris],
                    ['Baru', phase.periksa.baru],
                    ['Sudah ada', phase.periksa.sudah_ada],
                    ['Masalah', phase.periksa.jumlah_masalah],
                  ].map(([label, value]) => (
                    <div key={label} className="rounded-lg border border-line bg-canvas px-3 py-2">
                      <dt className="text-xs text-muted">{label}</dt>
                      <dd className="text-lg font-semibold text-ink">{count(value as number)}</dd>
                    </div>
                  ))}
                </dl>
                {phase.periksa.jumlah_masalah > 0 ? (
                  <>
                    <Alert tone="error" title={`${count(phase.periksa.jumlah_masalah)} masalah ditemukan`}>
                      Perbaiki berkas lalu periksa ulang. Belum ada data yang disimpan.
                    </Alert>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="outline"
                        onClick={() =>
                          file &&
                          downloadProblems(jenis, file).catch((failure: unknown) =>
                            showToast(errorMessage(failure, 'Daftar masalah gagal diunduh'), 'error'),
                          )
                        }
                      >
                        <Download className="h-4 w-4" aria-hidden="true" /> Unduh daftar masalah (Excel)
                      </Button>
                      <Button variant="ghost" onClick={() => reset(jenis)}>
                        Pilih berkas lain
                      </Button>
                    </div>
                    <Problems periksa={phase.periksa} />
                  </>
                ) : phase.periksa.baru === 0 ? (
                  <Alert tone="info" title="Tidak ada yang baru">
                    Semua baris sudah pernah diimpor; tidak ada yang akan ditambahkan.
                  </Alert>
                ) : (
                  <>
                    <Alert tone="info" title="Berkas siap diimpor">
                      {count(phase.periksa.baru)} baris akan ditambahkan
                      {phase.periksa.sudah_ada > 0 ? ` (${count(phase.periksa.sudah_ada)} baris sudah ada dan dilewati)` : ''}.
                      Semuanya disimpan sekaligus, atau tidak sama sekali.
                    </Alert>
                    <div className="flex flex-wrap gap-2">
                      <Button onClick={() => void run('impor')}>
                        <Upload className="h-4 w-4" aria-hidden="true" /> Impor {count(phase.periksa.baru)} baris {lower(jenis)}
                      </Button>
                      <Button variant="ghost" onClick={() => reset(jenis)}>
                        Batalkan impor
                      </Button>
                    </div>
                  </>
                )}
              </div>
            ) : null}

            {phase.step === 'done' ? (
              <div className="space-y-3">
                <Alert tone="info" title="Impor selesai">
                  {count(phase.hasil.ditambahkan)} baris {lower(jenis)} ditambahkan
                  {phase.hasil.sudah_ada > 0 ? `; ${count(phase.hasil.sudah_ada)} sudah ada sebelumnya` : ''}.
                </Alert>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={listPath[jenis]}
                    className="inline-flex h-10 items-center rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-canvas"
                  >
                    Lihat daftar {lower(jenis)}
                  </Link>
                  <Button variant="outline" onClick={() => reset(jenis)}>
                    Impor berkas {lower(jenis)} lain
                  </Button>
                  {next ? (
                    <Button variant="secondary" onClick={() => reset(next)}>
                      Lanjut impor {lower(next)}
                    </Button>
                  ) : null}
                </div>
              </div>
            ) : null}
          </div>
        </Card>
      </div>
    </>
  );
}
