import type { Modifier } from "@dnd-kit/core";

/** Keeps dragged field rows on the vertical axis. */
export const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
