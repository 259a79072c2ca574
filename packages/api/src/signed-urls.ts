import type { UserRow } from "@fizio/db";
import { AppError, SHARED_LIBRARY_PREFIXES, VIEW_URL_TTL_SECONDS } from "@fizio/domain";
import { isKeyUnder, organizationPrefix, type Storage } from "@fizio/storage";
import { OrganizationDeniedError } from "./access";

/**
 * Whose objects a link may be minted for: the organisation's own prefix and the shared library. Signed in, it
 * is the caller's organisation (`scopeOf(ctx.user)`); on a public route, the organisation the server resolved.
 */
export interface SigningScope {
  organizationId: string;
  /** Who asked, so a refusal is audited as theirs; null on a public route. */
  actor: UserRow | null;
}

export const scopeOf = (user: UserRow): SigningScope => ({
  organizationId: user.organizationId,
  actor: user,
});

/** The organisation a key's prefix names, for the audit of a refusal ("" when it names none). */
const organizationOfKey = (key: string) => /^orgs\/([^/]+)\//.exec(key)?.[1] ?? "";

/**
 * FIZ415 for a key outside the scope's organisation and the shared library: a record pointing at another
 * organisation's object (or at no plain key) never becomes a link, whatever check before it missed.
 */
function assertInScope(scope: SigningScope, key: string): void {
  if (isKeyUnder(key, [organizationPrefix(scope.organizationId), ...SHARED_LIBRARY_PREFIXES])) return;
  if (scope.actor)
    throw new OrganizationDeniedError(scope.actor, "storage_object", key, organizationOfKey(key));
  throw new AppError("FIZ415");
}

/**
 * A short-lived GET URL for an object the caller was allowed to see; null when there is no object. The only
 * place in the API that signs a GET: the scope is required, so no call site can forget it.
 */
export async function viewUrl(
  storage: Storage,
  scope: SigningScope,
  key: string | null | undefined,
  options?: { downloadAs?: string },
): Promise<string | null> {
  if (!key) return null;
  assertInScope(scope, key);
  try {
    return await storage.getSignedGetUrl(key, VIEW_URL_TTL_SECONDS, options);
  } catch (error) {
    throw new AppError("FIZ304", {}, { cause: error });
  }
}

/** When the URLs handed out now stop working, so the client knows when to ask again. */
export const viewUrlsExpireAt = () => new Date(Date.now() + VIEW_URL_TTL_SECONDS * 1000);
