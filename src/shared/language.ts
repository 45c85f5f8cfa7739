/** The languages the app speaks (docs/product.md, "Language"). */
export type Language = 'en' | 'hi';

/** Where the page keeps the student's language (localStorage). */
export const LANGUAGE_KEY = 'eduportal-language';

/**
 * Runs in index.html's head, before anything paints: the stored language goes on `<html lang>`,
 * which shows the static top bar in that language (styles.css) so a Hindi reader never sees a
 * flash of English. Inline, so it costs no request; the server's Content-Security-Policy allows
 * it by its hash (src/server/plugins/security-headers.ts).
 */
export const LANGUAGE_BOOT_SCRIPT = `try{if(localStorage.getItem('${LANGUAGE_KEY}')==='hi')document.documentElement.lang='hi'}catch(e){}`;
