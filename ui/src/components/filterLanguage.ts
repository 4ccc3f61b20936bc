import { StreamLanguage, type StringStream } from "@codemirror/language";

/** The tokens of a PocketBase filter or rule, for syntax colours (classHighlighter's tok-* classes). */
function token(stream: StringStream): string | null {
  if (stream.eatSpace()) return null;
  const quote = stream.peek();
  if (quote === "'" || quote === '"') {
    stream.next();
    let escaped = false;
    for (let ch = stream.next(); ch !== undefined; ch = stream.next()) {
      if (ch === quote && !escaped) break;
      escaped = !escaped && ch === "\\";
    }
    return "string";
  }
  if (stream.match(/^-?\d+(\.\d+)?/)) return "number";
  if (stream.match(/^@[\w.:]+/)) return "variableName.special";
  if (stream.match(/^(true|false|null)\b/)) return "atom";
  if (stream.match(/^[\w.:]+/)) return "propertyName";
  if (stream.match(/^(&&|\|\||\?!=|\?!~|\?>=|\?<=|\?=|\?~|\?>|\?<|!=|!~|>=|<=|=|~|>|<)/)) return "operator";
  if (stream.match(/^[()]/)) return "bracket";
  stream.next();
  return null;
}

export const filterLanguage = StreamLanguage.define({ name: "pbfilter", token });
