import { FilterSearchBar } from "../../components/FilterSearchBar";

export const RECORDS_FILTER_PLACEHOLDER = 'Search term or filter like created > "2022-01-01"...';
export const RECORDS_FILTER_LABEL = "Search records";

/** The records search box: plain text over every field, or a filter with key autocomplete. */
export function RecordsSearchBar({ value, onSubmit, completions }: { value: string; onSubmit: (v: string) => void; completions: string[] }) {
  return (
    <FilterSearchBar
      value={value}
      onSubmit={onSubmit}
      className="searchbar records-searchbar"
      label={RECORDS_FILTER_LABEL}
      landmark="Records"
      placeholder={RECORDS_FILTER_PLACEHOLDER}
      hint="Press Enter to search, / to focus this box. Plain text matches every field; use operators like =, !=, ~, !~, >, >=, <, <= for a filter."
      completions={completions}
    />
  );
}
