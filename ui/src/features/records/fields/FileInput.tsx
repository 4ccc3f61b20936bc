import { useEffect, useMemo, useRef, useState } from "react";
import { Field } from "../../../components/Field";
import { fieldFileToken, fileUrl, useAdminFileToken } from "../../../data/records/fileUrl";
import { addWarningToast } from "../../../lib/toasts";
import { CIcon } from "../../collections/icons";
import { acceptAttr, DEFAULT_THUMB, hasThumb, isImageFile } from "../fileKinds";
import { isMultiple, toList } from "../recordModel";
import { FieldLabel } from "./BasicInputs";
import { acceptFiles, remainingSlots } from "./fileLimits";
import type { FieldInputProps } from "./types";

export interface FileInputExtra {
  uploads: File[];
  deletions: string[];
  onUploads: (files: File[]) => void;
  onDeletions: (names: string[]) => void;
}

function NewFileThumb({ file }: { file: File }) {
  const url = useMemo(() => (isImageFile(file) ? URL.createObjectURL(file) : ""), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url ? <img className="thumb" src={url} alt="" /> : <span className="thumb thumb-file"><CIcon name="file" size={16} /></span>;
}

/** file: stored files (thumb, mark deleted/restore), new uploads (remove), upload by click or drop within the limits. */
export function FileInput({ field, value, record, error, uploads, deletions, onUploads, onDeletions }: FieldInputProps & FileInputExtra) {
  const existing = toList(value);
  const multiple = isMultiple(field);
  const max = multiple ? Number(field.options?.maxSelect ?? 1) : 1;
  const slots = remainingSlots(max, existing.length, deletions.filter((d) => existing.includes(d)).length, uploads.length);
  const token = fieldFileToken(field, useAdminFileToken(!!field.options?.protected && existing.length > 0));
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);

  const add = (files: File[]) => {
    // dropping stops at maxSelect: existing minus deleted plus new
    const { accepted, rejected } = acceptFiles(files, { slots, maxSize: field.options?.maxSize as number, mimeTypes: field.options?.mimeTypes });
    for (const r of rejected) addWarningToast(r);
    if (accepted.length) onUploads([...uploads, ...accepted]);
  };

  const disabled = slots <= 0;

  return (
    <Field name={field.name} label={<FieldLabel name={field.name} type="file" />} required={field.required} error={error}>
      {(p) => (
        <div
          className={`file-input${dragOver ? " drag-over" : ""}`}
          onDragOver={(e) => {
            e.preventDefault();
            if (!disabled) setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setDragOver(false);
            if (!disabled) add(Array.from(e.dataTransfer.files));
          }}
        >
          <ul className="file-list" aria-label={`Files of ${field.name}`}>
            {existing.map((name) => {
              const deleted = deletions.includes(name);
              return (
                <li key={name} className={`file-item${deleted ? " deleted" : ""}`}>
                  {hasThumb(name) && token !== null ? <img className="thumb" src={fileUrl(record, name, { thumb: DEFAULT_THUMB, token })} alt="" /> : <span className="thumb thumb-file"><CIcon name="file" size={16} /></span>}
                  <a className="file-name" href={token !== null ? fileUrl(record, name, { token }) : undefined} target="_blank" rel="noreferrer noopener">
                    {name}
                  </a>
                  {deleted ? (
                    <button type="button" className="btn btn-sm btn-secondary" onClick={() => onDeletions(deletions.filter((d) => d !== name))}>
                      Restore
                    </button>
                  ) : (
                    <button type="button" className="btn-icon btn-sm" aria-label={`Remove ${name}`} onClick={() => onDeletions([...deletions, name])}>
                      <CIcon name="trash" size={15} />
                    </button>
                  )}
                </li>
              );
            })}
            {uploads.map((file, i) => (
              <li key={`${file.name}-${i}`} className="file-item file-item-new">
                <NewFileThumb file={file} />
                <span className="file-name">{file.name}</span>
                <span className="label label-success">New</span>
                <button type="button" className="btn-icon btn-sm" aria-label={`Remove new file ${file.name}`} onClick={() => onUploads(uploads.filter((_, j) => j !== i))}>
                  <CIcon name="close" size={15} />
                </button>
              </li>
            ))}
          </ul>
          {/* only opened by the button below (which the field label names), so kept out of the accessibility tree */}
          <input
            ref={input}
            className="visually-hidden"
            type="file"
            multiple={multiple}
            accept={acceptAttr(field.options?.mimeTypes)}
            disabled={disabled}
            aria-hidden="true"
            tabIndex={-1}
            onChange={(e) => {
              add(Array.from(e.target.files ?? []));
              e.target.value = "";
            }}
          />
          <button
            id={p.id}
            type="button"
            className="btn btn-sm btn-secondary file-upload-btn"
            aria-label={`Upload new file to ${field.name}`}
            aria-describedby={p["aria-describedby"]}
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            <CIcon name="plus" size={15} /> Upload new file
          </button>
          <span className="txt-hint file-drop-hint">or drop files here</span>
        </div>
      )}
    </Field>
  );
}
