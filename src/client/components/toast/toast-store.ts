import { createStore } from '../../lib/store.ts';

export interface ToastMessage {
  id: number;
  kind: 'error' | 'success';
  title: string;
  description?: string;
}

let nextId = 1;
const store = createStore<readonly ToastMessage[]>([]);

/**
 * The app's toasts (docs/product.md, "Messages the student may see": server errors of sign-in and registration, and the
 * registration notice). A plain store, so that showing one needs no React context and the
 * toast UI itself is downloaded only when the first toast appears.
 */
export const toasts$ = {
  subscribe: store.subscribe,
  get: store.get,
  dismiss(id: number) {
    store.set(store.get().filter((t) => t.id !== id));
  },
  clear() {
    store.set([]);
  },
};

export function showToast(kind: ToastMessage['kind'], title: string, description?: string): number {
  const id = nextId++;
  // One message per text: a double submit does not stack two identical toasts.
  store.set([
    ...store.get().filter((t) => t.title !== title),
    { id, kind, title, ...(description ? { description } : {}) },
  ]);
  return id;
}
