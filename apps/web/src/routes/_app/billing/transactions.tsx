import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../features/shell/coming-soon";

export const Route = createFileRoute("/_app/billing/transactions")({ component: ComingSoon });
