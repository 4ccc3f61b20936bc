/** One field of every type (multi-value variants too), relations pointing at `postsId`; shared by the OpenAPI and typegen tests. */
export function everyFieldType(postsId: string) {
  return [
    { name: "title", type: "text", required: true, options: { min: 1, max: 100, pattern: "" } },
    { name: "body", type: "editor" },
    { name: "score", type: "number", options: { min: 0, max: 10, noDecimal: true } },
    { name: "ratio", type: "number" },
    { name: "done", type: "bool" },
    { name: "contact", type: "email" },
    { name: "site", type: "url" },
    { name: "due", type: "date" },
    { name: "status", type: "select", options: { maxSelect: 1, values: ["draft", "published"] } },
    { name: "labels", type: "select", options: { maxSelect: 3, values: ["a", "b", "c"] } },
    { name: "meta", type: "json", options: { maxSize: 2000000 } },
    { name: "cover", type: "file", options: { maxSelect: 1, maxSize: 100000 } },
    { name: "gallery", type: "file", options: { maxSelect: 5, maxSize: 100000 } },
    { name: "parent", type: "relation", options: { collectionId: postsId, maxSelect: 1 } },
    { name: "related", type: "relation", options: { collectionId: postsId, maxSelect: null } },
  ];
}
