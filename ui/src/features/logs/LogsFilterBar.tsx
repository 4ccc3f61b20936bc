import { FilterSearchBar } from "../../components/FilterSearchBar";
import { LOG_FILTER_KEYS } from "./logFilter";

export const LOGS_FILTER_PLACEHOLDER = 'Search term or filter like level > 0 && data.auth = "guest"';
export const LOGS_FILTER_LABEL = "Search logs";

/** The logs search box: plain text over level, message and data, or a filter with key autocomplete. */
export function LogsFilterBar({ value, onSubmit }: { value: string; onSubmit: (v: string) => void }) {
  return (
    <FilterSearchBar
      value={value}
      onSubmit={onSubmit}
      className="searchbar"
      label={LOGS_FILTER_LABEL}
      landmark="Logs"
      placeholder={LOGS_FILTER_PLACEHOLDER}
      hint="Press Enter to search, / to focus this box. Plain text matches level, message and data; use operators like =, !=, ~, !~, >, >=, <, <= for a filter."
      completions={LOG_FILTER_KEYS}
    />
  );
}
