import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/page';

export const Route = createFileRoute('/ai-tools-workbench')({
  component: () => <ComingSoon title={<Trans>AI tools</Trans>} description={<Trans>One-click tools: pop art, anime, oil painting, watercolor, sketch, cyberpunk, portraits, logos, ID photos and restoration.</Trans>} />,
});
