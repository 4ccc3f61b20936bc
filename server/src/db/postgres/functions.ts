import type { Queryable } from "../types.js";

/**
 * The SQL functions the query builders rely on to answer as SQLite does (queryDialect.ts). JSON
 * is stored as TEXT exactly as SQLite holds it, so every read parses it here, and text that is
 * not JSON never raises (SQLite's json_valid() is false for it). Values read from JSON are "SQLite
 * values": a jsonb number or string, SQL NULL for null (true/false read as 1/0, arrays and
 * objects as their minified JSON text, as json_extract and json_each answer).
 */
const FUNCTIONS = String.raw`
-- The text as jsonb, NULL when it is no JSON. Text that cannot start JSON is turned away at
-- once; the rest is cast under a handler (measured: cheaper per row than proving it valid with a
-- regular expression first; PostgreSQL 15 has no pg_input_is_valid). The handler starts a
-- subtransaction, which a parallel worker may not: this function and every one that calls it
-- are PARALLEL RESTRICTED.
CREATE OR REPLACE FUNCTION cairn_jsonb(t text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL RESTRICTED AS $$
BEGIN
  IF t IS NULL OR t !~ '^[ \t\n\r]*[-\[{"0-9tfn]' THEN RETURN NULL; END IF;
  RETURN t::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION cairn_json_valid(t text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED AS $$
  SELECT CASE WHEN t IS NULL THEN NULL ELSE cairn_jsonb(t) IS NOT NULL END
$$;

-- JSON text as SQLite's json_extract writes an array or object: minified.
-- (plpgsql: a SQL function may not call itself when it is created.)
CREATE OR REPLACE FUNCTION cairn_json_text(j jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  RETURN CASE jsonb_typeof(j)
    WHEN 'array' THEN '[' || COALESCE((SELECT string_agg(cairn_json_text(e), ',' ORDER BY n) FROM jsonb_array_elements(j) WITH ORDINALITY AS a(e, n)), '') || ']'
    WHEN 'object' THEN '{' || COALESCE((SELECT string_agg(to_json(k)::text || ':' || cairn_json_text(v), ',') FROM jsonb_each(j) AS o(k, v)), '') || '}'
    ELSE j::text END;
END $$;

-- A JSON value as SQLite reads it into SQL.
CREATE OR REPLACE FUNCTION cairn_sv(j jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE jsonb_typeof(j)
    WHEN 'null' THEN NULL
    WHEN 'boolean' THEN CASE WHEN j = 'true'::jsonb THEN '1'::jsonb ELSE '0'::jsonb END
    WHEN 'array' THEN to_jsonb(cairn_json_text(j))
    WHEN 'object' THEN to_jsonb(cairn_json_text(j))
    ELSE j END
$$;

-- A bound REAL: kept a real (5 is 5.0) so that reading it as text gives SQLite's "5.0".
CREATE OR REPLACE FUNCTION cairn_real(f float8) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN f = trunc(f) THEN to_jsonb(f::numeric + 0.0) ELSE to_jsonb(f) END
$$;

-- A number column's value as SQLite holds it: an integer when it is one (numeric affinity), else a REAL.
CREATE OR REPLACE FUNCTION cairn_num(f float8) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN f = trunc(f) AND abs(f) < 9.2e18 THEN to_jsonb(f::numeric) ELSE cairn_real(f) END
$$;

-- A SQLite value's number, NULL for text (a sort key).
CREATE OR REPLACE FUNCTION cairn_number(v jsonb) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'number' THEN v::numeric END
$$;

-- The value at a path of a JSON field's text; text that is no JSON is one string.
-- (plpgsql: a SQL function that cannot be inlined is planned on every call.)
CREATE OR REPLACE FUNCTION cairn_field_value(c text, path text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL RESTRICTED AS $$
DECLARE
  j jsonb := cairn_jsonb(c);
BEGIN
  IF j IS NOT NULL THEN RETURN cairn_sv(j #> path); END IF;
  IF cardinality(path) = 0 THEN RETURN to_jsonb(c); END IF;
  RETURN NULL;
END $$;

-- The value at a path of a column's JSON text; NULL when it holds no JSON (as cairn_jsonb(c) #> path).
-- The text is read as json, not jsonb: walking it to one key costs about half of building the
-- whole jsonb (a filter reads a key per row). cairn_sv is written out: plpgsql evaluates the read
-- once, where a SQL function would not be inlined around it and cost a call per row.
CREATE OR REPLACE FUNCTION cairn_key_value(c text, path text[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL RESTRICTED AS $$
DECLARE
  j jsonb;
BEGIN
  IF c IS NULL OR c !~ '^[ \t\n\r]*[-\[{"0-9tfn]' THEN RETURN NULL; END IF;
  BEGIN
    j := (c::json #> path)::jsonb;
  EXCEPTION WHEN others THEN
    RETURN NULL;
  END;
  CASE jsonb_typeof(j)
    WHEN 'string', 'number' THEN RETURN j;
    WHEN 'null' THEN RETURN NULL;
    WHEN 'boolean' THEN RETURN CASE WHEN j = 'true'::jsonb THEN '1'::jsonb ELSE '0'::jsonb END;
    ELSE RETURN CASE WHEN j IS NULL THEN NULL ELSE to_jsonb(cairn_json_text(j)) END;
  END CASE;
END $$;

-- One row per value a single- or multi-value column holds (json_each over the array, or the text itself).
-- (plpgsql, not an inlined SQL function: inlined into deep relation paths it made plans explode.)
CREATE OR REPLACE FUNCTION cairn_each(c text) RETURNS SETOF jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL RESTRICTED ROWS 4 AS $$
DECLARE
  j jsonb := cairn_jsonb(c);
BEGIN
  IF j IS NULL THEN
    RETURN NEXT to_jsonb(c);
  ELSIF jsonb_typeof(j) = 'array' THEN
    RETURN QUERY SELECT cairn_sv(e) FROM jsonb_array_elements(j) WITH ORDINALITY AS a(e, n) ORDER BY n;
  ELSIF jsonb_typeof(j) = 'object' THEN
    RETURN QUERY SELECT cairn_sv(v) FROM jsonb_each(j) AS o(k, v);
  ELSE
    RETURN NEXT cairn_sv(j);
  END IF;
END $$;

-- How many values a column holds: its JSON array's length; '' and NULL none; other text one.
CREATE OR REPLACE FUNCTION cairn_count(c text) RETURNS bigint LANGUAGE plpgsql IMMUTABLE PARALLEL RESTRICTED AS $$
DECLARE
  j jsonb := cairn_jsonb(c);
BEGIN
  IF j IS NULL THEN RETURN CASE WHEN c IS NULL OR c = '' THEN 0 ELSE 1 END; END IF;
  RETURN CASE WHEN jsonb_typeof(j) = 'array' THEN jsonb_array_length(j) ELSE 0 END;
END $$;

-- A REAL as SQLite prints it (%!.15g: 15 significant digits, always a decimal point).
CREATE OR REPLACE FUNCTION cairn_real_text(f float8) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
SET extra_float_digits = 0 AS $$
DECLARE
  s text;
BEGIN
  IF f = trunc(f) AND abs(f) < 1e15 THEN RETURN trunc(f)::numeric::text || '.0'; END IF;
  s := f::text;
  IF s ~ 'e' AND s !~ '\.' THEN s := regexp_replace(s, 'e', '.0e'); END IF;
  RETURN s;
END $$;

-- A SQLite value as text (what LIKE, || and text affinity read).
CREATE OR REPLACE FUNCTION cairn_text(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE jsonb_typeof(v)
    WHEN 'string' THEN v #>> '{}'
    WHEN 'number' THEN CASE WHEN v::text ~ '[.eE]' THEN cairn_real_text(v::float8) ELSE v::text END
    ELSE cairn_json_text(v) END
$$;

-- Numeric affinity: text that reads as a number becomes that number.
CREATE OR REPLACE FUNCTION cairn_num_aff(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'string' AND (v #>> '{}') ~ '^[ \t\n\r]*[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?[ \t\n\r]*$'
    THEN to_jsonb(btrim(v #>> '{}', E' \t\n\r')::numeric) ELSE v END
$$;

-- Text affinity: a number becomes its text.
CREATE OR REPLACE FUNCTION cairn_text_aff(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'number' THEN to_jsonb(cairn_text(v)) ELSE v END
$$;

-- SQLite's order of two values: numbers before text, numbers by value, text by bytes; NULL with NULL.
CREATE OR REPLACE FUNCTION cairn_cmp(a jsonb, b jsonb) RETURNS int LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  ta text := jsonb_typeof(a);
  tb text := jsonb_typeof(b);
BEGIN
  IF a IS NULL OR b IS NULL THEN RETURN NULL; END IF;
  IF ta = 'number' AND tb = 'number' THEN
    RETURN CASE WHEN a::numeric < b::numeric THEN -1 WHEN a::numeric > b::numeric THEN 1 ELSE 0 END;
  END IF;
  IF ta = 'number' THEN RETURN -1; END IF;
  IF tb = 'number' THEN RETURN 1; END IF;
  RETURN CASE WHEN (a #>> '{}') COLLATE "C" < (b #>> '{}') COLLATE "C" THEN -1 WHEN (a #>> '{}') = (b #>> '{}') THEN 0 ELSE 1 END;
END $$;

-- SQLite's IS: NULL is NULL, otherwise equal values. Two strings are equal when their bytes are
-- (jsonb's equality), the common case answered without cairn_cmp's call.
CREATE OR REPLACE FUNCTION cairn_is(a jsonb, b jsonb) RETURNS boolean LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF a IS NULL OR b IS NULL THEN RETURN a IS NULL AND b IS NULL; END IF;
  IF jsonb_typeof(a) = 'string' AND jsonb_typeof(b) = 'string' THEN RETURN a = b; END IF;
  RETURN cairn_cmp(a, b) = 0;
END $$;

-- SQLite's LIKE ... ESCAPE '\': ASCII letters fold case (lower() under the C collation folds
-- ASCII only, ~10× cheaper than translate()); a pattern ending in a lone escape matches nothing.
CREATE OR REPLACE FUNCTION cairn_like(v text, p text) RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN v IS NULL OR p IS NULL THEN NULL
    WHEN p ~ '(^|[^\\])(\\\\)*\\$' THEN false
    ELSE lower(v COLLATE "C") LIKE lower(p COLLATE "C") ESCAPE '\'
  END
$$;
`;

/**
 * Creates (or replaces) the query functions: idempotent, safe for several nodes at once (an
 * advisory lock for the statement's implicit transaction). The adapter's schema setup calls it.
 */
export async function installQueryFunctions(q: Queryable): Promise<void> {
  await q.exec(`SELECT pg_advisory_xact_lock(hashtext('cairn_query_functions'));\n${FUNCTIONS}`);
}
