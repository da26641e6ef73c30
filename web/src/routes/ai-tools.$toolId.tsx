import { createFileRoute, notFound } from '@tanstack/react-router';
import { toolByRoute } from '../features/tools/catalogue';
import { searchParams, text } from '../lib/search-params';
import { ToolPage } from '../features/tools/tool-page';

export const Route = createFileRoute('/ai-tools/$toolId')({
  // A photo handed over from another page (the workbench's "Use as input"), and the creation it came from.
  validateSearch: searchParams({ imageUrl: text(2000), sourceRecordId: text(64) }),
  // The catalogue (with the server's tool definitions) is read here through an import of its own, so
  // it loads with the tool pages instead of being part of every page's entry.
  beforeLoad: async ({ params }: { params: { toolId: string } }) => {
    const catalogue = await import('../features/tools/catalogue');
    if (!catalogue.toolByRoute(params.toolId)) throw notFound();
  },
  component: function Tool() {
    const { toolId } = Route.useParams();
    const { imageUrl, sourceRecordId } = Route.useSearch();
    return <ToolPage key={`${toolId}:${imageUrl ?? ''}`} tool={toolByRoute(toolId)!} imageUrl={imageUrl} sourceRecordId={sourceRecordId} />;
  },
});
