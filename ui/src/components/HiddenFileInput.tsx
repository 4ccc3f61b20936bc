import type { Ref } from "react";

/** A file input kept out of sight and out of the tab order; a visible button opens it via ref.click(). */
export function HiddenFileInput({ ref, accept, onFile }: { ref: Ref<HTMLInputElement>; accept: string; onFile: (file: File) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      aria-hidden="true"
      tabIndex={-1}
      onChange={(e) => {
        const file = e.target.files?.[0];
        if (file) onFile(file);
      }}
    />
  );
}
