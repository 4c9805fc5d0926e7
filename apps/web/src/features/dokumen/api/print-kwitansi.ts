import { useMutation } from '@tanstack/react-query';
import type { Dokumen, UkuranKwitansi } from '@mizan/core';
import { apiDownload, apiRequest } from '../../../lib/api-client';

/** `POST /api/pembayaran/{id}/kwitansi/cetak`: the receipt's content for the print view, counted as a print. */
export function usePrintKwitansi() {
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest<Dokumen>(`/pembayaran/${id}/kwitansi/cetak`, { method: 'POST' })).data,
  });
}

/** Downloads the receipt's PDF (`GET /api/pembayaran/{id}/kwitansi.pdf`), counted as a print too. */
export function downloadKwitansiPdf(id: number, ukuran: UkuranKwitansi) {
  return apiDownload(`/pembayaran/${id}/kwitansi.pdf`, { ukuran }, `Kwitansi-${id}.pdf`);
}
