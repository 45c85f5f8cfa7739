export function findChromium(): string | undefined;
export const INSTALL_HINT: string;
export function tryInstallChromium(): boolean;
