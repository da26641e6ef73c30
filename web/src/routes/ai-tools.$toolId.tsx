import { createFileRoute, notFound } from '@tanstack/react-router';
import { toolByRoute } from '../features/tools/catalogue';
import { searchParams, text } from '../lib/search-params';
import { ToolPage } from '../features/tools/tool-page';

export const Route = createFileRoute('/ai-tools/$toolId')({
  // A photo handed over from another page (the workbench's "Use as input"), and the creation it came from.
  validateSearch: searchParams({ imageUrl: text(2000), sourceRecordId: text(64) }),
  beforeLoad: ({ params }: { params: { toolId: string } }) => {
    if (!toolByRoute(params.toolId)) throw notFound();
  },
  component: function Tool() {
    const { toolId } = Route.useParams();
    const { imageUrl, sourceRecordId } = Route.useSearch();
    return <ToolPage key={`${toolId}:${imageUrl ?? ''}`} tool={toolByRoute(toolId)!} imageUrl={imageUrl} sourceRecordId={sourceRecordId} />;
  },
});
