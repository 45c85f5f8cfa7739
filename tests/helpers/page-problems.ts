import type { Page } from 'playwright-core';

/**
 * Collects what a page reports as broken: script errors and console errors (CSP violations
 * included). The browser also logs answers a journey expects, which are not faults: a signed-out
 * visitor's session check (401), API calls that find no network while offline, and any statuses
 * a journey provokes on purpose (`expected`, e.g. [400] for a wrong old password).
 */
export function watchProblems(page: Page, expected: number[] = []): string[] {
  const problems: string[] = [];
  const statuses = [401, ...expected].join('|');
  const benign = new RegExp(`status of (${statuses})\\b|net::ERR_(FAILED|INTERNET_DISCONNECTED)`);
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !benign.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  return problems;
}
