import { useMutation } from '@tanstack/react-query';
import type { Dokumen, KwitansiPratinjau } from '@mizan/core';
import { apiDownload, apiRequest } from '../../../lib/api-client';

/** Paper of a printed document: A4 for schedules and statements; A5 or an 80 mm roll for receipts. */
export type Kertas = 'a4' | 'a5' | '80mm';

/** What the print view needs of each document. */
export interface DocumentKind {
  title: string;
  /** Where "back" goes, and what it says to a screen reader. */
  back(id: number): string;
  backLabel: string;
  notFound: string;
  papers: { value: Kertas; label: string }[];
  /** The content to print; a receipt's is fetched by POST, which counts the print. */
  load(id: number): Promise<Dokumen>;
  /**
   * A receipt's uncounted preview (what the next print will be, and how often it was printed): its
   * page opens on it and prints only when asked (issue 51). Other documents print on opening.
   */
  preview?(id: number): Promise<KwitansiPratinjau>;
  pdf(id: number, kertas: Kertas): Promise<void>;
}

const get = async (path: string) => (await apiRequest<Dokumen>(path)).data;

/** A loan's A4 document (`/pinjaman/{id}/{jenis}/dokumen`), its PDF saved as `{fileName}-{id}.pdf`. */
function loanDocument(jenis: 'jadwal' | 'akad', title: string, fileName: string): DocumentKind {
  return {
    title,
    back: (id) => `/pinjaman/${id}`,
    backLabel: 'Kembali ke detail pinjaman',
    notFound: 'Pinjaman tidak ditemukan',
    papers: [{ value: 'a4', label: 'A4' }],
    load: (id) => get(`/pinjaman/${id}/${jenis}/dokumen`),
    pdf: (id) => apiDownload(`/pinjaman/${id}/${jenis}.pdf`, undefined, `${fileName}-${id}.pdf`),
  };
}

/** The documents of issue 25, by the name their print view's address carries (/cetak/{jenis}/{id}). */
export const documentKinds: Record<string, DocumentKind> = {
  kwitansi: {
    title: 'Kwitansi Pembayaran',
    back: (id) => `/pembayaran/${id}`,
    backLabel: 'Kembali ke detail pembayaran',
    notFound: 'Pembayaran tidak ditemukan',
    papers: [
      { value: 'a5', label: 'A5' },
      { value: '80mm', label: '80 mm' },
    ],
    load: async (id) => (await apiRequest<Dokumen>(`/pembayaran/${id}/kwitansi/cetak`, { method: 'POST' })).data,
    preview: async (id) => (await apiRequest<KwitansiPratinjau>(`/pembayaran/${id}/kwitansi/dokumen`)).data,
    // A POST: the download is a print, counted (the first is the original, later ones SALINAN).
    pdf: (id, kertas) => apiDownload(`/pembayaran/${id}/kwitansi.pdf`, { ukuran: kertas }, `Kwitansi-${id}.pdf`, undefined, true),
  },
  jadwal: loanDocument('jadwal', 'Jadwal Angsuran', 'Jadwal-Angsuran'),
  akad: loanDocument('akad', 'Ringkasan Akad', 'Ringkasan-Akad'),
  riwayat: {
    title: 'Riwayat Nasabah',
    back: (id) => `/nasabah/${id}`,
    backLabel: 'Kembali ke detail nasabah',
    notFound: 'Nasabah tidak ditemukan',
    papers: [{ value: 'a4', label: 'A4' }],
    load: (id) => get(`/nasabah/${id}/riwayat/dokumen`),
    pdf: (id) => apiDownload(`/nasabah/${id}/riwayat.pdf`, undefined, `Riwayat-Nasabah-${id}.pdf`),
  },
};

/** Loads a document for printing (each call is a print: a receipt's is counted by the server). */
export function usePrintDocument(kind: DocumentKind | undefined) {
  return useMutation({ mutationFn: (id: number) => kind!.load(id) });
}
