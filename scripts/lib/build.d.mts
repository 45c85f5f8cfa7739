export const root: string;
export function isStale(name: 'client' | 'server'): boolean;
export function buildIfStale(options?: { quiet?: boolean; only?: 'client' | 'server' }): void;
