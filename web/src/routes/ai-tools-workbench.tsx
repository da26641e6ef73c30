import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ToolGrid } from '../features/tools/tool-grid';
import { Page } from '../ui/page';

export const Route = createFileRoute('/ai-tools-workbench')({
  component: () => (
    <Page
      wide
      title={<Trans>AI tools</Trans>}
      subtitle={<Trans>One photo in, a new look out — plus logos, ID photos and upscaling.</Trans>}
    >
      <ToolGrid />
    </Page>
  ),
});
