import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../features/shell/coming-soon";

export const Route = createFileRoute("/_app/templates/treatment-plans")({ component: ComingSoon });
