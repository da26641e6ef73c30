import { createFileRoute } from '@tanstack/react-router';
import { FaceSwapPage } from '../features/face-swap/face-swap-page';

/** Face swap / avatar builder has its own screen; this route wins over /ai-tools/$toolId. */
export const Route = createFileRoute('/ai-tools/face-swap')({ component: FaceSwapPage });
