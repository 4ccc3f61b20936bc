let warmed = false;

/**
 * Lays out one hidden date-time input, once per page. Chromium builds the first
 * `datetime-local` input of a document slowly (~50 ms: its localized date formats) and every
 * later one in ~1 ms, so this runs in idle time before a record panel with a date field opens,
 * instead of inside the click that opens it.
 */
export function warmDateInputs(): void {
  if (warmed) return;
  warmed = true;
  const input = document.createElement("input");
  input.type = "datetime-local";
  input.step = "1";
  input.value = "2000-01-01T00:00:00";
  input.tabIndex = -1;
  input.setAttribute("aria-hidden", "true");
  input.style.cssText = "position:fixed;left:-9999px;top:0;opacity:0;pointer-events:none";
  document.body.appendChild(input);
  input.getBoundingClientRect(); // the layout is what builds the formats
  input.remove();
}
