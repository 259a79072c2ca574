import { isoDateSchema } from "@fizio/domain";
import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ProviderActivity } from "../../../features/reports/provider-activity";
import { PageHeader } from "../../../features/shell/page-header";

const searchSchema = z.object({
  from: isoDateSchema.optional().catch(undefined),
  to: isoDateSchema.optional().catch(undefined),
});

export const Route = createFileRoute("/_app/reports/provider-activity")({
  validateSearch: searchSchema,
  component: Report,
});

function Report() {
  const { t } = useTranslation();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageHeader title={t("nav.reports")} />
      <ProviderActivity
        search={Route.useSearch()}
        onSearchChange={(search) => navigate({ search, replace: true })}
      />
    </>
  );
}
