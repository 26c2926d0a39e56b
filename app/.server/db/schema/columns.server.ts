import { type AnyPgColumn, customType, timestamp, uuid } from "drizzle-orm/pg-core";

/** Columns every area writes the same way. */

/** A moment, always with its time zone. */
export const timestampTz = <TName extends string>(name: TName) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestampTz("created_at").notNull().defaultNow();
export const updatedAt = () => timestampTz("updated_at").notNull().defaultNow();

/** A row's own id, drawn at random by the database. */
export const randomId = () => uuid("id").primaryKey().defaultRandom();

/** The row's parent: required, and the row goes when its parent goes. */
export const belongsTo = <TName extends string>(name: TName, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: "cascade" });

/** A side table's key: at most one row per parent, gone with it. */
export const sideOf = <TName extends string>(name: TName, parent: () => AnyPgColumn) =>
  uuid(name).primaryKey().references(parent, { onDelete: "cascade" });

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both answer a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A profile photo's columns (members' and coaches' alike): its random id, the URL's name, and the WebP. */
export const photoColumns = () => ({
  photoId: uuid("photo_id").notNull(),
  webp: bytea("webp").notNull(),
  createdAt: createdAt(),
});
