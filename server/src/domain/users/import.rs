//! Bulk users from a spreadsheet (`backoffice-cli users import`, README.md#operator-cli): columns `nome`,
//! `email`, `senha`, `perfil`, and optionally `departamento` and `instâncias` (names separated by
//! commas). Each row is created in its own transaction, all or nothing, through the same
//! [`super::create`] as the API (validation, password strength, the plan's user limit), and the
//! report names every row that failed and why.

use std::path::Path;

use calamine::{Data, Reader, open_workbook_auto};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

use super::NewUser;
use crate::{entities::tenant::instance, tenancy::TenantDb};

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

fn text(cell: Option<&Data>) -> String {
    match cell {
        Some(Data::String(s)) => s.trim().to_owned(),
        Some(Data::Float(f)) if f.fract() == 0.0 => format!("{}", *f as i64),
        Some(Data::Int(i)) => i.to_string(),
        Some(Data::Empty) | None => String::new(),
        Some(other) => other.to_string().trim().to_owned(),
    }
}

/// Reads the first sheet of `path` (xlsx, xls, ods). Errors are pt_BR sentences for the operator.
pub fn read(path: &Path) -> Result<Vec<Row>, String> {
    let mut workbook = open_workbook_auto(path).map_err(|err| format!("não foi possível ler a planilha: {err}"))?;
    let range = workbook
        .worksheet_range_at(0)
        .ok_or_else(|| "a planilha não tem abas".to_owned())?
        .map_err(|err| format!("não foi possível ler a primeira aba: {err}"))?;
    let mut rows = range.rows();
    let header: Vec<String> =
        rows.next().ok_or("a planilha está vazia")?.iter().map(|c| normalize(&text(Some(c)))).collect();
    let column = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
    let required = |names: &[&str], label: &str| column(names).ok_or_else(|| format!("falta a coluna \"{label}\""));
    let name = required(&["nome", "name"], "nome")?;
    let email = required(&["email", "e-mail"], "email")?;
    let password = required(&["senha", "password"], "senha")?;
    let role = required(&["perfil", "role"], "perfil")?;
    let department = column(&["departamento", "department"]);
    let instances = column(&["instancias", "instancia", "instances"]);
    let mut out = Vec::new();
    for (i, cells) in rows.enumerate() {
        let get = |c: usize| text(cells.get(c));
        if cells.iter().all(|c| matches!(c, Data::Empty)) {
            continue;
        }
        out.push(Row {
            line: i as u32 + 2,
            name: get(name),
            email: get(email),
            password: get(password),
            role: get(role),
            department: department.map(get).filter(|d| !d.is_empty()),
            instances: instances
                .map(get)
                .unwrap_or_default()
                .split([',', ';'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect(),
        });
    }
    Ok(out)
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
