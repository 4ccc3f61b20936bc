import { isView, type CollectionModel } from "../models/collection.js";
import type { JsonSchema } from "./fieldSchemas.js";

/** The export and import endpoints of one collection (Cairn's own; see records/export.ts, records/import.ts). */
export function recordTransferPaths(c: CollectionModel, names: { record: string; create: string }, ruleText: (rule: string | null) => string): Record<string, Record<string, unknown>> {
  const base = `/api/collections/${c.name}/records`;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const param = (name: string, schema: JsonSchema, description: string) => ({ name, in: "query", required: false, schema, description });
  const errors = { "400": { $ref: "#/components/responses/BadRequest" }, "403": { $ref: "#/components/responses/Forbidden" }, "404": { $ref: "#/components/responses/NotFound" } };
  const paths: Record<string, Record<string, unknown>> = {
    [`${base}/export`]: {
      get: {
        tags: [c.name],
        summary: `Export ${c.name} records (CSV or JSON, streamed)`,
        description: `Every record the list would page through with this filter and sort, in one streamed download. ${ruleText(c.listRule)}`,
        operationId: `${c.name}.export`,
        parameters: [
          param("format", { enum: ["csv", "json"], default: "csv" }, "`csv` (RFC 4180, a header row; multi-values and objects as JSON text) or `json` (an array of records)."),
          param("filter", { type: "string" }, "Filter expression, as for the list."),
          param("sort", { type: "string" }, "Sort fields, as for the list."),
          param("fields", { type: "string" }, "Fields to include (the CSV columns, in this order)."),
        ],
        responses: {
          "200": {
            description: "The records.",
            content: { "text/csv": { schema: { type: "string" } }, "application/json": { schema: { type: "array", items: ref(names.record) } } },
          },
          ...errors,
        },
      },
    },
  };
  if (isView(c)) return paths;
  const error = { type: "object", properties: { code: { type: "integer" }, message: { type: "string" }, data: { type: "object" } }, required: ["code", "message", "data"] };
  const result = {
    oneOf: [
      { type: "object", properties: { row: { type: "integer" }, id: { type: "string" } }, required: ["row", "id"] },
      { type: "object", properties: { row: { type: "integer" }, error }, required: ["row", "error"] },
    ],
  };
  paths[`${base}/import`] = {
    post: {
      tags: [c.name],
      summary: `Import ${c.name} records`,
      description:
        "Creates a record per row, each validated as a create (file fields cannot be imported). Rows are created in batches of 500 per transaction, the valid ones kept; with `atomic`, all in one transaction and none kept when a row fails. " +
        ruleText(c.createRule),
      operationId: `${c.name}.import`,
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: { rows: { type: "array", minItems: 1, maxItems: 100000, items: ref(names.create) }, atomic: { type: "boolean", default: false } },
              required: ["rows"],
            },
          },
        },
      },
      responses: {
        "200": {
          description: "One result per row, in order.",
          content: {
            "application/json": {
              schema: { type: "object", properties: { imported: { type: "integer" }, failed: { type: "integer" }, results: { type: "array", items: result } }, required: ["imported", "failed", "results"] },
            },
          },
        },
        ...errors,
      },
    },
  };
  return paths;
}
