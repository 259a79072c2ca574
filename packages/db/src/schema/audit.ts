import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** Append-only: who did what to which record (ARCHITECTURE conventions). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    organizationId: uuid("organization_id"),
    actorId: uuid("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    requestId: text("request_id"),
    uiLocation: text("ui_location"),
  },
  (t) => [index("audit_log_org_at_idx").on(t.organizationId, t.at)],
);

/**
 * The hash chain that makes the audit trail tamper-evident: the sealing job (seal_audit_log, every minute, and every
 * few seconds under load) gives each audit row, in the order it finds them committed, a seal whose hash covers the
 * row's content and the previous seal's hash; verify_audit_log (`pnpm audit:verify`) recomputes the chain. Append-only like the trail itself.
 */
export const auditSeals = pgTable("audit_seals", {
  seq: bigint("seq", { mode: "number" }).primaryKey(),
  auditId: bigint("audit_id", { mode: "number" }).notNull().unique(),
  prevHash: text("prev_hash").notNull(),
  hash: text("hash").notNull(),
  sealedAt: timestamp("sealed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const errorLog = pgTable(
  "error_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null for anonymous callers: those rows are visible to super admins only. */
    organizationId: uuid("organization_id"),
    source: text("source").notNull(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    stack: text("stack"),
    path: text("path"),
    role: text("role"),
    status: integer("status"),
    userId: uuid("user_id"),
    requestId: text("request_id"),
  },
  (t) => [index("error_log_at_idx").on(t.at), index("error_log_org_at_idx").on(t.organizationId, t.at)],
);
