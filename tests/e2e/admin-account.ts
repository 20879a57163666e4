/** The administrator the end-to-end server makes with `npm run admin:create` before it starts. */
export const E2E_ADMIN_EMAIL = "admin@toolnest.test";
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
