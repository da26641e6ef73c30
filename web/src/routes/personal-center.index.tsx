import { Navigate, createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/personal-center/')({
  component: () => <Navigate to="/personal-center/$tab" params={{ tab: 'profile' }} replace />,
});
