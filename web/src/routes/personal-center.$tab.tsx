import { createFileRoute, notFound } from '@tanstack/react-router';
import { AccountSettings } from '../features/account/account-settings';
import { MyCredits } from '../features/account/my-credits';
import { MyInvites } from '../features/account/my-invites';
import { MyOrders } from '../features/account/my-orders';
import { MyProfile } from '../features/account/my-profile';

function Tab() {
  const { tab } = Route.useParams();
  if (tab === 'profile') return <MyProfile />;
  if (tab === 'credits') return <MyCredits />;
  if (tab === 'invites') return <MyInvites />;
  if (tab === 'account') return <AccountSettings />;
  return <MyOrders />;
}

export const Route = createFileRoute('/personal-center/$tab')({
  beforeLoad: ({ params }) => {
    if (!['profile', 'credits', 'invites', 'orders', 'account'].includes(params.tab)) throw notFound();
  },
  component: Tab,
});
