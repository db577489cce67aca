/**
 * The {name} placeholders of texts, shared by the browser's texts and the server's general templates: each
 * placeholder `vars` has as its own key is replaced by its value; the others stay as written.
 */
export const interpolate = (text: string, vars?: Record<string, string | number>) =>
  vars
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        Object.hasOwn(vars, name) ? String(vars[name]) : whole,
      )
    : text
