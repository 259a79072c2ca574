import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { organizations, prices } from "../schema";
import { assignDefaultProviders } from "./organization-members";

export async function findOrganizationByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
  return row;
}

export async function insertOrganization(db: DbOrTx, name: string, options: { isDefault?: boolean } = {}) {
  const [row] = await db
    .insert(organizations)
    .values({ name, isDefault: options.isDefault ?? false })
    .returning();
  // Spec §5: every organisation has its Standard price from the start; the admin sets its amount.
  await db
    .insert(prices)
    .values({ organizationId: row!.id, description: "Standard", amountCents: 0, standard: true });
  await assignDefaultProviders(db, row!.id);
  return row!;
}

/** The organisation self-registered patients join; undefined until one is marked default. */
export async function findDefaultOrganization(db: DbOrTx) {
  const [row] = await db.select().from(organizations).where(eq(organizations.isDefault, true)).limit(1);
  return row;
}

export async function findOrganizationById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}
