/**
 * The HTML document that wraps a mail template body (the templates hold only the body
 * content, as the settings editor shows them). Inline styles only, so common clients
 * render the "btn" link as a button.
 */
export function wrapInLayout(bodyHtml: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<style>
  body { margin: 0; padding: 24px 28px; background: #ffffff; color: #1b1d21; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
  p { margin: 0 0 12px; }
  a { color: #1b1d21; }
  .btn { display: inline-block; padding: 10px 22px; margin: 4px 0; border-radius: 6px; background: #1b1d21; color: #ffffff !important; font-weight: 600; text-decoration: none; }
  .hidden { display: none !important; }
</style>
</head>
<body>
${bodyHtml}
</body>
</html>`;
}
