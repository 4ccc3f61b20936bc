import type { SVGProps } from "react";
import type { CollectionType } from "../../data/collections/types";
import { StrokeIcon } from "../../components/Icon";

/** Icons of the collections area (24x24 strokes, like components/Icon), kept out of the sign-in bundle. */
const paths = {
  base: "M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z",
  auth: "M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 9c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14.8c1.8.7 3 2.5 3 5.2",
  view: "M3 12s3.5-6.5 9-6.5 9 6.5 9 6.5-3.5 6.5-9 6.5S3 12 3 12Zm9 2.7a2.7 2.7 0 1 0 0-5.4 2.7 2.7 0 0 0 0 5.4Z",
  pin: "M9 4h6l-1 6 3 3v2H7v-2l3-3zM12 15v5",
  plus: "M12 5v14M5 12h14",
  more: "M6.3 12a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0ZM13.3 12a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0ZM20.3 12a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0Z",
  grip: "M10.3 6a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0ZM16.3 6a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0ZM10.3 12a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0ZM16.3 12a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0ZM10.3 18a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0ZM16.3 18a1.3 1.3 0 1 1-2.6 0 1.3 1.3 0 0 1 2.6 0Z",
  trash: "M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3",
  restore: "M4 12a8 8 0 1 0 2.3-5.7M4 4v5h5",
  gear: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.3l2-1.6-2-3.4-2.4 1a7.6 7.6 0 0 0-2.2-1.3L14.3 3h-4l-.4 2.4a7.6 7.6 0 0 0-2.2 1.3l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.6l-2 1.6 2 3.4 2.4-1a7.6 7.6 0 0 0 2.2 1.3l.4 2.4h4l.4-2.4a7.6 7.6 0 0 0 2.2-1.3l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.3Z",
  code: "M8 8l-4 4 4 4M16 8l4 4-4 4M14 5l-4 14",
  sliders: "M4 7h10M18 7h2M4 17h4M12 17h8M14 5v4M8 15v4",
  lock: "M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3",
  unlock: "M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 6.8-1.2",
  copy: "M9 9h10v10H9zM5 15V5h10",
  key: "M14.5 9.5a4 4 0 1 0-3 3.9L13 15h2v2h2v2h3v-3l-5.6-5.6c.1-.3.1-.6.1-.9Z",
  chevronDown: "m6 9 6 6 6-6",
  chevronRight: "m9 6 6 6-6 6",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 4 4",
  close: "M6 6l12 12M18 6 6 18",
  external: "M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  alert: "M12 8v5m0 3.5v.01M10.3 3.9 2.5 17.5A2 2 0 0 0 4.2 20.5h15.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v5.5M12 7.5v.01",
  refresh: "M20 12a8 8 0 1 1-2.3-5.7M20 4v5h-5",
  // field types
  text: "M5 6h14M12 6v13M9 19h6",
  editor: "M4 6h16M4 10h16M4 14h10M4 18h7",
  number: "M9 4 7 20M17 4l-2 16M4 9h16M3 15h16",
  bool: "M8 7h8a5 5 0 0 1 0 10H8A5 5 0 0 1 8 7Zm8 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  email: "M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Zm0 0v1.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.5 7.1",
  url: "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
  date: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  select: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01",
  file: "M14 3H6v18h12V7zM14 3v4h4",
  relation: "M6 8a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4ZM6 8v4a4 4 0 0 0 4 4h6",
  json: "M8 4H7a2 2 0 0 0-2 2v3.5L3.5 12 5 14.5V18a2 2 0 0 0 2 2h1M16 4h1a2 2 0 0 1 2 2v3.5l1.5 2.5-1.5 2.5V18a2 2 0 0 1-2 2h-1",
  id: "M5 5h3M5 5v14M5 19h3M19 5h-3M19 5v14M19 19h-3M10 9h.01M10 12v3M13 9h1.5a2 2 0 0 1 2 2v2a2 2 0 0 1-2 2H13z",
} as const;

export type CIconName = keyof typeof paths;

export function CIcon({ name, ...rest }: { name: CIconName; title?: string; size?: number } & SVGProps<SVGSVGElement>) {
  return <StrokeIcon d={paths[name]} {...rest} />;
}

export const COLLECTION_TYPE_LABELS: Record<CollectionType, string> = { base: "Base", view: "View", auth: "Auth" };

export function CollectionTypeIcon({ type, size = 18 }: { type: CollectionType; size?: number }) {
  return <CIcon name={type in paths ? type : "base"} size={size} />;
}

/** Icon of a field type; system fields map to their own icon. */
export function fieldTypeIcon(type: string): CIconName {
  if (type in paths && !["base", "auth", "view"].includes(type)) return type as CIconName;
  return "text";
}
