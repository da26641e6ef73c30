import {
  Briefcase,
  Droplet,
  Hexagon,
  IdCard,
  ImageUp,
  Paintbrush,
  Palette,
  Pencil,
  ScanFace,
  Sparkles,
  WandSparkles,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { ToolId } from '@worker/contract/tools';

/** One line icon per tool, from lucide (SVG, tree-shaken: only these ship). The upscaler has a card too. */
const ICONS: Record<ToolId | 'image-upscaler', LucideIcon> = {
  'pop-art-portrait': Palette,
  'anime-style': Sparkles,
  'oil-painting': Paintbrush,
  watercolor: Droplet,
  sketch: Pencil,
  cyberpunk: Zap,
  'professional-portrait': Briefcase,
  'restored-image': WandSparkles,
  'id-photo-generation': IdCard,
  'logo-generation': Hexagon,
  'face-swap': ScanFace,
  'image-upscaler': ImageUp,
};

export function ToolIcon({ id, className = 'h-6 w-6' }: { id: ToolId | 'image-upscaler'; className?: string }) {
  const Icon = ICONS[id];
  return <Icon aria-hidden className={className} strokeWidth={1.75} />;
}
