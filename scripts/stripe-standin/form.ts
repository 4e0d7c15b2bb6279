// Reads the form-encoded bodies the Stripe SDK sends: nested fields are written with
// bracket keys (`line_items[0][price]=…`, `metadata[uid]=…`), brackets raw or
// percent-encoded. Array indexes stay string keys ('0', '1', …).

export type FormValue = string | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** Parses `a[b][c]=v&…` into nested objects; a later duplicate key wins. */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = splitKey(key);
    if (!path) continue;
    let node = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) {
        node[part] = value;
      } else {
        const next = node[part];
        if (typeof next === 'object') node = next;
        else node = node[part] = {};
      }
    }
  }
  return root;
}

/** `a[b][0]` → ['a', 'b', '0']; null for a key that is not of that form. */
function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return null;
  const rest = match[2] ? [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '') : [];
  return [match[1], ...rest];
}

/** The string at a path, or undefined when absent or not a string. */
export function formString(form: FormObject, ...path: string[]): string | undefined {
  const value = formAt(form, path);
  return typeof value === 'string' ? value : undefined;
}

/** The object at a path as a string-to-string record (Stripe metadata); {} when absent. */
export function formRecord(form: FormObject, ...path: string[]): Record<string, string> {
  const value = formAt(form, path);
  if (typeof value !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return out;
}

function formAt(form: FormObject, path: string[]): FormValue | undefined {
  let node: FormValue | undefined = form;
  for (const part of path) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}
