/** The signed-in user as routes and services see it (loaded fresh from the database on every request). */
export interface AuthUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}
