import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/page';

export const Route = createFileRoute('/payment/success')({
  component: () => <ComingSoon title={<Trans>Thank you!</Trans>} description={<Trans>Your payment confirmation and credits will appear here.</Trans>} />,
});
