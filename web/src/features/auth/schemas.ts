/**
 * The contract's auth schemas (and zod with them) load on demand: /auth renders without them,
 * the forms prefetch them on mount, and the first validation awaits them.
 */
export const loadAuthSchemas = () => import('@contract/auth');
export const loadLoginSchema = async () => (await loadAuthSchemas()).loginBody;
export const loadRegisterSchema = async () => (await loadAuthSchemas()).registerForm;
export const loadChangePasswordSchema = async () => (await loadAuthSchemas()).changePasswordForm;
