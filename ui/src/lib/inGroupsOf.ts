/** The list cut into consecutive groups of `size` items (the last one may be shorter). */
export function inGroupsOf<T>(list: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < list.length; i += size) groups.push(list.slice(i, i + size));
  return groups;
}
