import { describe, expect, it } from "vitest";
import { cronError, parseCron } from "./cron.js";

const FORMAT = "Invalid cron expression - must be a valid macro or to have exactly 5 space separated segments.";
const VALUE = "Invalid segment value - must be between the min and max of the segment.";
const STEP_ONLY = "Invalid segement step - step > 1 could be used only with the wildcard or range format.";

// Messages as the reference answers them (PATCH /api/settings backups.cron).
const CASES: [string, string | null][] = [
  ["@yearly", null], ["@annually", null], ["@monthly", null], ["@weekly", null], ["@daily", null], ["@midnight", null], ["@hourly", null],
  ["* * * * *", null], ["0 0 31 2 *", null], ["0-59/15 * * * *", null], ["5/1 * * * *", null], ["+1 * * * *", null], ["01 * * * *", null],
  ["1-+2 * * * *", null], ["*,* * * * *", null], ["59-59 * * * *", null], ["0 0 1 1 0", null],
  ["@DAILY", FORMAT], ["@every 1h", FORMAT], ["@reboot", FORMAT], ["bad", FORMAT], ["* * * * * *", FORMAT], [" 0 0 * * *", FORMAT],
  ["0  0 * * *", FORMAT], ["*\t* * * *", FORMAT], ["@weekly ", FORMAT],
  ["60 * * * *", VALUE], ["0 24 * * *", VALUE], ["0 0 0 * *", VALUE], ["0 0 * 13 *", VALUE], ["0 0 * * 7", VALUE], ["60/1 * * * *", VALUE],
  ["*/1,60 * * * *", VALUE], ["60,a * * * *", VALUE],
  ["a/2 * * * *", STEP_ONLY], ["60/2 * * * *", STEP_ONLY], ["/2 * * * *", STEP_ONLY], ["**/2 * * * *", STEP_ONLY],
  ["*/0 * * * *", "Invalid segment step boundary - the step must be between 1 and the 59."],
  ["0 */24 * * *", "Invalid segment step boundary - the step must be between 1 and the 23."],
  ["* * */32 * *", "Invalid segment step boundary - the step must be between 1 and the 31."],
  ["* * * * */7", "Invalid segment step boundary - the step must be between 1 and the 6."],
  ["30-20/0 * * * *", "Invalid segment step boundary - the step must be between 1 and the 59."],
  ["5-1 * * * *", "Invalid segment range maximum - must be between 5 and 59."],
  ["0-60 * * * *", "Invalid segment range maximum - must be between 0 and 59."],
  ["* * * * 1-7", "Invalid segment range maximum - must be between 1 and 6."],
  ["* * 0-5 * *", "Invalid segment range minimum - must be between 1 and 31."],
  ["70-a * * * *", "Invalid segment range minimum - must be between 0 and 59."],
  ["1-2-3 * * * *", "Invalid segment range format - the range must have 1 or 2 parts."],
  ["*/5/2 * * * *", "Invalid segment step format - must be in the format */n or 1-30/n."],
  ["*/5 1-3,5 * JAN MON", 'Strconv.Atoi: parsing "JAN": invalid syntax.'],
  ["1,2,,3 * * * *", 'Strconv.Atoi: parsing "": invalid syntax.'],
  ["-5 * * * *", 'Strconv.Atoi: parsing "": invalid syntax.'],
  ["*-5 * * * *", 'Strconv.Atoi: parsing "*": invalid syntax.'],
  ["+ * * * *", 'Strconv.Atoi: parsing "+": invalid syntax.'],
  ["0x1 * * * *", 'Strconv.Atoi: parsing "0x1": invalid syntax.'],
  ['"x * * * *', 'Strconv.Atoi: parsing "\\"x": invalid syntax.'],
  ["\\x * * * *", 'Strconv.Atoi: parsing "\\\\x": invalid syntax.'],
  ["a\tb * * * *", 'Strconv.Atoi: parsing "a\\tb": invalid syntax.'],
  ["99999999999999999999 * * * *", 'Strconv.Atoi: parsing "99999999999999999999": value out of range.'],
  ["99999999999999999999a * * * *", 'Strconv.Atoi: parsing "99999999999999999999a": value out of range.'],
];

describe("cron validation", () => {
  it.each(CASES)("%j", (expr, message) => expect(cronError(expr)).toBe(message));

  it("expands lists, ranges and steps", () => {
    const [minutes, hours, days, months, weekdays] = parseCron("*/20 1-3,5 */10 6 0-6/3");
    expect([...minutes]).toEqual([0, 20, 40]);
    expect([...hours]).toEqual([1, 2, 3, 5]);
    expect([...days]).toEqual([1, 11, 21, 31]);
    expect([...months]).toEqual([6]);
    expect([...weekdays]).toEqual([0, 3, 6]);
  });
});
