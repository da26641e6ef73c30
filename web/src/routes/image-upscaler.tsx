import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/page';

export const Route = createFileRoute('/image-upscaler')({
  component: () => <ComingSoon title={<Trans>Image upscaler</Trans>} description={<Trans>Upscale photos 2×, 4× or 8× with optional face enhancement.</Trans>} />,
});
