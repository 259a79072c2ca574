import { gateFor, type SessionUser } from "@fizio/domain";
import type { ReactNode } from "react";
import { AppShell } from "../shell/app-shell";
import { GateFrame } from "./gate-frame";
import { OnboardingGate } from "./onboarding-gate";
import { PaymentMethodGate } from "./payment-method-gate";
import { ReferralNeededModal } from "./referral-modal";
import { TermsGate } from "./terms-gate";
import { TwoFactorGate } from "./two-factor-gate";

/**
 * Gating order (gateFor): enrolment of a required second factor, then spec §4's terms, onboarding and payment
 * method, then the app.
 */
export function GatedApp({ user, children }: { user: SessionUser; children: ReactNode }) {
  switch (gateFor(user)) {
    case "TWO_FACTOR":
      return (
        <GateFrame user={user}>
          <TwoFactorGate />
        </GateFrame>
      );
    case "TERMS":
      return (
        <GateFrame user={user}>
          <TermsGate />
        </GateFrame>
      );
    case "ONBOARDING":
      return (
        <GateFrame user={user}>
          <OnboardingGate />
        </GateFrame>
      );
    case "PAYMENT_METHOD":
      return (
        <GateFrame user={user}>
          <PaymentMethodGate />
        </GateFrame>
      );
    case "APP":
      return (
        <AppShell user={user}>
          {children}
          {user.role === "ROLE_PATIENT" && user.accessStatus === "NEEDS_REFERRAL" ? (
            <ReferralNeededModal userId={user.userId} />
          ) : null}
        </AppShell>
      );
  }
}
