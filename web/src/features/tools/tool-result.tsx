import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { GenerationStatus } from '@web/api/types';
import { downloadName } from '@web/lib/download-name';
import { Button } from '@web/ui/button';
import { downloadImage } from '@web/ui/download';
import { useDownloadToasts } from '@web/features/image-job/use-download-toasts';
import type { Tool } from './catalogue';

/** What a tool's downloads are called (id-photo-2026-11-28.png): the tool's short name where its id is long. */
const DOWNLOAD_STEM: Partial<Record<Tool['id'], string>> = {
  'id-photo-generation': 'id-photo',
  'logo-generation': 'logo',
  'restored-image': 'restored-photo',
};

/** The ID photo's 4×6 in sheet of copies, drawn in the browser; its code loads on the first press. */
const toPrintSheet = async (photo: Blob) => (await import('./print-sheet')).printSheet(photo);

/** A tool's finished image with Download (and the logo's SVG, the ID photo's print sheet), Regenerate and Upscale. */
export function ToolResult({
  tool,
  title,
  result,
  onRegenerate,
}: {
  tool: Tool;
  title: string;
  result: GenerationStatus & { imageUrl: string };
  onRegenerate: () => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const notify = useDownloadToasts();
  return (
    <figure>
      <img src={result.imageUrl} alt={t`${title} result`} className="mx-auto max-h-[560px] rounded-2xl" data-testid="result-image" />
      <figcaption className="mt-4 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onPress={() => notify(downloadImage(result.imageUrl, downloadName(DOWNLOAD_STEM[tool.id] ?? tool.id)))}>
          <Trans>Download</Trans>
        </Button>
        {tool.id === 'id-photo-generation' && (
          <Button
            variant="secondary"
            onPress={() => notify(downloadImage(result.imageUrl, downloadName('id-photo-print-sheet'), toPrintSheet))}
          >
            <Trans>Download print sheet (4×6 in)</Trans>
          </Button>
        )}
        {result.svgUrl && (
          <Button variant="secondary" onPress={() => notify(downloadImage(result.svgUrl!, downloadName('logo', { extension: 'svg' })))}>
            <Trans>Download SVG</Trans>
          </Button>
        )}
        <Button variant="secondary" onPress={onRegenerate}>
          <Trans>Regenerate</Trans>
        </Button>
        <Button
          variant="secondary"
          onPress={() => void navigate({ to: '/image-upscaler', search: { imageUrl: result.imageUrl, sourceRecordId: result.recordId } })}
        >
          <Trans>Upscale</Trans>
        </Button>
      </figcaption>
    </figure>
  );
}
