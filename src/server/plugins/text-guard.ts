/**
 * Text that a database column cannot hold. PostgreSQL's text type refuses the NUL character
 * (SQLite would keep it, and the two must answer alike), so NUL anywhere in a request's text is
 * refused at validation with a 400 that names the field (docs/api.md, "Errors").
 */
export function firstUnstorableText(value: string): string | undefined {
  return value.includes('\u0000') ? 'must not contain the NUL character' : undefined;
}

/**
 * The path of the first string inside `value` (an object, array or string) that has NUL in it.
 *
 * The walk keeps its own stack instead of recursing: a body is whatever a client sends, and a
 * value nested ten thousand levels deep would otherwise overflow the call stack (a 500) before a
 * single string was looked at. JSON bodies are bounded in depth when parsed (json-body.ts); this
 * does not rely on it, since params and queries reach it too.
 */
export function findUnstorable(value: unknown): string[] | undefined {
  // Each object waiting to be looked at names its parent, so that a path is spelled out only
  // for the one string found; strings and numbers are looked at where they are met, never queued
  // (a body may be an array of a hundred thousand of them).
  interface Step {
    value: object;
    key?: string;
    parent?: Step;
  }
  const pathOf = (step: Step | undefined, last?: string): string[] => {
    const at: string[] = last === undefined ? [] : [last];
    for (let s = step; s && s.key !== undefined; s = s.parent) at.push(s.key);
    return at.reverse();
  };
  if (typeof value === 'string') return firstUnstorableText(value) ? [] : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  const pending: Step[] = [{ value }];
  const look = (child: unknown, key: string, parent: Step): string[] | undefined => {
    if (typeof child === 'string') return firstUnstorableText(child) ? pathOf(parent, key) : undefined;
    if (typeof child === 'object' && child !== null) pending.push({ value: child, key, parent });
    return undefined;
  };
  while (pending.length > 0) {
    const step = pending.pop()!;
    const current = step.value;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const found = look(current[i], String(i), step);
        if (found) return found;
      }
      continue;
    }
    for (const key of Object.keys(current)) {
      if (firstUnstorableText(key)) return pathOf(step, key);
      const found = look((current as Record<string, unknown>)[key], key, step);
      if (found) return found;
    }
  }
  return undefined;
}
