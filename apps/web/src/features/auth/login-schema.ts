/**
 * The login form's schema, in a module of its own so that it (and zod with it) is a chunk the login page
 * downloads after it paints (login-form.tsx), not before.
 */
export { loginInput } from "@fizio/domain";
