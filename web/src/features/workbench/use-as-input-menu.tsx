import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import type { GenerationStatus } from '@web/api/types';
import { TOOLS } from '../tools/catalogue';

/** The tools that take a photo (face swap has its own page and inputs). */
const PHOTO_TOOLS = TOOLS.filter((tool) => tool.input === 'image' && tool.id !== 'face-swap');

const menuItem =
  'cursor-pointer rounded-lg px-3 py-2 text-sm text-zinc-200 outline-none data-[focused]:bg-white/10 data-[hovered]:bg-white/10';

/** "Use as input": the image handed to image editing, the upscaler or a photo tool, linked to its creation. */
export function UseAsInputMenu({ status }: { status: GenerationStatus }) {
  const { i18n } = useLinguiCore();
  const navigate = useNavigate();
  const imageUrl = status.imageUrl!;
  return (
    <MenuTrigger>
      <AriaButton className="inline-flex items-center justify-center gap-2 rounded-xl border border-white/15 bg-white/5 px-4 py-2.5 text-sm font-semibold text-zinc-100 outline-none transition hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-violet-400">
        <Trans>Use as input</Trans>
      </AriaButton>
      <Popover offset={6} className="min-w-48 overflow-auto rounded-xl border border-white/10 bg-ink-900 p-1 shadow-xl">
        <Menu
          className="outline-none"
          onAction={(key) => {
            if (key === 'edit')
              void navigate({
                to: '/ai-workbench',
                search: { mode: 'image-to-image', imageUrls: imageUrl, sourceRecordId: status.recordId },
              });
            else if (key === 'upscale') void navigate({ to: '/image-upscaler', search: { imageUrl, sourceRecordId: status.recordId } });
            else
              void navigate({
                to: '/ai-tools/$toolId',
                params: { toolId: String(key).slice('tool:'.length) },
                search: { imageUrl, sourceRecordId: status.recordId },
              });
          }}
        >
          <MenuItem id="edit" className={menuItem}>
            <Trans>Image editing</Trans>
          </MenuItem>
          <MenuItem id="upscale" className={menuItem}>
            <Trans>Image upscaler</Trans>
          </MenuItem>
          {PHOTO_TOOLS.map((tool) => (
            <MenuItem key={tool.route} id={`tool:${tool.route}`} className={menuItem}>
              {i18n._(tool.title)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
