// DevTools' network throttling is per target, and a page's does not reach its service worker:
// a bench that paces only the page lets the worker download at full speed beside it, and then
// says nothing true of how the two share a weak link. These pace the worker too.
import type { CDPSession } from 'playwright-core';

/** A command to a target reached through a browser session (not flattened), its answer awaited. */
function callTarget(session: CDPSession, sessionId: string, id: number, method: string, params: object) {
  return new Promise<void>((resolve, reject) => {
    const onMessage = (event: { sessionId?: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const answer = JSON.parse(event.message) as { id?: number; error?: { message: string } };
      if (answer.id !== id) return;
      session.off('Target.receivedMessageFromTarget', onMessage);
      if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
      else resolve();
    };
    session.on('Target.receivedMessageFromTarget', onMessage);
    void session.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method, params }),
    });
  });
}

/** Sends the conditions to every running service worker of `origin`; answers how many took them. */
export async function throttleWorkers(
  session: CDPSession,
  origin: string,
  conditions: object,
): Promise<number> {
  const { targetInfos } = await session.send('Target.getTargets');
  let paced = 0;
  for (const target of targetInfos) {
    if (target.type !== 'service_worker' || !target.url.startsWith(origin)) continue;
    const { sessionId } = await session.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    });
    await callTarget(session, sessionId, 1, 'Network.enable', {});
    await callTarget(session, sessionId, 2, 'Network.emulateNetworkConditions', conditions);
    paced += 1;
  }
  return paced;
}

/**
 * Paces every service worker the page starts from now on, before its first line runs: the page's
 * DevTools session attaches to each (a page's auto-attach reaches the service workers of its
 * origin; a browser-level one would need flattened sessions, which Playwright's do not carry),
 * holds it at start ("wait for debugger"), gives it the conditions, then lets it go, so that not
 * one of its requests (the install's downloads) passes unpaced. Answers how many were paced.
 */
export async function paceNewWorkers(
  pageSession: CDPSession,
  conditions: object,
): Promise<{ paced: () => number }> {
  let paced = 0;
  pageSession.on('Target.attachedToTarget', (event) => {
    const { sessionId, targetInfo, waitingForDebugger } = event;
    const release = () =>
      waitingForDebugger
        ? callTarget(pageSession, sessionId, 3, 'Runtime.runIfWaitingForDebugger', {})
        : Promise.resolve();
    if (targetInfo.type !== 'service_worker') {
      void release().catch(() => undefined);
      return;
    }
    void callTarget(pageSession, sessionId, 1, 'Network.enable', {})
      .then(() => callTarget(pageSession, sessionId, 2, 'Network.emulateNetworkConditions', conditions))
      .then(() => (paced += 1))
      .finally(() => release())
      .catch(() => undefined);
  });
  await pageSession.send('Target.setAutoAttach', {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: false,
  });
  return { paced: () => paced };
}
