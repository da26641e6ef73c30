import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Kind = 'success' | 'error' | 'info' | 'warning';
interface Toast {
  id: number;
  kind: Kind;
  message: string;
}

/** Spec §9: success 2 s, others 4 s, at most 20, top centre, max width 350 px. */
const DURATION: Record<Kind, number> = { success: 2000, error: 4000, info: 4000, warning: 4000 };
const MAX = 20;

const ToastContext = createContext<(kind: Kind, message: string) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const push = useCallback((kind: Kind, message: string) => {
    const id = Date.now() + Math.random();
    setToasts((list) => [...list, { id, kind, message }].slice(-MAX));
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), DURATION[kind]);
  }, []);
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto w-full max-w-[350px] rounded-xl border px-4 py-3 text-sm shadow-2xl backdrop-blur ${
              t.kind === 'error'
                ? 'border-rose-500/40 bg-rose-950/90 text-rose-100'
                : t.kind === 'success'
                  ? 'border-emerald-500/40 bg-emerald-950/90 text-emerald-100'
                  : t.kind === 'warning'
                    ? 'border-orange-500/40 bg-orange-950/90 text-orange-100'
                    : 'border-white/10 bg-ink-800/95 text-zinc-100'
            }`}
          >
            <span aria-hidden className="mr-2">{t.kind === 'error' ? '⚠' : t.kind === 'success' ? '✓' : t.kind === 'warning' ? '!' : 'ℹ'}</span>
            {t.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const push = useContext(ToastContext);
  return useMemo(
    () => ({
      success: (m: string) => push('success', m),
      error: (m: string) => push('error', m),
      info: (m: string) => push('info', m),
      warning: (m: string) => push('warning', m),
    }),
    [push],
  );
}
