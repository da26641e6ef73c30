import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { TOOLS, UPSCALER_CARD } from './catalogue';
import { ToolIcon } from './tool-icons';

function Card({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children?: ReactNode }) {
  return (
    <>
      <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/25 text-fuchsia-200 ring-1 ring-white/10">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1.5 font-semibold">
          {title}
          <ArrowRight
            aria-hidden
            className="h-4 w-4 shrink-0 text-zinc-500 transition group-hover:translate-x-0.5 group-hover:text-fuchsia-300"
          />
        </span>
        <span className="mt-1 block text-sm text-zinc-400">{description}</span>
        {children}
      </span>
    </>
  );
}

const CARD = 'card group flex h-full gap-4 p-5 transition hover:border-fuchsia-400/50 hover:bg-white/[0.06]';

/** Every tool, the upscaler included (spec §2 tool cards): the hub and the home page's capabilities. */
export function ToolGrid() {
  const { i18n } = useLingui();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="tool-grid">
      {TOOLS.map((tool) => (
        <li key={tool.route}>
          <Link to="/ai-tools/$toolId" params={{ toolId: tool.route }} className={CARD}>
            <Card icon={<ToolIcon id={tool.id} />} title={i18n._(tool.title)} description={i18n._(tool.description)} />
          </Link>
        </li>
      ))}
      <li>
        <Link to="/image-upscaler" className={CARD}>
          <Card
            icon={<ToolIcon id="image-upscaler" />}
            title={i18n._(UPSCALER_CARD.title)}
            description={i18n._(UPSCALER_CARD.description)}
          />
        </Link>
      </li>
    </ul>
  );
}
