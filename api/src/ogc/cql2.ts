/**
 * A reader of the CQL2 text the OGC API offers (OGC 21-065, Basic CQL2 and Basic Spatial Functions):
 * comparisons, [NOT] IN lists, AND, OR, NOT, parentheses, IS [NOT] NULL, DATE()/TIMESTAMP() literals
 * and S_INTERSECTS with a BBOX or POINT. Hand-written for this subset (docs/decisions.md, "A CQL2 reader
 * of our own"); it only builds a tree, which filter.ts turns into SQL.
 */

type CompareOp = '=' | '<>' | '<' | '<=' | '>' | '>=';

export type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; value: string };

type Geometry = { kind: 'bbox'; coords: number[] } | { kind: 'point'; coords: [number, number] };

export type CqlNode =
  | { type: 'and' | 'or'; args: CqlNode[] }
  | { type: 'not'; arg: CqlNode }
  | { type: 'compare'; op: CompareOp; property: string; value: Literal }
  | { type: 'in'; property: string; values: Literal[] }
  | { type: 'isNull'; property: string }
  | { type: 'intersects'; property: string; geometry: Geometry };

/** A filter that cannot be read: `at` is the 1-based character where reading stopped. */
export class CqlSyntaxError extends Error {
  constructor(
    readonly at: number,
    readonly detail: string,
  ) {
    super(`at character ${at}: ${detail}`);
  }
}

type Token =
  | { kind: 'word' | 'quoted' | 'string' | 'op' | 'punct'; text: string; at: number }
  | { kind: 'number'; text: string; value: number; at: number }
  | { kind: 'end'; text: ''; at: number };

const PATTERNS: [Token['kind'], RegExp][] = [
  ['number', /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/],
  ['word', /^[A-Za-z_][A-Za-z0-9_.:]*/],
  ['op', /^(<>|<=|>=|=|<|>)/],
  ['punct', /^[(),]/],
];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    if (rest[0] === "'" || rest[0] === '"') {
      const quote = rest[0];
      const match = new RegExp(`^${quote}((?:[^${quote}]|${quote}${quote})*)${quote}`).exec(rest);
      if (!match) throw new CqlSyntaxError(i + 1, `the text opened by ${quote} is not closed`);
      const inner = (match[1] ?? '').replaceAll(quote + quote, quote);
      tokens.push({ kind: quote === "'" ? 'string' : 'quoted', text: inner, at: i + 1 });
      i += match[0].length;
      continue;
    }
    const found = PATTERNS.map(([kind, re]) => [kind, re.exec(rest)] as const).find(([, m]) => m);
    if (!found?.[1]) throw new CqlSyntaxError(i + 1, `unexpected character "${rest[0]}"`);
    const [kind, match] = found;
    const at = i + 1;
    tokens.push(
      kind === 'number'
        ? { kind, text: match[0], value: Number(match[0]), at }
        : { kind: kind as 'word' | 'op' | 'punct', text: match[0], at },
    );
    i += match[0].length;
  }
  tokens.push({ kind: 'end', text: '', at: text.length + 1 });
  return tokens;
}

const KEYWORDS = new Set([
  'AND',
  'OR',
  'NOT',
  'IS',
  'NULL',
  'TRUE',
  'FALSE',
  'DATE',
  'TIMESTAMP',
  'BBOX',
  'POINT',
  'S_INTERSECTS',
  'IN',
]);
/** Parts of CQL2 this reader does not offer: named so the refusal says which. */
const UNSUPPORTED = new Set(['LIKE', 'BETWEEN', 'CASEI', 'ACCENTI', 'T_INTERSECTS', 'S_WITHIN']);
const FLIP: Record<CompareOp, CompareOp> = {
  '=': '=',
  '<>': '<>',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private get peek(): Token {
    return this.tokens[this.i] as Token;
  }

  private next(): Token {
    const token = this.peek;
    if (token.kind !== 'end') this.i++;
    return token;
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === 'word' && token.text.toUpperCase() === word;
  }

  private fail(token: Token, expected: string): never {
    const upper = token.text.toUpperCase();
    if (token.kind === 'word' && UNSUPPORTED.has(upper))
      throw new CqlSyntaxError(token.at, `${upper} is not offered here; use comparisons, AND, OR, NOT`);
    const seen = token.kind === 'end' ? 'the end of the filter' : `"${token.text}"`;
    throw new CqlSyntaxError(token.at, `expected ${expected}, found ${seen}`);
  }

  private expect(text: string): void {
    const token = this.next();
    if (token.text.toUpperCase() !== text || token.kind === 'string' || token.kind === 'quoted')
      this.fail(token, `"${text}"`);
  }

  parse(): CqlNode {
    const node = this.or();
    if (this.peek.kind !== 'end') this.fail(this.peek, 'AND, OR or the end of the filter');
    return node;
  }

  private or(): CqlNode {
    const args = [this.and()];
    while (this.isWord(this.peek, 'OR')) {
      this.next();
      args.push(this.and());
    }
    return args.length === 1 ? (args[0] as CqlNode) : { type: 'or', args };
  }

  private and(): CqlNode {
    const args = [this.not()];
    while (this.isWord(this.peek, 'AND')) {
      this.next();
      args.push(this.not());
    }
    return args.length === 1 ? (args[0] as CqlNode) : { type: 'and', args };
  }

  private not(): CqlNode {
    if (this.isWord(this.peek, 'NOT')) {
      this.next();
      return { type: 'not', arg: this.not() };
    }
    return this.primary();
  }

  private primary(): CqlNode {
    const token = this.peek;
    if (token.text === '(' && token.kind === 'punct') {
      this.next();
      const inner = this.or();
      this.expect(')');
      return inner;
    }
    if (this.isWord(token, 'S_INTERSECTS')) return this.intersects();
    return this.predicate();
  }

  private intersects(): CqlNode {
    this.next();
    this.expect('(');
    const first = this.peek;
    let property: string;
    let geometry: Geometry;
    if (this.isWord(first, 'BBOX') || this.isWord(first, 'POINT')) {
      geometry = this.geometry();
      this.expect(',');
      property = this.property();
    } else {
      property = this.property();
      this.expect(',');
      geometry = this.geometry();
    }
    this.expect(')');
    return { type: 'intersects', property, geometry };
  }

  private geometry(): Geometry {
    const token = this.next();
    if (this.isWord(token, 'BBOX')) {
      this.expect('(');
      const coords = [this.number()];
      while (this.peek.text === ',') {
        this.next();
        coords.push(this.number());
      }
      this.expect(')');
      if (coords.length !== 4 && coords.length !== 6)
        throw new CqlSyntaxError(token.at, 'BBOX takes 4 numbers (or 6 with heights)');
      return { kind: 'bbox', coords };
    }
    if (this.isWord(token, 'POINT')) {
      this.expect('(');
      const coords: [number, number] = [this.number(), this.number()];
      this.expect(')');
      return { kind: 'point', coords };
    }
    return this.fail(token, 'BBOX(...) or POINT(...)');
  }

  private number(): number {
    const token = this.next();
    return token.kind === 'number' ? token.value : this.fail(token, 'a number');
  }

  private property(): string {
    const token = this.next();
    if (token.kind === 'quoted') return token.text;
    if (token.kind === 'word' && !KEYWORDS.has(token.text.toUpperCase())) return token.text;
    return this.fail(token, 'a property name');
  }

  private predicate(): CqlNode {
    const left = this.operand();
    if (this.isWord(this.peek, 'IS')) {
      this.next();
      const negated = this.isWord(this.peek, 'NOT');
      if (negated) this.next();
      this.expect('NULL');
      if (left.kind !== 'property') throw new CqlSyntaxError(left.at, 'IS NULL applies to a property');
      const node: CqlNode = { type: 'isNull', property: left.name };
      return negated ? { type: 'not', arg: node } : node;
    }
    if (this.isWord(this.peek, 'IN') || (this.isWord(this.peek, 'NOT') && this.isIn(1))) {
      const negated = this.isWord(this.next(), 'NOT');
      if (negated) this.next();
      if (left.kind !== 'property') throw new CqlSyntaxError(left.at, 'IN applies to a property');
      const node: CqlNode = { type: 'in', property: left.name, values: this.list() };
      return negated ? { type: 'not', arg: node } : node;
    }
    const opToken = this.next();
    if (opToken.kind !== 'op') return this.fail(opToken, 'a comparison (=, <>, <, <=, >, >=), IN or IS NULL');
    const op = opToken.text as CompareOp;
    const right = this.operand();
    if (left.kind === 'property' && right.kind === 'literal')
      return { type: 'compare', op, property: left.name, value: right.value };
    if (left.kind === 'literal' && right.kind === 'property')
      return { type: 'compare', op: FLIP[op], property: right.name, value: left.value };
    throw new CqlSyntaxError(left.at, 'a comparison takes a property and a value');
  }

  private isIn(ahead: number): boolean {
    const token = this.tokens[this.i + ahead];
    return token !== undefined && this.isWord(token, 'IN');
  }

  /** `(value, value, ...)`: the values of an IN, at least one. */
  private list(): Literal[] {
    this.expect('(');
    const values: Literal[] = [];
    do {
      if (values.length) this.next();
      const item = this.operand();
      if (item.kind !== 'literal') throw new CqlSyntaxError(item.at, 'IN lists values, not properties');
      values.push(item.value);
    } while (this.peek.text === ',' && this.peek.kind === 'punct');
    this.expect(')');
    return values;
  }

  private operand():
    | { kind: 'property'; name: string; at: number }
    | { kind: 'literal'; value: Literal; at: number } {
    const token = this.peek;
    const at = token.at;
    if (token.kind === 'string') {
      this.next();
      return { kind: 'literal', value: { kind: 'string', value: token.text }, at };
    }
    if (token.kind === 'number') {
      this.next();
      return { kind: 'literal', value: { kind: 'number', value: token.value }, at };
    }
    if (this.isWord(token, 'TRUE') || this.isWord(token, 'FALSE')) {
      this.next();
      return { kind: 'literal', value: { kind: 'boolean', value: this.isWord(token, 'TRUE') }, at };
    }
    if (this.isWord(token, 'DATE') || this.isWord(token, 'TIMESTAMP')) {
      this.next();
      this.expect('(');
      const text = this.next();
      if (text.kind !== 'string') this.fail(text, 'a quoted date');
      this.expect(')');
      return { kind: 'literal', value: { kind: 'date', value: text.text }, at };
    }
    return { kind: 'property', name: this.property(), at };
  }
}

/** The tree of a CQL2 text filter, or a CqlSyntaxError saying where and why it cannot be read. */
export function parseCql2(text: string): CqlNode {
  return new Parser(tokenize(text)).parse();
}
