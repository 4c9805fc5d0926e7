import { tipePinjaman, tipePinjamanLabels, type TipePinjaman } from '@mizan/core';

/** A report's loan type filter from its address (`?tipe=`): every type ('all') when missing or unknown. */
export function tipeFromParams(params: URLSearchParams): TipePinjaman | 'all' {
  const tipe = params.get('tipe') ?? '';
  return (tipePinjaman as readonly string[]).includes(tipe) ? (tipe as TipePinjaman) : 'all';
}

/** The type filter's chip ('Tipe: Murabahah'), none for every type. */
export function tipeChips(tipe: TipePinjaman | 'all'): string[] {
  return tipe !== 'all' ? [`Tipe: ${tipePinjamanLabels[tipe]}`] : [];
}
