/** What a stored file name says about how it can be previewed. */
const IMAGE_EXT = /\.(jpe?g|png|gif|webp|svg|bmp|avif)$/i;
const THUMBABLE_EXT = /\.(jpe?g|png|gif|webp)$/i;
export const DEFAULT_THUMB = "100x100";
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/svg+xml", "image/gif", "image/webp"];

export function isImageName(name: string): boolean {
  return IMAGE_EXT.test(name);
}

/** The short label a list thumb shows for a file without a preview: its extension ("PDF"), or "FILE". */
export function fileBadge(name: string): string {
  const ext = /\.([a-z0-9]{1,4})$/i.exec(name)?.[1];
  return ext ? ext.toUpperCase() : "FILE";
}

/** The server makes thumbs of jpg, png, gif and webp only. */
export function hasThumb(name: string): boolean {
  return THUMBABLE_EXT.test(name);
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}

/** Accept attribute for a file input from the field's mime types (empty: anything). */
export function acceptAttr(mimeTypes: unknown): string | undefined {
  return Array.isArray(mimeTypes) && mimeTypes.length ? mimeTypes.join(",") : undefined;
}

/** Whether a picked file fits the field's mime types (empty list: any). */
export function mimeAllowed(file: File, mimeTypes: unknown): boolean {
  if (!Array.isArray(mimeTypes) || mimeTypes.length === 0) return true;
  return mimeTypes.includes(file.type);
}
