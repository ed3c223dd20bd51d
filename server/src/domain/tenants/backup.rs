//! One tenant's data as a portable file (`backoffice-cli tenant export|import NAME FILE`,
//! docs/operations.md#backup-and-restore): a backup an operator can keep, move to another server,
//! or restore under another name, on either backend.
//!
//! The file is JSON lines, the same on SQLite and PostgreSQL:
//!
//! ```text
//! {"format":"backoffice-tenant","version":1,"tenant":{...},"migrations":[...],"exportedAt":"..."}
//! {"t":"departments","r":{"id":1,"name":"Comercial",...}}
//! ...
//! {"end":{"rows":12345}}
//! {"m":"3f/3fa9…","d":"<base64>"}      the tenant's media (version 2), [`super::backup_media`]
//! {"mediaEnd":{"objects":1,"bytes":52311}}
//! ```
//!
//! * **Export** reads one consistent snapshot (a read transaction; `REPEATABLE READ` on
//!   PostgreSQL) and streams each table's rows as the database renders them to JSON
//!   (`json_object` / `row_to_json`): nothing is held in memory but one row. Tables go parents
//!   first (foreign keys), so a restore inserts them in file order.
//! * **Import** is provisioning with the file in place of the template: the control record comes
//!   from the header, and storage, migrations and rows are one transaction (one PostgreSQL
//!   transaction, or a staging file renamed into place), so a bad or truncated file leaves nothing
//!   behind. The closing `end` line, with the row count, is how a truncated file is told apart.
//!   Rows go in by batches the database parses itself (`json_populate_recordset` / `json_each`),
//!   with only the columns the file has: a file from an older version gets the newer columns'
//!   defaults, and its values of columns dropped since ([`DROPPED`]) are left out. A file from a
//!   newer version (migrations this binary does not know) is refused.
//! * **Sessions do not travel** ([`SESSIONS`], docs/operations.md#backup-and-restore): refresh
//!   tokens are neither written nor, from older files, read back, and every restored user's
//!   `valid_after` becomes the import's time, so no token of the exported system — not even one
//!   revoked there after the export — opens the restored tenant: people log in again.
//! * The file is created readable by its owner only ([`export_file`]), like the server's own
//!   secret files: it holds personal data and password hashes.

use std::{
    collections::{BTreeMap, BTreeSet, HashMap},
    io::{BufRead, Write},
};

use chrono::{DateTime, Utc};
use futures::TryStreamExt;
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbBackend, EntityTrait, Statement, StreamTrait, sea_query::Expr};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::{
    domain::{
        error::{Error, Result},
        media::MediaStore,
        sealing,
        tenants::{self, NewTenant, Provisioned, backup_media},
    },
    entities::{control::tenant, tenant::user},
    secrets::Secrets,
    tenancy::{Databases, TenantDb, TenantName},
};

pub const FORMAT: &str = "backoffice-tenant";
/// 2: the media section after the rows (a version 1 file imports with no media).
pub const VERSION: u32 = 2;
/// Rows sent to the database in one statement on import.
const BATCH: usize = 500;
/// Tables that are the storage's own bookkeeping, not the tenant's data. `tenant_counters` is kept
/// by triggers: an import's inserts count themselves. `early_acks` waits minutes for sends that a
/// restored tenant will never record.
const SKIPPED: [&str; 3] = ["seaql_migrations", "tenant_counters", "early_acks"];
/// Tables of sessions, not data: an export leaves them out and an import drops their rows from
/// older files. A refresh token restored would be a session revived — also one its owner ended
/// (logged out, password changed) after the export.
pub const SESSIONS: [&str; 1] = ["refresh_tokens"];
/// Tables a trigger also writes while their parents are imported: `customer_identities` gets each
/// customer's address as the customer is inserted (decision 183). The file holds them all, as they
/// were: what the trigger wrote is cleared before the file's first row of the table (a file from
/// before the table keeps the trigger's rows).
const TRIGGER_WRITTEN: [&str; 1] = ["customer_identities"];
/// Columns a later migration dropped (table, column): a file exported before it still carries
/// them, and their values have nowhere to go. Any other unknown column is still refused.
const DROPPED: [(&str, &str); 2] = [
    // m20261205_000021_drop_chat_activity: read by nothing; the ticket carries the activity.
    ("chats", "last_message_at"),
    ("chats", "unread_count"),
];

/// Columns the database computes (PostgreSQL's stored search document, tenant migration 42):
/// never written to a file, never inserted from one — the database fills them on insert.
const GENERATED: [(&str, &str); 1] = [("messages", "search_document")];

/// The first line of a file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Header {
    pub format: String,
    pub version: u32,
    pub tenant: TenantRecord,
    /// Tenant migrations applied to the exported data.
    pub migrations: Vec<String>,
    pub exported_at: DateTime<Utc>,
}

/// What the control database knows of the tenant, restored with it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TenantRecord {
    pub name: String,
    pub cnpj: Option<String>,
    pub plan: String,
    pub template: String,
    pub user_limit: i32,
    pub ticket_limit: i32,
    /// Absent from files exported before the media quota: the plan's.
    #[serde(default)]
    pub media_limit_mb: Option<i32>,
    pub features: Vec<String>,
}

impl TenantRecord {
    pub fn new(record: &tenant::Model, features: Vec<String>) -> Self {
        Self {
            name: record.name.clone(),
            cnpj: record.cnpj.clone(),
            plan: record.plan.clone(),
            template: record.template.clone(),
            user_limit: record.user_limit,
            ticket_limit: record.ticket_limit,
            media_limit_mb: Some(record.media_limit_mb),
            features,
        }
    }
}

/// A row line, or the closing line.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Line {
    Row { t: String, r: Map<String, Value> },
    End { end: End },
}

#[derive(Serialize, Deserialize)]
struct End {
    rows: u64,
}

/// Rows per table, in file order.
pub type Counts = Vec<(String, u64)>;

/// Writes the tenant's data to `out`; `progress(table, rows so far)` is called as tables finish.
pub async fn export(
    db: &TenantDb,
    store: &MediaStore,
    record: TenantRecord,
    out: &mut impl Write,
    mut progress: impl FnMut(&str, u64),
) -> Result<Counts> {
    let tx = db.snapshot().await?;
    let backend = ConnectionTrait::get_database_backend(&tx);
    let migrations = applied_migrations(&tx).await?;
    let header =
        Header { format: FORMAT.into(), version: VERSION, tenant: record, migrations, exported_at: Utc::now() };
    write_line(out, &header)?;
    let mut counts = Vec::new();
    let mut total = 0u64;
    for table in tables_in_order(&tx).await? {
        let select = match backend {
            DbBackend::Postgres => pg_select(&table, has_id(&tx, &table).await?),
            _ => sqlite_select(&tx, &table).await?,
        };
        let mut rows = tx.stream_raw(Statement::from_string(backend, select)).await?;
        let mut count = 0u64;
        while let Some(row) = rows.try_next().await? {
            let json: String = row.try_get("", "row")?;
            let r: Map<String, Value> =
                serde_json::from_str(&json).map_err(|err| internal(format!("linha de {table} não é JSON: {err}")))?;
            write_line(out, &Line::Row { t: table.clone(), r })?;
            count += 1;
        }
        drop(rows);
        total += count;
        progress(&table, count);
        counts.push((table, count));
    }
    write_line(out, &Line::End { end: End { rows: total } })?;
    tx.commit().await?;
    let media = backup_media::export(store, db.name().as_str(), out).await?;
    progress("mídia (objetos)", media.objects);
    out.flush().map_err(io_error)?;
    Ok(counts)
}

/// [`export`] into the file at `path`, created readable and writable by its owner only (0600, as
/// the server's `jwt_secret` and `secrets_key`): it is written beside it as `FILE.partial` and
/// renamed into place once complete, so an interrupted export never leaves a file that looks like
/// a backup, and a file already at `path` is replaced whole, its old mode with it.
pub async fn export_file(
    db: &TenantDb,
    store: &MediaStore,
    record: TenantRecord,
    path: &std::path::Path,
    progress: impl FnMut(&str, u64),
) -> Result<Counts> {
    let partial = path.with_extension("partial");
    // A leftover of an interrupted run may be world readable: never reused, made anew.
    match std::fs::remove_file(&partial) {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => return Err(file_error(&partial, err)),
        _ => {}
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let file = options.open(&partial).map_err(|err| file_error(&partial, err))?;
    let mut out = std::io::BufWriter::new(file);
    let written = export(db, store, record, &mut out, progress).await;
    let flushed = out.into_inner().map_err(|err| file_error(&partial, err.into_error()));
    let done = written.and_then(|counts| flushed.map(|file| (counts, file)));
    let counts = match done {
        Ok((counts, file)) => {
            file.sync_all().map_err(|err| file_error(&partial, err))?;
            counts
        }
        Err(err) => {
            let _ = std::fs::remove_file(&partial);
            return Err(err);
        }
    };
    std::fs::rename(&partial, path).map_err(|err| file_error(path, err))?;
    Ok(counts)
}

/// Creates tenant `name` from the export at `path` (on `pool`): provisioning with the file in
/// place of the template, then, when the name differs from the exported one, its secrets re-sealed
/// for the new name (they are bound to it). Needs the `SECRETS_KEY` the export was made under.
///
/// The media are stored first, under the new name's prefix, so that no restored message points at
/// a file that is not there; the name is checked free before, and a failed import takes its
/// objects away again.
pub async fn import(
    dbs: &Databases,
    secrets: &Secrets,
    store: &MediaStore,
    name: TenantName,
    path: &std::path::Path,
    pool: Option<String>,
) -> Result<(Header, Provisioned)> {
    let file = std::fs::File::open(path)
        .map_err(|err| Error::invalid_field("invalid_backup", "file", format!("{}: {err}", path.display())))?;
    let mut input = std::io::BufReader::new(file);
    let header = read_header(&mut input)?;
    let record = header.tenant.clone();
    match tenants::find_by_name(dbs.control(), &name).await {
        Err(Error::NotFound { .. }) => {}
        Ok(_) => return Err(Error::conflict("tenant_exists", format!("Já existe um tenant chamado \"{name}\"."))),
        Err(other) => return Err(other),
    }
    backup_media::skip_rows(&mut input)?;
    if let Err(err) = backup_media::import(store, name.as_str(), header.version, &mut input).await {
        let _ = store.delete_tenant(name.as_str()).await;
        return Err(err);
    }
    drop(input);
    let new = NewTenant {
        name: Some(name.clone()),
        cnpj: record.cnpj,
        plan: Some(record.plan),
        template: Some(record.template),
        pool,
        user_limit: Some(record.user_limit),
        ticket_limit: Some(record.ticket_limit),
        media_limit_mb: record.media_limit_mb,
        features: Some(record.features),
        restore_from: Some(path.to_owned()),
    };
    let provisioned = match tenants::provision(dbs, new, None).await {
        Ok(provisioned) => provisioned,
        Err(err) => {
            let _ = store.delete_tenant(name.as_str()).await;
            return Err(err);
        }
    };
    let exported_as = TenantName::parse(&header.tenant.name)?;
    if exported_as != name {
        let db = dbs.tenant(&name, &provisioned.tenant().pool).await?;
        let tx = db.begin().await?;
        sealing::rehome(&tx, secrets, &exported_as, &name).await?;
        tx.commit().await?;
    }
    Ok((header, provisioned))
}

/// Reads and checks a file's header (before anything is created).
pub fn read_header(input: &mut impl BufRead) -> Result<Header> {
    let mut first = String::new();
    input.read_line(&mut first).map_err(io_error)?;
    let header: Header = serde_json::from_str(first.trim_end()).map_err(|_| {
        Error::invalid_field("invalid_backup", "file", "O arquivo não é uma exportação de tenant do back-office.")
    })?;
    if header.format != FORMAT {
        return Err(Error::invalid_field(
            "invalid_backup",
            "file",
            "O arquivo não é uma exportação de tenant do back-office.",
        ));
    }
    if header.version > VERSION {
        return Err(Error::invalid_field(
            "invalid_backup",
            "file",
            format!("Formato versão {} é mais novo que este programa (versão {VERSION}).", header.version),
        ));
    }
    let known: BTreeSet<String> = tenant_migrations::migration_names().into_iter().collect();
    if let Some(unknown) = header.migrations.iter().find(|name| !known.contains(*name)) {
        return Err(Error::invalid_field(
            "invalid_backup",
            "file",
            format!(
                "A exportação tem a migração {unknown}, que este programa não conhece: atualize-o antes de importar."
            ),
        ));
    }
    Ok(header)
}

/// Inserts the rows that follow the header into a freshly migrated tenant storage (inside the
/// provisioning transaction). Returns the rows per table.
pub async fn load(tx: &DatabaseTransaction, input: &mut impl BufRead) -> Result<Counts> {
    let backend = ConnectionTrait::get_database_backend(tx);
    let mut counts: Counts = Vec::new();
    let mut batch = Batch::default();
    let mut total = 0u64;
    let mut line = String::new();
    let mut number = 1u64;
    loop {
        line.clear();
        number += 1;
        if input.read_line(&mut line).map_err(io_error)? == 0 {
            return Err(invalid_line(number, "o arquivo terminou antes da linha final (exportação incompleta?)"));
        }
        let parsed: Line = serde_json::from_str(line.trim_end()).map_err(|_| invalid_line(number, "JSON inválido"))?;
        match parsed {
            Line::Row { t, mut r } => {
                r.retain(|column, _| {
                    let pair = (t.as_str(), column.as_str());
                    !DROPPED.contains(&pair) && !GENERATED.contains(&pair)
                });
                if SKIPPED.contains(&t.as_str()) || !is_identifier(&t) || r.keys().any(|k| !is_identifier(k)) {
                    return Err(invalid_line(number, "nome de tabela ou coluna inválido"));
                }
                if SESSIONS.contains(&t.as_str()) {
                    // A file from before sessions were left out: counted (the closing line
                    // includes them), never inserted.
                    total += 1;
                    continue;
                }
                let first_of_table = counts.last().is_none_or(|(table, _)| *table != t);
                if !batch.accepts(&t, &r) || (first_of_table && TRIGGER_WRITTEN.contains(&t.as_str())) {
                    batch.flush(tx, backend).await?;
                }
                if first_of_table && TRIGGER_WRITTEN.contains(&t.as_str()) {
                    tx.execute_unprepared(&format!("DELETE FROM \"{t}\"")).await?;
                }
                match counts.last_mut() {
                    Some((table, count)) if *table == t => *count += 1,
                    _ => counts.push((t.clone(), 1)),
                }
                total += 1;
                batch.push(t, r);
                if batch.rows.len() >= BATCH {
                    batch.flush(tx, backend).await?;
                }
            }
            Line::End { end } => {
                batch.flush(tx, backend).await?;
                if end.rows != total {
                    return Err(invalid_line(
                        number,
                        &format!("a linha final diz {} linhas, o arquivo tem {total}", end.rows),
                    ));
                }
                break;
            }
        }
    }
    // Every access token issued by the exported system ends here too (they are checked against
    // `valid_after`): the restored tenant starts with nobody logged in.
    user::Entity::update_many().col_expr(user::Column::ValidAfter, Expr::value(Utc::now())).exec(tx).await?;
    // The users arrived with what they held, then each held ticket's insert counted it again
    // (tenant migration 47's triggers): counted once more, from the tickets.
    tx.execute_unprepared(
        "UPDATE users SET open_tickets = (SELECT COUNT(*) FROM tickets \
         WHERE tickets.assigned_user_id = users.id AND tickets.status IN ('open', 'transferring'))",
    )
    .await?;
    if backend == DbBackend::Postgres {
        // Ids were inserted as they were: the sequences must continue after them.
        for (table, _) in &counts {
            if has_id(tx, table).await? {
                tx.execute_unprepared(&format!(
                    "SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), COALESCE(MAX(id), 1), MAX(id) IS NOT NULL) FROM \"{table}\""
                ))
                .await?;
            }
        }
    }
    Ok(counts)
}

/// Consecutive rows of one table with the same columns, inserted by one statement.
#[derive(Default)]
struct Batch {
    table: String,
    columns: Vec<String>,
    rows: Vec<Value>,
}

impl Batch {
    fn accepts(&self, table: &str, row: &Map<String, Value>) -> bool {
        self.rows.is_empty() || (self.table == table && row.keys().eq(self.columns.iter()))
    }

    fn push(&mut self, table: String, row: Map<String, Value>) {
        if self.rows.is_empty() {
            self.table = table;
            self.columns = row.keys().cloned().collect();
        }
        self.rows.push(Value::Object(row));
    }

    async fn flush(&mut self, tx: &DatabaseTransaction, backend: DbBackend) -> Result<()> {
        if self.rows.is_empty() {
            return Ok(());
        }
        let rows = Value::Array(std::mem::take(&mut self.rows)).to_string();
        let quoted: Vec<String> = self.columns.iter().map(|c| format!("\"{c}\"")).collect();
        let (table, columns) = (&self.table, quoted.join(", "));
        let sql = match backend {
            DbBackend::Postgres => format!(
                "INSERT INTO \"{table}\" ({columns}) SELECT {columns} FROM json_populate_recordset(NULL::\"{table}\", $1::json)"
            ),
            _ => {
                let values: Vec<String> =
                    self.columns.iter().map(|c| format!("json_extract(value, '$.{c}')")).collect();
                format!("INSERT INTO \"{table}\" ({columns}) SELECT {} FROM json_each($1)", values.join(", "))
            }
        };
        tx.execute_raw(Statement::from_sql_and_values(backend, sql, [rows.into()])).await.map_err(|err| {
            Error::invalid_field("invalid_backup", "file", format!("As linhas de {table} não entraram: {err}"))
        })?;
        Ok(())
    }
}

/// The tenant's tables, parents before children (foreign keys), then by name.
async fn tables_in_order(tx: &DatabaseTransaction) -> Result<Vec<String>> {
    let backend = ConnectionTrait::get_database_backend(tx);
    let (tables_sql, links_sql) = match backend {
        DbBackend::Postgres => (
            "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE n.nspname = current_schema() AND c.relkind = 'r'",
            "SELECT cl.relname AS child, pl.relname AS parent FROM pg_constraint co \
             JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_class pl ON pl.oid = co.confrelid \
             JOIN pg_namespace n ON n.oid = co.connamespace WHERE co.contype = 'f' AND n.nspname = current_schema()",
        ),
        _ => (
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            "SELECT m.name AS child, f.\"table\" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) f \
             WHERE m.type = 'table'",
        ),
    };
    let mut parents: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for row in tx.query_all_raw(Statement::from_string(backend, tables_sql)).await? {
        let name: String = row.try_get("", "name")?;
        // The search index is the database's own, rebuilt by its triggers as messages come in.
        let index = tenant_migrations::SQLITE_SEARCH_TABLES.contains(&name.as_str());
        if !SKIPPED.contains(&name.as_str()) && !SESSIONS.contains(&name.as_str()) && !index {
            parents.entry(name).or_default();
        }
    }
    for row in tx.query_all_raw(Statement::from_string(backend, links_sql)).await? {
        let (child, parent): (String, String) = (row.try_get("", "child")?, row.try_get("", "parent")?);
        if child != parent
            && parents.contains_key(&parent)
            && let Some(set) = parents.get_mut(&child)
        {
            set.insert(parent);
        }
    }
    // Kahn's algorithm over a BTreeMap: a stable order, the same on every export.
    let mut order = Vec::with_capacity(parents.len());
    let mut placed: BTreeSet<String> = BTreeSet::new();
    while order.len() < parents.len() {
        let ready: Vec<String> = parents
            .iter()
            .filter(|(name, needs)| !placed.contains(*name) && needs.iter().all(|p| placed.contains(p)))
            .map(|(name, _)| name.clone())
            .collect();
        if ready.is_empty() {
            return Err(internal("as chaves estrangeiras das tabelas formam um ciclo"));
        }
        placed.extend(ready.iter().cloned());
        order.extend(ready);
    }
    Ok(order)
}

async fn applied_migrations(tx: &DatabaseTransaction) -> Result<Vec<String>> {
    let backend = ConnectionTrait::get_database_backend(tx);
    let rows = tx
        .query_all_raw(Statement::from_string(backend, "SELECT version FROM seaql_migrations ORDER BY version"))
        .await?;
    rows.into_iter().map(|row| row.try_get::<String>("", "version").map_err(Error::from)).collect()
}

async fn has_id(tx: &impl ConnectionTrait, table: &str) -> Result<bool> {
    let backend = ConnectionTrait::get_database_backend(tx);
    let sql = match backend {
        DbBackend::Postgres => "SELECT 1 AS found FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'id'"
            .to_owned(),
        _ => "SELECT 1 AS found FROM pragma_table_info($1) WHERE name = 'id'".to_owned(),
    };
    Ok(tx.query_one_raw(Statement::from_sql_and_values(backend, sql, [table.into()])).await?.is_some())
}

/// PostgreSQL renders the row: types (timestamps, booleans, JSON) come out as JSON natively.
fn pg_select(table: &str, ordered: bool) -> String {
    let order = if ordered { " ORDER BY id" } else { "" };
    let generated: Vec<String> =
        GENERATED.iter().filter(|(t, _)| *t == table).map(|(_, column)| format!(" - '{column}'")).collect();
    if generated.is_empty() {
        format!("SELECT row_to_json(t)::text AS row FROM \"{table}\" t{order}")
    } else {
        format!("SELECT (to_jsonb(t){})::text AS row FROM \"{table}\" t{order}", generated.concat())
    }
}

/// SQLite renders the row with `json_object` over the table's columns (JSON columns nested).
async fn sqlite_select(tx: &DatabaseTransaction, table: &str) -> Result<String> {
    let rows = tx
        .query_all_raw(Statement::from_sql_and_values(
            DbBackend::Sqlite,
            "SELECT name, type FROM pragma_table_info($1) ORDER BY cid",
            [table.into()],
        ))
        .await?;
    let mut pairs = Vec::new();
    let mut types = HashMap::new();
    for row in rows {
        let (name, kind): (String, String) = (row.try_get("", "name")?, row.try_get("", "type")?);
        let value = if kind.to_lowercase().contains("json") {
            format!("json(\"{name}\")")
        } else if kind.to_lowercase().contains("bool") {
            // Stored as 0/1: written as JSON booleans, as PostgreSQL writes them.
            format!("CASE WHEN \"{name}\" IS NULL THEN NULL WHEN \"{name}\" THEN json('true') ELSE json('false') END")
        } else {
            format!("\"{name}\"")
        };
        pairs.push(format!("'{name}', {value}"));
        types.insert(name, kind);
    }
    let order = if types.contains_key("id") { " ORDER BY id" } else { "" };
    Ok(format!("SELECT json_object({}) AS row FROM \"{table}\"{order}", pairs.join(", ")))
}

fn write_line(out: &mut impl Write, value: &impl Serialize) -> Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(|err| internal(format!("escrita da exportação: {err}")))?;
    out.write_all(b"\n").map_err(io_error)
}

/// A failure that is not the file's fault (logged by the transports, never shown as is).
fn internal(message: impl Into<String>) -> Error {
    Error::Db(sea_orm::DbErr::Custom(message.into()))
}

fn file_error(path: &std::path::Path, err: std::io::Error) -> Error {
    internal(format!("arquivo {}: {err}", path.display()))
}

fn io_error(err: std::io::Error) -> Error {
    internal(format!("arquivo: {err}"))
}

fn invalid_line(number: u64, why: &str) -> Error {
    Error::invalid_field("invalid_backup", "file", format!("Linha {number} do arquivo: {why}."))
}

/// Table and column names come from the file: only plain identifiers reach SQL.
fn is_identifier(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 63
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !name.as_bytes()[0].is_ascii_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_identifiers_reach_sql() {
        assert!(is_identifier("ticket_messages"));
        assert!(!is_identifier("users\"; DROP TABLE users; --"));
        assert!(!is_identifier("Users"));
        assert!(!is_identifier("1users"));
        assert!(!is_identifier(""));
    }

    #[test]
    fn a_batch_holds_rows_of_one_table_with_the_same_columns() {
        let row = |json: &str| serde_json::from_str::<Map<String, Value>>(json).unwrap();
        let mut batch = Batch::default();
        assert!(batch.accepts("users", &row(r#"{"id":1,"name":"a"}"#)));
        batch.push("users".into(), row(r#"{"id":1,"name":"a"}"#));
        assert!(batch.accepts("users", &row(r#"{"id":2,"name":"b"}"#)));
        assert!(!batch.accepts("users", &row(r#"{"id":2}"#)));
        assert!(!batch.accepts("roles", &row(r#"{"id":2,"name":"b"}"#)));
    }
}
