import { useSyncExternalStore } from 'react';

const DEFAULT_NAME = 'BMT Mizan Syariah';
const listeners = new Set<() => void>();

/** The institution's display name, written into the page by the server (Profil Lembaga, else INSTITUTION_NAME). */
export function institutionName(): string {
  const value = document.querySelector('meta[name="institution-name"]')?.getAttribute('content') ?? '';
  return value && !value.includes('%') ? value : DEFAULT_NAME;
}

/** Shows a new name everywhere at once (after Profil Lembaga was saved), without reloading the page. */
export function setInstitutionName(nama: string) {
  document.querySelector('meta[name="institution-name"]')?.setAttribute('content', nama);
  for (const listener of listeners) listener();
}

/** The institution's name, following {@link setInstitutionName}. */
export function useInstitutionName(): string {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, institutionName);
}
