import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleX, Info, TriangleExclamationPoint } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Kind = 'success' | 'error' | 'info' | 'warning';
/** A way out of the situation the toast reports, e.g. "See pricing" when credits ran out. */
export interface ToastAction {
  label: string;
  to: '/pricing' | '/records' | '/personal-center/$tab';
}
interface Toast {
  id: number;
  kind: Kind;
  message: string;
  action?: ToastAction;
}

/** Spec §9: success 2 s, others 4 s, at most 20, top centre, max width 350 px. A toast with an action stays 8 s, long enough to reach it. */
const DURATION: Record<Kind, number> = { success: 2000, error: 4000, info: 4000, warning: 4000 };
const ACTION_DURATION = 8000;
const MAX = 20;

const ToastContext = createContext<(kind: Kind, message: string, action?: ToastAction) => void>(() => {});

const STYLE: Record<Kind, string> = {
  error: 'border-rose-500/40 bg-rose-950/95 text-rose-50',
  success: 'border-emerald-500/40 bg-emerald-950/95 text-emerald-50',
  warning: 'border-orange-500/40 bg-orange-950/95 text-orange-50',
  info: 'border-white/10 bg-ink-800/95 text-zinc-100',
};

function Icon({ kind }: { kind: Kind }) {
  const Glyph = kind === 'error' ? CircleX : kind === 'success' ? CircleCheck : kind === 'warning' ? TriangleExclamationPoint : Info;
  return <Glyph aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (kind: Kind, message: string, action?: ToastAction) => {
      const id = Date.now() + Math.random();
      setToasts((list) => [...list, { id, kind, message, action }].slice(-MAX));
      setTimeout(() => dismiss(id), action ? ACTION_DURATION : DURATION[kind]);
    },
    [dismiss],
  );
  return (
    <ToastContext.Provider value={push}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex flex-col items-center gap-2 px-4">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex w-full max-w-[350px] items-start gap-2 rounded-xl border px-4 py-3 text-sm shadow-2xl backdrop-blur ${STYLE[t.kind]}`}
          >
            <Icon kind={t.kind} />
            <span className="min-w-0 flex-1">{t.message}</span>
            {t.action && (
              <Link
                to={t.action.to}
                params={t.action.to === '/personal-center/$tab' ? { tab: 'credits' } : undefined}
                onClick={() => dismiss(t.id)}
                className="-my-0.5 shrink-0 rounded-lg bg-white/15 px-2.5 py-1 text-xs font-semibold hover:bg-white/25"
              >
                {t.action.label}
              </Link>
            )}
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
      error: (m: string, options?: { action?: ToastAction }) => push('error', m, options?.action),
      info: (m: string) => push('info', m),
      warning: (m: string, options?: { action?: ToastAction }) => push('warning', m, options?.action),
    }),
    [push],
  );
}
