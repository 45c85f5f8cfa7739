export interface ToastMessage {
  id: number;
  kind: 'error' | 'success';
  title: string;
  description?: string;
}

let toasts: readonly ToastMessage[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly ToastMessage[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * The app's toasts (product-spec.md §8: server errors of sign-in and registration, and the
 * registration notice). A plain store, so that showing one needs no React context and the
 * toast UI itself is downloaded only when the first toast appears.
 */
export const toasts$ = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => toasts,
  dismiss(id: number) {
    set(toasts.filter((t) => t.id !== id));
  },
  clear() {
    set([]);
  },
};

export function showToast(kind: ToastMessage['kind'], title: string, description?: string): number {
  const id = nextId++;
  // One message per text: a double submit does not stack two identical toasts.
  set([
    ...toasts.filter((t) => t.title !== title),
    { id, kind, title, ...(description ? { description } : {}) },
  ]);
  return id;
}
