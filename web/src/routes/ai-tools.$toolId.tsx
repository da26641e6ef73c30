import { Trans } from '@lingui/react/macro';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { ComingSoon } from '../ui/page';

const TOOLS = [
  'professional-portrait', 'pop-art-portrait', 'anime-style', 'oil-painting', 'watercolor', 'sketch-style', 'cyberpunk',
  'face-swap', 'logo-generation', 'id-photo-generation', 'photo-restoration',
] as const;

export const Route = createFileRoute('/ai-tools/$toolId')({
  beforeLoad: ({ params }) => {
    if (!(TOOLS as readonly string[]).includes(params.toolId)) throw notFound();
  },
  component: function ToolPage() {
    const { toolId } = Route.useParams();
    const name = toolId.replace(/-/g, ' ');
    return <ComingSoon title={<span className="capitalize">{name}</span>} description={<Trans>Upload a photo and this tool restyles it in one click.</Trans>} />;
  },
});
