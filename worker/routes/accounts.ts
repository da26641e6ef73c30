import { Hono } from 'hono';
import type { AppEnv } from '../lib/hono-env';

/** `/api/auth/*`: password register/login and Google sign-in (mounted beside the e-mail-code routes). */
export const accountAuthRoutes = new Hono<AppEnv>();
/** `/api/users/*`: avatar upload (`POST /api/users/me/avatar`). */
export const avatarRoutes = new Hono<AppEnv>();
