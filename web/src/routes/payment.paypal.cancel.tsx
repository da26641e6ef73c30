import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/page';

export const Route = createFileRoute('/payment/paypal/cancel')({
  component: () => <ComingSoon title={<Trans>Payment cancelled</Trans>} description={<Trans>Your PayPal payment was cancelled. No money was taken.</Trans>} />,
});
