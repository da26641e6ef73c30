import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/page';

export const Route = createFileRoute('/payment/stripe/cancel')({
  component: () => <ComingSoon title={<Trans>Payment cancelled</Trans>} description={<Trans>Your card payment was cancelled. No money was taken.</Trans>} />,
});
