import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ShowcaseGrid } from '../features/showcase/showcase-grid';
import { Page } from '../ui/page';

export const Route = createFileRoute('/showcase')({
  component: () => (
    <Page wide title={<Trans>Showcase</Trans>} subtitle={<Trans>Images made with Image Studio. Use any prompt as a starting point.</Trans>}>
      <ShowcaseGrid headingLevel={2} />
    </Page>
  ),
});
