import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';

/**
 * SQLite with its reads beside the writer. Kysely's SQLite driver has one connection behind a
 * mutex: while an import's transaction wrote 100,000 fires (seconds), every other query, the public
 * reads included, waited for it (docs/performance.md, "Large imports"). WAL lets readers run beside
 * the one writer, so a plain SELECT outside a transaction goes to a second, read-only connection,
 * which sees every committed row (each statement is its own read transaction: a read after a
 * write's commit sees it) and none in flight. Everything else (writes, raw SQL, and whatever runs
 * inside a transaction, or on a connection once it has written) holds the writer, as before.
 */
export class SqliteReadsDialect extends SqliteDialect {
  readonly #file: string;
  readonly #database: SQLite.Database;
  #writer: SqliteDriver | undefined;

  constructor(database: SQLite.Database, file: string) {
    super({ database });
    this.#database = database;
    this.#file = file;
  }

  override createDriver(): Driver {
    this.#writer = new SqliteDriver({ database: this.#database });
    return new ReadsBesideWriterDriver(this.#writer, this.#file);
  }

  /**
   * Runs `work` while the writer is held, as a transaction would hold it: another connection (a
   * worker thread's) writes to the file meanwhile, and this process's writes wait for the writer
   * asynchronously instead of meeting SQLite's lock (whose busy wait would block the thread).
   */
  async holdWriter<T>(work: () => Promise<T>): Promise<T> {
    if (!this.#writer) throw new Error('the SQLite driver is not created yet');
    await this.#writer.acquireConnection();
    try {
      return await work();
    } finally {
      await this.#writer.releaseConnection();
    }
  }
}

class ReadsBesideWriterDriver implements Driver {
  #reader: SQLite.Database | undefined;

  constructor(
    private readonly writer: SqliteDriver,
    private readonly file: string,
  ) {}

  init(): Promise<void> {
    return this.writer.init();
  }

  /** The reader opens at its first read: the writer has created the file by then. */
  reader(): SQLite.Database {
    this.#reader ??= new SQLite(this.file, { readonly: true, fileMustExist: true });
    return this.#reader;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this, this.writer);
  }

  // SQLite has no isolation levels to set: its transactions are serializable.
  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    await this.writer.beginTransaction(await (connection as RoutedConnection).holdWriter());
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.writer.commitTransaction(await (connection as RoutedConnection).holdWriter());
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.writer.rollbackTransaction(await (connection as RoutedConnection).holdWriter());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).release();
  }

  async destroy(): Promise<void> {
    this.#reader?.close();
    this.#reader = undefined;
    await this.writer.destroy();
  }
}

class RoutedConnection implements DatabaseConnection {
  /** The writer's connection, once this connection needed it; kept until released. */
  #held: DatabaseConnection | undefined;

  constructor(
    private readonly driver: ReadsBesideWriterDriver,
    private readonly writer: SqliteDriver,
  ) {}

  async holdWriter(): Promise<DatabaseConnection> {
    this.#held ??= await this.writer.acquireConnection();
    return this.#held;
  }

  async release(): Promise<void> {
    if (!this.#held) return;
    this.#held = undefined;
    await this.writer.releaseConnection();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#held && SelectQueryNode.is(query.query)) {
      const rows = this.driver
        .reader()
        .prepare(query.sql)
        .all(query.parameters as unknown[]) as R[];
      return { rows };
    }
    return (await this.holdWriter()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.holdWriter()).streamQuery<R>(query, chunkSize);
  }
}
