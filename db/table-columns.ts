// Column lists for the raw SQL that stays hand-written for speed (the
// json_to_recordset inserts of ingest-writer.ts, the COPY of ingest-copy.ts),
// derived from the drizzle schema once, at module load: a column added to
// db/schema.ts joins every list by itself, and the row types of
// ingest-rows.ts make the compiler ask for its value. Identity columns are
// left out: the database numbers them.
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/** The columns an INSERT of `table` writes, in schema order: its property key and the column. */
export type InsertColumn = { key: string; column: PgColumn };

export type InsertColumns = {
  columns: InsertColumn[];
  /** `"run_id", "span_id", …`: the INSERT's (and COPY's) column list. */
  names: SQL;
  /** The same list as text, for statements built outside drizzle (COPY). */
  namesText: string;
  /** `"runId" text, "spanId" text, …`: json_to_recordset's definition of rows keyed by property. */
  recordset: SQL;
};

/** Every column but identity ones, or only `keys` (still in schema order). */
export function insertColumnsOf<T extends PgTable>(
  table: T,
  keys?: readonly (keyof T["$inferInsert"] & string)[],
): InsertColumns {
  const columns = Object.entries(getTableColumns(table))
    .filter(([key, column]) =>
      keys ? (keys as readonly string[]).includes(key) : !column.generatedIdentity && !column.generated,
    )
    .map(([key, column]) => ({ key, column: column as PgColumn }));
  const namesText = columns.map(({ column }) => quote(column.name)).join(", ");
  return {
    columns,
    names: sql.raw(namesText),
    namesText,
    recordset: sql.raw(columns.map(({ key, column }) => `${quote(key)} ${column.getSQLType()}`).join(", ")),
  };
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
