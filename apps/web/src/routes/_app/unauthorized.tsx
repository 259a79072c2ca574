import { createFileRoute } from "@tanstack/react-router";
import { UnauthorizedPage } from "../../features/shell/unauthorized-page";

export const Route = createFileRoute("/_app/unauthorized")({ component: UnauthorizedPage });
