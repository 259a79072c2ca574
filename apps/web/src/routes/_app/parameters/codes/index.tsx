import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/parameters/codes/")({
  beforeLoad: () => {
    throw redirect({ to: "/parameters/codes/$kind", params: { kind: "conditions" }, replace: true });
  },
});
