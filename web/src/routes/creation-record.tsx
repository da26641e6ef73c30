import { createFileRoute } from '@tanstack/react-router';
import { searchParams, text } from '../lib/search-params';
import { CreationDetailPage } from '../features/sharing/creation-detail';
import { CreationsPage } from '../features/workbench/creations';

/** My creations; with `?id=` one creation's page: its image, share link and lineage. */
export const Route = createFileRoute('/creation-record')({
  validateSearch: searchParams({ id: text(64) }),
  component: function CreationRecord() {
    const { id } = Route.useSearch();
    return id ? <CreationDetailPage id={id} /> : <CreationsPage />;
  },
});
