import { AppError, type FizCode, isFizCode } from "@fizio/domain";
import { APIError } from "better-auth/api";

/** better-auth failures as FIZ codes: our sign-in hook's codes pass through, the rest get `fallback`. */
export function mapAuthError(error: unknown, fallback: FizCode): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof APIError) {
    const message = error.body?.message;
    if (isFizCode(message)) return new AppError(message);
    if (error.status === "TOO_MANY_REQUESTS") return new AppError("FIZ260");
    return new AppError(fallback, {}, { cause: error });
  }
  throw error;
}
