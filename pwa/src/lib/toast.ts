// A tiny toast queue any feature can use; the app shell renders it. Notifications stay 3 s (spec section 9).
export const TOAST_MS = 3000;

export interface Toast {
  id: number;
  text?: string;
  /** Already sanitised HTML. */
  html?: string;
  kind: 'info' | 'error' | 'success';
}

type Listener = () => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => {
  for (const l of listeners) l();
};

export function showToast(t: Omit<Toast, 'id'>): void {
  const toast = { ...t, id: nextId++ };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((x) => x.id !== toast.id);
    emit();
  }, TOAST_MS);
}

export const toastStore = {
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  snapshot: () => toasts,
};
