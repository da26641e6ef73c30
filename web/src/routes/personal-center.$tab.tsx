import { createFileRoute, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { MyCredits } from '../features/account/my-credits';
import { MyInvites } from '../features/account/my-invites';
import { MyProfile } from '../features/account/my-profile';
import { Spinner } from '../ui/spinner';

/**
 * The orders and account tabs load when shown: they bring the payments client and the zod contracts
 * (~25 KB gz), the refund, subscription and deletion dialogs, which the other tabs never need.
 */
const MyOrders = lazy(() => import('../features/account/my-orders').then((m) => ({ default: m.MyOrders })));
const AccountSettings = lazy(() => import('../features/account/account-settings').then((m) => ({ default: m.AccountSettings })));

function Tab() {
  const { tab } = Route.useParams();
  if (tab === 'profile') return <MyProfile />;
  if (tab === 'credits') return <MyCredits />;
  if (tab === 'invites') return <MyInvites />;
  return (
    <Suspense
      fallback={
        <div aria-busy="true" className="grid min-h-40 place-items-center">
          <Spinner />
        </div>
      }
    >
      {tab === 'account' ? <AccountSettings /> : <MyOrders />}
    </Suspense>
  );
}

export const Route = createFileRoute('/personal-center/$tab')({
  beforeLoad: ({ params }) => {
    if (!['profile', 'credits', 'invites', 'orders', 'account'].includes(params.tab)) throw notFound();
  },
  component: Tab,
});
