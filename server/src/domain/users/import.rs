//! Bulk users from a spreadsheet, xlsx or CSV (`backoffice-cli users import`, README.md#operator-cli),
//! read by [`sheet_reader`] under the limits of every import: columns `nome`,
//! `email`, `senha`, `perfil`, and optionally `departamento` and `instâncias` (names separated by
//! commas). Each row is created in its own transaction, all or nothing, through the same
//! [`super::create`] as the API (validation, password strength, the plan's user limit), and the
//! report names every row that failed and why.

use std::path::Path;

use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use tokio::io::AsyncReadExt;

use super::NewUser;
use crate::{
    domain::sheet_reader::{self, Format, MAX_FILE_BYTES, Sink},
    entities::tenant::instance,
    tenancy::TenantDb,
};

/// One row read from the sheet (1-based row number as the spreadsheet shows it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    pub line: u32,
    pub name: String,
    pub email: String,
    pub password: String,
    pub role: String,
    pub department: Option<String>,
    pub instances: Vec<String>,
}

/// What an import did.
#[derive(Debug, Default)]
pub struct Report {
    pub created: Vec<(u32, String)>,
    pub failed: Vec<(u32, String)>,
}

fn normalize(header: &str) -> String {
    header
        .trim()
        .to_lowercase()
        .replace(['â', 'á', 'ã'], "a")
        .replace(['ê', 'é'], "e")
        .replace('í', "i")
        .replace(['ó', 'ô'], "o")
}

/// Reads the first sheet of `path` (xlsx, or CSV as Excel writes it) through the bounded
/// [`sheet_reader`] (docs/decisions.md 142). Errors are pt_BR sentences for the operator.
pub async fn read(path: &Path) -> Result<Vec<Row>, String> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or_default().to_lowercase();
    if matches!(extension.as_str(), "xls" | "xlsb" | "ods") {
        return Err(format!("planilhas .{extension} não são lidas: salve-a como .xlsx ou .csv"));
    }
    let file = tokio::fs::File::open(path).await.map_err(|err| format!("não foi possível abrir o arquivo: {err}"))?;
    // One byte past the limit tells a file over it from one exactly at it, without reading more.
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .await
        .map_err(|err| format!("não foi possível ler o arquivo: {err}"))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(format!("o arquivo passa do limite de {} MB", MAX_FILE_BYTES / (1024 * 1024)));
    }
    let format = if extension == "csv" { Format::Csv } else { Format::sniff(&bytes, "") };
    read_bytes(bytes.into(), format).await.map_err(|err| {
        let message = err.to_string();
        // The operator reads it after the file's name: "usuarios.xlsx: o arquivo passa ...".
        let mut chars = message.chars();
        chars.next().map(|first| first.to_lowercase().chain(chars).collect()).unwrap_or(message)
    })
}

/// Reads the rows of a users sheet already in memory (the limits and the queue of every import).
pub async fn read_bytes(bytes: bytes::Bytes, format: Format) -> crate::domain::error::Result<Vec<Row>> {
    Ok(sheet_reader::read(bytes, format, sheet_reader::IMPORTS, Users::default()).await?.rows)
}

/// The columns of a users sheet, from its header.
struct Columns {
    name: usize,
    email: usize,
    password: usize,
    role: usize,
    department: Option<usize>,
    instances: Option<usize>,
}

impl Columns {
    fn parse(row: &sheet_reader::Row) -> crate::domain::error::Result<Self> {
        let header: Vec<String> = row.cells.iter().map(|c| normalize(c)).collect();
        let column = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
        let required = |names: &[&str], label: &str| {
            column(names)
                .ok_or_else(|| crate::domain::Error::invalid("column_missing", format!("Falta a coluna \"{label}\".")))
        };
        Ok(Self {
            name: required(&["nome", "name"], "nome")?,
            email: required(&["email", "e-mail"], "email")?,
            password: required(&["senha", "password"], "senha")?,
            role: required(&["perfil", "role"], "perfil")?,
            department: column(&["departamento", "department"]),
            instances: column(&["instancias", "instancia", "instances"]),
        })
    }
}

/// The rows of a users sheet as they are read.
#[derive(Default)]
struct Users {
    columns: Option<Columns>,
    rows: Vec<Row>,
}

impl Sink for Users {
    fn row(&mut self, row: sheet_reader::Row) -> crate::domain::error::Result<()> {
        let Some(columns) = &self.columns else {
            self.columns = Some(Columns::parse(&row)?);
            return Ok(());
        };
        let get = |c: usize| row.cell(c).to_owned();
        self.rows.push(Row {
            line: u32::try_from(row.number).unwrap_or(u32::MAX),
            name: get(columns.name),
            email: get(columns.email),
            password: get(columns.password),
            role: get(columns.role),
            department: columns.department.map(get).filter(|d| !d.is_empty()),
            instances: columns
                .instances
                .map(get)
                .unwrap_or_default()
                .split([',', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
        });
        Ok(())
    }
}

/// Creates each row's user; a failed row changes nothing and is reported.
pub async fn import(db: &TenantDb, rows: Vec<Row>, user_limit: i32, progress: &dyn Fn(usize, usize)) -> Report {
    let mut report = Report::default();
    let total = rows.len();
    for (done, row) in rows.into_iter().enumerate() {
        let line = row.line;
        match create_row(db, row, user_limit).await {
            Ok(email) => report.created.push((line, email)),
            Err(why) => report.failed.push((line, why)),
        }
        progress(done + 1, total);
    }
    report
}

async fn create_row(db: &TenantDb, row: Row, user_limit: i32) -> Result<String, String> {
    let tx = db.begin().await.map_err(|err| err.to_string())?;
    let mut instance_ids = Vec::new();
    for name in &row.instances {
        let found = instance::Entity::find()
            .filter(instance::Column::Name.eq(name.as_str()))
            .one(&tx)
            .await
            .map_err(|err| err.to_string())?
            .ok_or_else(|| format!("instância \"{name}\" não existe"))?;
        instance_ids.push(found.id);
    }
    let new = NewUser {
        name: row.name,
        email: row.email,
        password: row.password,
        role: row.role,
        department: row.department,
        instances: instance_ids,
        ..Default::default()
    };
    match super::create(&tx, new, user_limit).await {
        Ok(user) => {
            tx.commit().await.map_err(|err| err.to_string())?;
            Ok(user.email)
        }
        Err(err) => {
            let _ = tx.rollback().await;
            Err(describe(&err))
        }
    }
}

/// The error with its field messages, for one report line.
fn describe(err: &crate::domain::Error) -> String {
    match err {
        crate::domain::Error::Invalid { message, fields, .. } if !fields.is_empty() => {
            let details: Vec<String> = fields.iter().map(|f| format!("{}: {}", f.field, f.message)).collect();
            format!("{message} ({})", details.join("; "))
        }
        other => other.to_string(),
    }
}
