import type { Dokumen } from '@mizan/core';
import { cn } from '../../../components/ui/cn';

/**
 * A document (core `Dokumen`) as HTML: the same content the server's PDF prints, laid out for the
 * screen and, with the print stylesheet, for the paper (`kertas`: A5, an 80 mm roll, or A4).
 */
export function DocumentView({ dokumen, kertas }: { dokumen: Dokumen; kertas: 'a4' | 'a5' | '80mm' }) {
  const narrow = kertas === '80mm';
  const d = dokumen;
  const contact = [d.kop.alamat, d.kop.telepon ? `Telp. ${d.kop.telepon}` : null, d.kop.email].filter(Boolean).join(' · ');
  return (
    <article
      data-testid="dokumen"
      className={cn(
        'print-document relative mx-auto w-full overflow-hidden bg-white text-[13px] leading-snug text-gray-900 shadow-sm ring-1 ring-line',
        narrow ? 'max-w-[80mm] p-3 text-[11px]' : kertas === 'a5' ? 'max-w-[148mm] p-6' : 'max-w-[210mm] p-8',
      )}
    >
      {d.tanda ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span className={cn('-rotate-30 font-bold text-red-700/10', narrow ? 'text-5xl' : 'text-8xl')}>{d.tanda}</span>
        </div>
      ) : null}
      <header className="border-b border-gray-900 pb-2">
        <div className="flex items-center gap-3">
          {d.kop.logo ? <img src="/api/profil-lembaga/logo" alt="" className={narrow ? 'h-7 w-7' : 'h-10 w-10'} /> : null}
          <div className="min-w-0">
            <p className="text-base font-bold">{d.kop.nama}</p>
            {contact ? <p className="text-xs text-gray-600">{contact}</p> : null}
          </div>
        </div>
      </header>
      <div className="mt-3 text-center">
        <h1 className="text-lg font-bold tracking-wide">{d.judul}</h1>
        {d.nomor ? <p className="text-sm">No. {d.nomor}</p> : null}
        {d.tanda ? (
          <p className="mt-1 text-red-700">
            <strong className="text-base">{d.tanda}</strong>
            {d.keterangan_tanda ? <span className="block text-xs">{d.keterangan_tanda}</span> : null}
          </p>
        ) : null}
      </div>
      <div className="mt-3 space-y-3">
        {d.bagian.map((bagian, index) => (
          <section key={index}>
            {bagian.judul ? <h2 className="mb-1 font-bold">{bagian.judul}</h2> : null}
            {bagian.jenis === 'rincian' ? (
              <dl className={cn('grid gap-x-3 gap-y-1', narrow ? 'grid-cols-1' : 'grid-cols-[36%_1fr]')}>
                {bagian.baris.map((baris) => (
                  <div key={baris.label} className="contents">
                    <dt className="text-gray-600">{baris.label}</dt>
                    <dd className={cn('break-words', baris.tebal && 'font-bold', narrow && 'mb-1')}>{baris.nilai}</dd>
                  </div>
                ))}
              </dl>
            ) : bagian.jenis === 'jumlah' ? (
              <div className="border border-gray-900 p-2">
                <p className="text-gray-600">{bagian.baris[0]?.label}</p>
                <p className="text-xl font-bold">{bagian.baris[0]?.nilai}</p>
                <p className="italic">Terbilang: {bagian.teks}</p>
              </div>
            ) : bagian.jenis === 'teks' ? (
              <p>{bagian.teks}</p>
            ) : (
              // On a phone a wide table scrolls inside the document; the page itself never does.
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={bagian.judul ?? 'Tabel'}>
                <table className="w-full min-w-[36rem] table-fixed border-collapse text-xs print:min-w-0">
                  <colgroup>
                    {bagian.kolom.map((k) => (
                      <col
                        key={k.label}
                        style={{ width: `${(100 * k.lebar) / bagian.kolom.reduce((sum, c) => sum + c.lebar, 0)}%` }}
                      />
                    ))}
                  </colgroup>
                  <thead>
                    <tr className="bg-gray-100">
                      {bagian.kolom.map((k) => (
                        <th
                          key={k.label}
                          scope="col"
                          className={cn('border-b border-gray-400 px-1.5 py-1', k.kanan ? 'text-right' : 'text-left')}
                        >
                          {k.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {bagian.sel.map((row, r) => (
                      <tr key={r}>
                        {row.map((cell, c) => (
                          <td
                            key={c}
                            className={cn(
                              'border-b border-gray-200 px-1.5 py-1',
                              bagian.kolom[c]?.kanan && 'text-right tabular-nums',
                            )}
                          >
                            {cell}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                  {bagian.total ? (
                    <tfoot>
                      <tr className="bg-gray-100 font-bold">
                        {bagian.total.map((cell, c) => (
                          <td key={c} className={cn('px-1.5 py-1', bagian.kolom[c]?.kanan && 'text-right tabular-nums')}>
                            {cell}
                          </td>
                        ))}
                      </tr>
                    </tfoot>
                  ) : null}
                </table>
              </div>
            )}
          </section>
        ))}
      </div>
      {d.tanda_tangan.length > 0 ? (
        <div className={cn('mt-5 grid gap-4 text-center', narrow ? 'grid-cols-1' : 'grid-cols-2')}>
          {d.tanda_tangan.map((tt) => (
            <div key={tt.peran}>
              <p className="text-gray-600">{tt.peran}</p>
              <div className="mx-3 mt-10 border-t border-gray-400 pt-1">{tt.nama ?? '\u00a0'}</div>
            </div>
          ))}
        </div>
      ) : null}
      {d.catatan_kaki ? <p className="mt-4 text-center text-xs text-gray-600">{d.catatan_kaki}</p> : null}
      <p className="mt-1 text-center text-[10px] text-gray-500">Dicetak {d.dicetak_pada_teks}</p>
    </article>
  );
}
