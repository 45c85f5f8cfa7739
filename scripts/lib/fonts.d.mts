export function hasScreenshotFonts(): boolean;
export const FONTS_HINT: string;
export function tryInstallFonts(): boolean;
