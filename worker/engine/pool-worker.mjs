// Entry of each engine worker thread (pool.ts). The engine is TypeScript: tsx's loader is registered
// in this thread first, so the same sources run under `npm start`, vitest and the engine service
// without a build step.
import { register } from 'tsx/esm/api';

register();
const { runSerialized } = await import('./pool-task.ts');

export default runSerialized;
