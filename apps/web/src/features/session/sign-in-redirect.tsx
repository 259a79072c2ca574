import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LoadingScreen } from "../shell/loading-screen";

/**
 * Sends a signed-out visitor to the login page, which brings them back here after signing in. The way back
 * is the address this screen opened at, taken once: while the login page loads, this screen is still shown
 * and the router already reports the login address; sending that as the way back on each render nested
 * /login?redirect=/login?redirect=… without end and froze the tab.
 */
export function SignInRedirect() {
  const navigate = useNavigate();
  const { href } = useLocation();
  const [redirect] = useState(href);
  useEffect(() => {
    void navigate({ to: "/login", search: { redirect }, replace: true });
  }, [navigate, redirect]);
  return <LoadingScreen />;
}
