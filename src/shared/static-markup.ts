/**
 * A page's static copy of a screen (rendered at build time, or by the server) is replaced by the
 * app's own when the app starts: what a student typed into the copy, or a menu they opened in
 * it, would be lost at that moment. So its controls are disabled until the app's take their
 * place (with JavaScript off they could not send anything anyway); links stay links.
 */
export function disableControls(markup: string): string {
  return markup
    .replace(/<(input|textarea|select|button)\b/g, '<$1 disabled')
    .replace(/<a\b[^>]*\bdata-session\b[^>]*>/g, sessionLinkWaits);
}

/**
 * A link whose target depends on who is signed in (marked `data-session`) is rendered for a
 * visitor nobody has signed in as: followed from the copy, it would take a signed-in student to
 * the login form. Until the app's own link replaces it, it leads nowhere and says it is disabled.
 */
function sessionLinkWaits(tag: string): string {
  return tag.replace(/\shref="[^"]*"/, '').replace(/>$/, ' aria-disabled="true">');
}

/**
 * The tab's title for a static copy of a screen, as the screen sets it once running: its
 * heading's text, then the app's name (the markup's text, already escaped for HTML).
 */
export function pageTitle(markup: string): string | undefined {
  const heading = /<h1\b[^>]*>([^<]*)<\/h1>/.exec(markup)?.[1];
  return heading ? `${heading} · EduPortal` : undefined;
}

/** `html` with its <title> set from the static copy of the screen it carries. */
export function withTitle(html: string, markup: string): string {
  const title = pageTitle(markup);
  return title ? html.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`) : html;
}

/**
 * A copy the server rendered for one student cannot know this device's quality rule (data saver
 * and the last choice live on the device), so it leaves out each card's size rather than state
 * one the app would then change; the app's cards, which replace the copy, say it.
 */
export function withoutDeviceSizes(markup: string): string {
  return markup.replace(/<span class="video-card-size">[^<]*<\/span>/g, '');
}
