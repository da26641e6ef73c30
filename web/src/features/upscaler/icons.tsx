import {
  Check,
  Download,
  Expand,
  Grid2x2,
  Image,
  Plus,
  RefreshCw,
  ScanFace,
  ShieldCheck,
  Sparkles,
  TriangleExclamationPoint,
  Upload,
  X,
  type LucideIcon,
} from 'lucide-react';

/** The upscaler's icons, from lucide (emoji render as empty boxes on systems without an emoji font). */
type P = { className?: string };
const icon = (Icon: LucideIcon) =>
  function UpscalerIcon({ className = 'h-5 w-5' }: P) {
    return <Icon aria-hidden className={className} strokeWidth={1.8} />;
  };

export const UploadIcon = icon(Upload);
export const SparklesIcon = icon(Sparkles);
export const ExpandIcon = icon(Expand);
export const FaceIcon = icon(ScanFace);
export const GridIcon = icon(Grid2x2);
export const ShieldIcon = icon(ShieldCheck);
export const DownloadIcon = icon(Download);
export const ImageIcon = icon(Image);
export const CloseIcon = icon(X);
export const AlertIcon = icon(TriangleExclamationPoint);
export const PlusIcon = icon(Plus);
export const RefreshIcon = icon(RefreshCw);
export const CheckIcon = icon(Check);
