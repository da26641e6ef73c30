import { createRouter } from '../../http/openapi';
import { emailCodeRoutes } from './email-codes';
import { googleRoutes } from './google';
import { passwordRoutes } from './password';
import { passwordResetRoutes } from './password-reset';

/** Everything under `/api/auth`: one folder for the prefix, one file per way of signing in. */
export const authRoutes = createRouter()
  .route('/', emailCodeRoutes)
  .route('/', passwordRoutes)
  .route('/', googleRoutes)
  .route('/password-reset', passwordResetRoutes);
