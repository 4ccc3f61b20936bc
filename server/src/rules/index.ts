/** API rules: the record field resolver and rule checks, built on the filter engine. */
export { MAX_RELATION_DEPTH, recordResolver, type RecordResolverOptions } from "./recordResolver.js";
export { exportAuthRecord, staticRequestMap, type AuthInfo, type RequestInfo } from "./requestInfo.js";
export { ALLOW_ALL, checkAdminOnlyFields, compileRule, prepareRuleCheck, ruleAllows, type RuleCheckOptions, type RuleSql } from "./rules.js";
