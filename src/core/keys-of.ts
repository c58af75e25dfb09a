/**
 * The own keys of an object literal, typed as its keys. `Object.keys` types them as plain
 * strings because an object may carry more keys than its type names; the tables this is used on
 * are literals declared in this project, which carry exactly the keys of their type.
 */
export function keysOf<T extends object>(table: T): (keyof T & string)[] {
  return Object.keys(table) as (keyof T & string)[];
}
