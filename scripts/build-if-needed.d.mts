export function buildIfNeeded(options?: { quiet?: boolean; web?: boolean }): Promise<string[]>;
export function buildApi(): Promise<void>;
export function buildAll(): Promise<void>;
