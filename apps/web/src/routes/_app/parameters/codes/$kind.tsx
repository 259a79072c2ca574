import { createFileRoute, notFound } from "@tanstack/react-router";
import { CODE_KINDS, isOneOf } from "../../../../features/navigation/parameter-kinds";
import { ComingSoon } from "../../../../features/shell/coming-soon";

export const Route = createFileRoute("/_app/parameters/codes/$kind")({
  beforeLoad: ({ params }) => {
    if (!isOneOf(CODE_KINDS, params.kind)) throw notFound();
  },
  component: ComingSoon,
});
