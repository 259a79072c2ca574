import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { organizations } from "../schema";

export async function findOrganizationByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
  return row;
}

export async function insertOrganization(db: DbOrTx, name: string) {
  const [row] = await db.insert(organizations).values({ name }).returning();
  return row!;
}
