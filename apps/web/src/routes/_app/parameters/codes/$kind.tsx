import { CODE_KINDS, kindOfSlug } from "@fizio/domain";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { parseListSearch } from "../../../../features/lists/list-search";
import { CodesPage } from "../../../../features/parameters/codes-page";

export const Route = createFileRoute("/_app/parameters/codes/$kind")({
  validateSearch: parseListSearch,
  beforeLoad: ({ params }) => {
    if (!kindOfSlug(CODE_KINDS, params.kind)) throw notFound();
  },
  component: Codes,
});

function Codes() {
  const navigate = Route.useNavigate();
  const kind = kindOfSlug(CODE_KINDS, Route.useParams().kind)!;
  return (
    <CodesPage
      key={kind}
      kind={kind}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
