/**
 * Reading a record's `data_completeness` list (decisions §3): the names of the fields it lacks,
 * then of the fields the server generated. The customer's and the loan's lists are read alike.
 */

/** A `data_completeness` list as a record carries it. */
export type DataCompleteness = readonly string[] | null | undefined;

/** The fields of `fields` that the list names, in the order of `fields`. */
export function fieldsNamedIn<F extends string>(fields: readonly F[], list: DataCompleteness): F[] {
  const names = new Set(list ?? []);
  return fields.filter((field) => names.has(field));
}
