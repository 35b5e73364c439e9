/** An environment variable, trimmed; undefined when unset, blank, or where there is no `process`. */
export function readEnv(name: string): string | undefined {
  const value = typeof process === 'undefined' ? undefined : process.env?.[name];
  return value?.trim() ? value.trim() : undefined;
}
