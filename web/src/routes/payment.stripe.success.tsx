import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/page';

export const Route = createFileRoute('/payment/stripe/success')({
  component: () => <ComingSoon title={<Trans>Payment status</Trans>} description={<Trans>We will confirm your card payment and add your credits here.</Trans>} />,
});
