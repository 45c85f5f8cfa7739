/** The parts of the Network Information API the app reads; Chromium-based browsers have it. */
interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
  type?: string;
}

export function connectionInfo(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/**
 * Whether to spend as little data as possible: the browser asks to save data (the phone's data
 * saver), or the link is 2G. This is the "Auto" of product-additions.md's data saver (docs/product.md).
 */
export function dataSaverOn(): boolean {
  const connection = connectionInfo();
  return (
    connection?.saveData === true ||
    connection?.effectiveType === '2g' ||
    connection?.effectiveType === 'slow-2g'
  );
}
