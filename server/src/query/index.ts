/** The filter engine's public surface. */
export type { Condition, Expr, Logical, Operand } from "./ast.js";
export { GENERIC_MESSAGE, QueryError, queryError } from "./errors.js";
export { compileFilter, filterToSql, jsonValues, type FilterSql, type FilterSqlOptions } from "./filterSql.js";
export { isValidIdentifier, SIGN_OPERATORS, tokenize, type SignOperator, type Token } from "./lexer.js";
export { likePattern } from "./like.js";
export { buildListSql, runList, type ListOptions, type ListSql } from "./list.js";
export { isMacro, MACRO_NAMES, macroValue } from "./macros.js";
export { DEFAULT_PER_PAGE, MAX_PER_PAGE, parsePagination, type Pagination } from "./pagination.js";
export { parseFilter, PARSE_DEFAULTS, type ParseOptions } from "./parser.js";
export { compileSort, parseSort, sortToSql, type SortField, type SortSql } from "./sort.js";
export { tableResolver, type TableResolverOptions } from "./tableResolver.js";
export type { FieldResolver, JoinClause, ListQuery, ListResult, ResolvedField, SqlFragment } from "./types.js";
