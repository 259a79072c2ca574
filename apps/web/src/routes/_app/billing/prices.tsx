import { createFileRoute } from "@tanstack/react-router";
import { PricesPage } from "../../../features/billing/prices-page";

export const Route = createFileRoute("/_app/billing/prices")({ component: PricesPage });
