import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/parameters/sets/")({
  beforeLoad: () => {
    throw redirect({ to: "/parameters/sets/$kind", params: { kind: "credentials" }, replace: true });
  },
});
