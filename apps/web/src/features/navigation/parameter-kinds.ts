import {
  CODE_KINDS as CODE_KIND_NAMES,
  kindSlug,
  PARAMETER_SET_KINDS as SET_KIND_NAMES,
} from "@fizio/domain";

/** Spec §2: the sub-paths of /parameters/sets and /parameters/codes (the domain's kinds as URL segments). */
export const PARAMETER_SET_KINDS = SET_KIND_NAMES.map(kindSlug);
export const CODE_KINDS = CODE_KIND_NAMES.map(kindSlug);
