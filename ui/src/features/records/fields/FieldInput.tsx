import { BoolInput, NumberInput, TextInput } from "./BasicInputs";
import { DateInput } from "./DateInput";
import { EditorInput } from "./EditorInput";
import { FileInput, type FileInputExtra } from "./FileInput";
import { JsonInput } from "./JsonInput";
import { RelationInput } from "./RelationInput";
import { SelectInput } from "./SelectInput";
import type { FieldInputProps } from "./types";

/** One input per schema field type. */
export function FieldInput(props: FieldInputProps & { files: FileInputExtra }) {
  const { files, ...p } = props;
  switch (p.field.type) {
    case "number":
      return <NumberInput {...p} />;
    case "bool":
      return <BoolInput {...p} />;
    case "date":
      return <DateInput {...p} />;
    case "select":
      return <SelectInput {...p} />;
    case "json":
      return <JsonInput {...p} />;
    case "file":
      return <FileInput {...p} {...files} />;
    case "relation":
      return <RelationInput {...p} />;
    case "editor":
      return <EditorInput {...p} />;
    default:
      return <TextInput {...p} />;
  }
}
