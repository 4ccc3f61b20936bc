import { mimeAllowed } from "../fileKinds";

export const DEFAULT_FILE_MAX_SIZE = 5242880;

/** How many more files the field takes: maxSelect minus (existing - deleted + new). */
export function remainingSlots(maxSelect: number, existing: number, deleted: number, added: number): number {
  return Math.max(0, Math.max(1, maxSelect || 1) - (existing - deleted + added));
}

/** Splits dropped/picked files into accepted ones (up to the free slots) and rejection messages. */
export function acceptFiles(files: File[], opts: { slots: number; maxSize?: number; mimeTypes?: unknown }): { accepted: File[]; rejected: string[] } {
  const accepted: File[] = [];
  const rejected: string[] = [];
  const maxSize = Number(opts.maxSize) || DEFAULT_FILE_MAX_SIZE;
  for (const f of files) {
    if (!mimeAllowed(f, opts.mimeTypes)) rejected.push(`"${f.name}" is not an allowed file type.`);
    else if (f.size > maxSize) rejected.push(`"${f.name}" is larger than the ${maxSize} bytes limit.`);
    else if (accepted.length >= opts.slots) rejected.push(`"${f.name}" was not added: the field takes no more files.`);
    else accepted.push(f);
  }
  return { accepted, rejected };
}
