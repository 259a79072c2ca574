import { AppError } from "@fizio/domain";
import type { ApiConfig } from "../context";

/**
 * Captcha only when configured (spec §2 /self-registration). The provider's siteverify endpoint is
 * called with the form token; any failure to verify refuses the registration.
 */
export async function verifyCaptcha(config: ApiConfig["captcha"], token: string | undefined, ip: string) {
  if (!config) return;
  if (!token) throw new AppError("FIZ262", {}, { field: "captchaToken" });
  const body = new URLSearchParams({ secret: config.secret, response: token, remoteip: ip });
  const ok = await fetch(config.url, { method: "POST", body, signal: AbortSignal.timeout(5000) })
    .then(async (r) => r.ok && ((await r.json()) as { success?: boolean }).success === true)
    .catch(() => false);
  if (!ok) throw new AppError("FIZ262", {}, { field: "captchaToken" });
}
