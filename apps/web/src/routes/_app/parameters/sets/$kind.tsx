import { kindOfSlug, PARAMETER_SET_KINDS } from "@fizio/domain";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { parseListSearch } from "../../../../features/lists/list-search";
import { ParameterSetPage } from "../../../../features/parameters/parameter-set-page";

export const Route = createFileRoute("/_app/parameters/sets/$kind")({
  validateSearch: parseListSearch,
  beforeLoad: ({ params }) => {
    if (!kindOfSlug(PARAMETER_SET_KINDS, params.kind)) throw notFound();
  },
  component: ParameterSet,
});

function ParameterSet() {
  const navigate = Route.useNavigate();
  const kind = kindOfSlug(PARAMETER_SET_KINDS, Route.useParams().kind)!;
  return (
    <ParameterSetPage
      key={kind}
      kind={kind}
      search={Route.useSearch()}
      onSearchChange={(search) => navigate({ search, replace: true })}
    />
  );
}
