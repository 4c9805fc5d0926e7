const DEFAULT_NAME = 'BMT Mizan Syariah';

/** The institution's display name, written into the page by the server (INSTITUTION_NAME). */
export function institutionName(): string {
  const value = document.querySelector('meta[name="institution-name"]')?.getAttribute('content') ?? '';
  return value && !value.includes('%') ? value : DEFAULT_NAME;
}
