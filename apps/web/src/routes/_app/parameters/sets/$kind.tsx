import { createFileRoute, notFound } from "@tanstack/react-router";
import { isOneOf, PARAMETER_SET_KINDS } from "../../../../features/navigation/parameter-kinds";
import { ComingSoon } from "../../../../features/shell/coming-soon";

export const Route = createFileRoute("/_app/parameters/sets/$kind")({
  beforeLoad: ({ params }) => {
    if (!isOneOf(PARAMETER_SET_KINDS, params.kind)) throw notFound();
  },
  component: ComingSoon,
});
