/** Texts of the Admin Portal (client-safe: no server imports). Spec wording where the spec has one. */
export const ADMIN_MESSAGES = {
  invalidEmail: "Please enter a valid email address",
  shortPassword: "Password must be at least 6 characters",
  invalidNumber: "Please enter a valid number",
  incorrectAnswer: "Incorrect answer. Please try again.",
  challengeExpired: "This question has expired. Please answer the new one.",
  verifyFirst: "Please verify the math challenge before signing in.",
  tooManyAttempts: "Too many login attempts. Please try again later.",
  adminsOnly: "This login page is for administrators only.",
  invalidCredentials: "Invalid email or password",
  adminExists: "An administrator already exists.",
  accountExists:
    "An account with this e-mail already exists. Use another address, or make it an admin with npm run admin:create.",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** Failed attempts allowed within the window for one e-mail from one client address; the next one is refused. */
export const LOGIN_ATTEMPT_LIMIT = 5;
export const LOGIN_ATTEMPT_WINDOW_MINUTES = 15;
