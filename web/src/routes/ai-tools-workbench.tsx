import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link, createFileRoute } from '@tanstack/react-router';
import { TOOLS } from '../features/tools/catalogue';
import { ToolIcon } from '../features/tools/tool-icons';
import { Page } from '../ui/page';

function Tools() {
  const { i18n } = useLingui();
  return (
    <Page wide title={<Trans>AI tools</Trans>} subtitle={<Trans>One photo in, a new look out.</Trans>}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TOOLS.map((tool) => (
          <li key={tool.route}>
            <Link to="/ai-tools/$toolId" params={{ toolId: tool.route }} className="card flex h-full gap-4 p-5 transition hover:border-fuchsia-400/50 hover:bg-white/[0.06]">
              <span className="grid h-11 w-11 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-violet-500/25 to-fuchsia-500/25 text-fuchsia-200 ring-1 ring-white/10">
                <ToolIcon id={tool.id} />
              </span>
              <span>
                <span className="block font-semibold">{i18n._(tool.title)}</span>
                <span className="mt-1 block text-sm text-zinc-400">{i18n._(tool.description)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}

export const Route = createFileRoute('/ai-tools-workbench')({ component: Tools });
