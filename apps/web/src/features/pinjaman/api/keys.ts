import type { PinjamanFilters } from '../types';

/** Query keys of the loan feature; every loan mutation invalidates `pinjamanKeys.all`. */
export const pinjamanKeys = {
  all: ['pinjaman'] as const,
  lists: () => [...pinjamanKeys.all, 'list'] as const,
  list: (filters: PinjamanFilters) => [...pinjamanKeys.lists(), filters] as const,
  detail: (id: number) => [...pinjamanKeys.all, 'detail', id] as const,
  payments: (id: number) => [...pinjamanKeys.all, 'payments', id] as const,
  jadwal: (id: number) => [...pinjamanKeys.all, 'jadwal', id] as const,
  mutasi: (id: number) => [...pinjamanKeys.all, 'mutasi', id] as const,
  info: (nasabahId: number) => [...pinjamanKeys.all, 'info', nasabahId] as const,
  nasabahOptions: () => [...pinjamanKeys.all, 'nasabah-options'] as const,
};
