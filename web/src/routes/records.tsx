import { createFileRoute } from '@tanstack/react-router';
import { CreationsPage } from '../features/workbench/creations';

export const Route = createFileRoute('/records')({ component: CreationsPage });
