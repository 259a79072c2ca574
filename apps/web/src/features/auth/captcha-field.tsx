import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { getConfig } from "../../lib/config";

declare global {
  interface Window {
    fizioCaptchaSolved?: (token: string) => void;
  }
}

/**
 * Shown only when config.json names a captcha (spec §7). hCaptcha, reCAPTCHA and Turnstile widgets all
 * render into an element carrying data-sitekey and report their token through data-callback.
 */
export function CaptchaField({ onToken, error }: { onToken: (token: string) => void; error?: string }) {
  const { t } = useTranslation();
  const { url, token: siteKey } = getConfig().captcha;
  const errorId = useId();
  useEffect(() => {
    window.fizioCaptchaSolved = onToken;
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    document.head.append(script);
    return () => {
      script.remove();
      window.fizioCaptchaSolved = undefined;
    };
  }, [url, onToken]);
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">{t("register.captcha")}</legend>
      <div
        className="h-captcha g-recaptcha cf-turnstile"
        data-sitekey={siteKey}
        data-callback="fizioCaptchaSolved"
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
