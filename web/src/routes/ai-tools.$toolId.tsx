import { createFileRoute, notFound } from '@tanstack/react-router';
import { toolByRoute } from '../features/tools/catalogue';
import { ToolPage } from '../features/tools/tool-page';

export const Route = createFileRoute('/ai-tools/$toolId')({
  beforeLoad: ({ params }) => {
    if (!toolByRoute(params.toolId)) throw notFound();
  },
  component: function Tool() {
    const { toolId } = Route.useParams();
    return <ToolPage key={toolId} tool={toolByRoute(toolId)!} />;
  },
});
