import { type OgcCrs, storedInstant } from '@ciffc/contracts';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { badRequest, type HttpError } from '../http/errors.ts';
import { type CqlNode, CqlSyntaxError, type Literal, parseCql2 } from './cql2.ts';
import type { Box } from './crs.ts';
import type { Queryable } from './queryables.ts';

// biome-ignore lint/suspicious/noExplicitAny: the filter is written over the queryables' columns only
type Eb = ExpressionBuilder<any, any>;

/** The features whose geometry meets a box of `crs` (a point is a box of no size): the collection's own test. */
export type SpatialCondition = (box: Box, crs: OgcCrs) => Expression<SqlBool>;

/** 400 `ogc.filter_invalid`, naming the character where reading stopped and why. */
function filterRefusal(at: number, detail: string): HttpError {
  return badRequest('filter', 'ogc.filter_invalid', { at, detail: detail.slice(0, 300) });
}

const TYPE_NAMES = {
  string: 'text',
  date: 'a date',
  datetime: 'an instant',
  number: 'a number',
  boolean: 'a boolean',
};

function instantOf(name: string, text: string): string {
  const instant = storedInstant(text);
  if (instant === undefined) throw new Error(`${name} is an instant; "${text}" is not YYYY-MM-DDTHH:MM:SSZ`);
  return instant;
}

/** The value of a literal in the queryable's stored form, or why it does not fit. */
function valueFor(q: Queryable, name: string, literal: Literal): string | number {
  if (q.type === 'boolean') {
    // Stored as 0/1; GDAL writes an OGR boolean field's condition as 0 or 1.
    if (literal.kind === 'boolean') return literal.value ? 1 : 0;
    if (literal.kind === 'number' && (literal.value === 0 || literal.value === 1)) return literal.value;
    throw new Error(`${name} is a boolean; compare it with true or false`);
  }
  if (q.type === 'number') {
    if (literal.kind === 'number') return literal.value;
    throw new Error(`${name} is a number; compare it with a number`);
  }
  if (literal.kind !== 'string' && literal.kind !== 'date')
    throw new Error(`${name} is ${TYPE_NAMES[q.type]}; compare it with a quoted value`);
  if (q.type === 'datetime') return instantOf(name, literal.value);
  if (q.type === 'date') {
    // A date-time compares by its day: the stored values are days (YYYY-MM-DD).
    if (!/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(literal.value))
      throw new Error(`${name} is a date; "${literal.value}" is not YYYY-MM-DD`);
    return literal.value.slice(0, 10);
  }
  if (q.stored === 'lower') return literal.value.toLowerCase();
  if (q.stored === 'upper') return literal.value.toUpperCase();
  return literal.value;
}

function queryableOf(queryables: Record<string, Queryable>, name: string): Queryable {
  const q = Object.hasOwn(queryables, name) ? queryables[name] : undefined;
  if (!q)
    throw new Error(`${name} is not a queryable (see /queryables: ${Object.keys(queryables).join(', ')})`);
  return q;
}

interface Target {
  queryables: Record<string, Queryable>;
  crs: OgcCrs;
  spatial: SpatialCondition;
}

const columnOf = (queryables: Record<string, Queryable>, name: string) =>
  queryableOf(queryables, name).column ?? name;

function toSql(eb: Eb, node: CqlNode, target: Target): Expression<SqlBool> {
  const { queryables } = target;
  switch (node.type) {
    case 'and':
      return eb.and(node.args.map((arg) => toSql(eb, arg, target)));
    case 'or':
      return eb.or(node.args.map((arg) => toSql(eb, arg, target)));
    case 'not':
      return eb.not(toSql(eb, node.arg, target));
    case 'isNull':
      return eb(eb.ref(columnOf(queryables, node.property)), 'is', null);
    case 'compare': {
      const q = queryableOf(queryables, node.property);
      return eb(eb.ref(columnOf(queryables, node.property)), node.op, valueFor(q, node.property, node.value));
    }
    case 'in': {
      const q = queryableOf(queryables, node.property);
      const values = node.values.map((v) => valueFor(q, node.property, v));
      return eb(eb.ref(columnOf(queryables, node.property)), 'in', values);
    }
    case 'intersects': {
      const c = node.geometry.coords;
      const [minX, minY, maxX, maxY] =
        node.geometry.kind === 'point'
          ? [c[0], c[1], c[0], c[1]]
          : c.length === 6
            ? [c[0], c[1], c[3], c[4]]
            : c;
      return target.spatial({ minX, minY, maxX, maxY } as Box, target.crs);
    }
  }
}

/** Every property and value of the tree checked against the queryables: the reason, or nothing. */
function check(node: CqlNode, queryables: Record<string, Queryable>): void {
  switch (node.type) {
    case 'and':
    case 'or':
      for (const arg of node.args) check(arg, queryables);
      return;
    case 'not':
      check(node.arg, queryables);
      return;
    case 'isNull':
      queryableOf(queryables, node.property);
      return;
    case 'compare':
      valueFor(queryableOf(queryables, node.property), node.property, node.value);
      return;
    case 'in':
      for (const value of node.values) valueFor(queryableOf(queryables, node.property), node.property, value);
      return;
    case 'intersects':
      if (node.property !== 'geometry') throw new Error(`${node.property} is not a geometry; use geometry`);
  }
}

/**
 * A CQL2 text filter as a condition on the queryables' columns, evaluated by the database. Every
 * refusal (syntax, unknown property, a value of the wrong type) is a 400 `ogc.filter_invalid`.
 */
export function cql2Condition(
  text: string,
  queryables: Record<string, Queryable>,
  crs: OgcCrs,
  spatial: SpatialCondition,
): (eb: Eb) => Expression<SqlBool> {
  let tree: CqlNode;
  try {
    tree = parseCql2(text);
    check(tree, queryables);
  } catch (error) {
    if (error instanceof CqlSyntaxError) throw filterRefusal(error.at, error.detail);
    throw filterRefusal(1, (error as Error).message);
  }
  return (eb) => toSql(eb, tree, { queryables, crs, spatial });
}
