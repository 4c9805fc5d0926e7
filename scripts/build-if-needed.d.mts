export function buildIfNeeded(options?: { quiet?: boolean }): boolean;
