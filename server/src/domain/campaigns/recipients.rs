//! Who a campaign goes to and what each one reads: phones typed or imported (xlsx/CSV, read by
//! [`sheet_reader`] under its limits, errors row by row), customer groups, duplicates removed, blacklisted customers kept
//! apart, and the message's `{{variables}}` rendered per recipient.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use chrono::Utc;
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set, sea_query::OnConflict,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    domain::{
        conversations::customers::normalize_phone,
        error::{Error, FieldError, Result},
        sheet_reader::{self, Format, Row, Sink},
    },
    entities::tenant::{customer, customer_group, customer_group_member},
};

/// Recipients one campaign may have.
pub const MAX_RECIPIENTS: usize = 200_000;
/// Rows read from one import (below the header): the reader's limit.
pub const MAX_IMPORT_ROWS: usize = sheet_reader::IMPORTS.rows;
/// Variables every message may use.
pub const BUILT_IN: [&str; 2] = ["nome", "telefone"];
/// Rows per statement when customers are looked up or created in bulk.
const CHUNK: usize = 500;

/// One person of an import or of the request: a phone, a name for a new customer, and custom
/// fields for the message's variables.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Contact {
    pub phone: String,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub fields: Option<BTreeMap<String, String>>,
}

/// A contact's custom fields, by lower-cased column name.
pub type Fields = BTreeMap<String, String>;

/// Where the recipients come from (any mix).
#[derive(Debug, Clone, Default)]
pub struct Sources {
    pub phones: Vec<String>,
    pub customer_group_ids: Vec<i32>,
    pub contacts: Vec<Contact>,
}

/// A phone left out, and why.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Invalid {
    /// Its position among the phones typed, then the contacts (from 0).
    pub index: usize,
    pub phone: String,
    pub message: String,
}

/// One recipient, resolved.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// `None` for a phone with no customer yet (a preview does not create them).
    pub customer_id: Option<i32>,
    pub phone: String,
    pub name: String,
    pub blacklisted: bool,
    pub fields: Option<BTreeMap<String, String>>,
}

/// The recipients of a campaign as the sources give them.
#[derive(Debug, Default)]
pub struct Resolution {
    pub recipients: Vec<Resolved>,
    pub duplicates_removed: usize,
    pub invalid: Vec<Invalid>,
}

impl Resolution {
    pub fn blacklisted(&self) -> usize {
        self.recipients.iter().filter(|r| r.blacklisted).count()
    }
}

/// Resolves the sources: phones normalized (invalid ones reported), groups expanded, duplicates
/// (the same phone twice) removed keeping the first. With `create`, phones without a customer
/// become customers (named by the contact, else by the phone); without it nothing is written.
pub async fn resolve(db: &impl ConnectionTrait, sources: &Sources, create: bool) -> Result<Resolution> {
    let mut out = Resolution::default();
    let mut seen: HashSet<String> = HashSet::new();
    // (phone, name, fields) in source order.
    let mut wanted: Vec<(String, Option<String>, Option<Fields>)> = Vec::new();
    let typed = sources.phones.iter().map(|phone| Contact { phone: phone.clone(), ..Contact::default() });
    for (index, contact) in typed.chain(sources.contacts.iter().cloned()).enumerate() {
        if contact.phone.trim().is_empty() {
            continue;
        }
        match normalize_phone(&contact.phone) {
            Ok(phone) => {
                if seen.insert(phone.clone()) {
                    let fields = contact.fields.map(lowercase_keys);
                    wanted.push((phone, contact.name, fields));
                } else {
                    out.duplicates_removed += 1;
                }
            }
            Err(_) => out.invalid.push(Invalid {
                index,
                phone: contact.phone.chars().take(40).collect(),
                message: "Telefone inválido: de 8 a 15 dígitos.".into(),
            }),
        }
    }
    let mut known = customers_by_phone(db, wanted.iter().map(|(phone, ..)| phone.as_str())).await?;
    if create {
        let missing: Vec<(&str, Option<&str>)> = wanted
            .iter()
            .filter(|(phone, ..)| !known.contains_key(phone))
            .map(|(phone, name, _)| (phone.as_str(), name.as_deref()))
            .collect();
        create_customers(db, &missing).await?;
        known.extend(customers_by_phone(db, missing.iter().map(|(phone, _)| *phone)).await?);
    }
    for (phone, name, fields) in wanted {
        let found = known.get(&phone);
        out.recipients.push(Resolved {
            customer_id: found.map(|c| c.0),
            name: found.map(|c| c.1.clone()).or(name).unwrap_or_else(|| phone.clone()),
            blacklisted: found.is_some_and(|c| c.2),
            phone,
            fields,
        });
    }
    for group_id in &sources.customer_group_ids {
        if customer_group::Entity::find_by_id(*group_id).one(db).await?.is_none() {
            return Err(Error::invalid_field(
                "group_not_found",
                "customerGroupIds",
                format!("Grupo de clientes {group_id} não encontrado."),
            ));
        }
    }
    if !sources.customer_group_ids.is_empty() {
        let members: Vec<(i32, String, String, bool)> = brief()
            .inner_join(customer_group_member::Entity)
            .filter(customer_group_member::Column::GroupId.is_in(sources.customer_group_ids.clone()))
            .order_by_asc(customer::Column::Id)
            .into_tuple()
            .all(db)
            .await?;
        for (id, phone, name, blacklisted) in members {
            if seen.insert(phone.clone()) {
                out.recipients.push(Resolved { customer_id: Some(id), phone, name, blacklisted, fields: None });
            } else {
                out.duplicates_removed += 1;
            }
        }
    }
    if out.recipients.len() > MAX_RECIPIENTS {
        return Err(Error::invalid(
            "too_many_recipients",
            format!("Uma campanha tem no máximo {MAX_RECIPIENTS} destinatários."),
        ));
    }
    Ok(out)
}

/// Customers as a recipient needs them: (id, phone, name, blacklisted).
fn brief() -> sea_orm::Select<customer::Entity> {
    customer::Entity::find().select_only().columns([
        customer::Column::Id,
        customer::Column::Phone,
        customer::Column::Name,
        customer::Column::Blacklisted,
    ])
}

fn lowercase_keys(fields: BTreeMap<String, String>) -> BTreeMap<String, String> {
    fields.into_iter().map(|(key, value)| (key.trim().to_lowercase(), value)).collect()
}

/// (id, name, blacklisted) of the customers with these phones.
async fn customers_by_phone<'a>(
    db: &impl ConnectionTrait,
    phones: impl Iterator<Item = &'a str>,
) -> Result<HashMap<String, (i32, String, bool)>> {
    let phones: Vec<&str> = phones.collect();
    let mut out = HashMap::with_capacity(phones.len());
    for chunk in phones.chunks(CHUNK) {
        let rows: Vec<(i32, String, String, bool)> =
            brief().filter(customer::Column::Phone.is_in(chunk.iter().copied())).into_tuple().all(db).await?;
        for (id, phone, name, blacklisted) in rows {
            out.insert(phone, (id, name, blacklisted));
        }
    }
    Ok(out)
}

/// Creates customers for these phones, many per statement (one that appeared meanwhile is kept).
async fn create_customers(db: &impl ConnectionTrait, missing: &[(&str, Option<&str>)]) -> Result<()> {
    let now = Utc::now();
    for chunk in missing.chunks(CHUNK) {
        let rows = chunk.iter().map(|(phone, name)| customer::ActiveModel {
            name: Set(name
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .map(|n| n.chars().take(120).collect())
                .unwrap_or_else(|| (*phone).to_owned())),
            phone: Set((*phone).to_owned()),
            blacklisted: Set(false),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        customer::Entity::insert_many(rows)
            .on_conflict(OnConflict::column(customer::Column::Phone).do_nothing().to_owned())
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The `{{variables}}` a message uses, lower-cased, in order of first use.
pub fn variables(body: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = body;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        let name = after[..end].trim().to_lowercase();
        if !name.is_empty() && !out.contains(&name) {
            out.push(name);
        }
        rest = &after[end + 2..];
    }
    out
}

/// Checks that every variable of `body` is known: built in, or a field some contact has.
pub fn check_variables(body: &str, contacts: &[Contact]) -> Result<()> {
    let fields: BTreeSet<String> = contacts
        .iter()
        .filter_map(|c| c.fields.as_ref())
        .flat_map(|fields| fields.keys().map(|k| k.trim().to_lowercase()))
        .collect();
    let unknown: Vec<String> = variables(body)
        .into_iter()
        .filter(|name| !BUILT_IN.contains(&name.as_str()) && !fields.contains(name))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let list = unknown.iter().map(|n| format!("{{{{{n}}}}}")).collect::<Vec<_>>().join(", ");
    Err(Error::Invalid {
        code: "unknown_variable",
        message: format!("Variável desconhecida na mensagem: {list}."),
        fields: vec![FieldError::new(
            "body",
            format!("Use {{{{nome}}}}, {{{{telefone}}}} ou uma coluna do arquivo importado; desconhecida: {list}."),
        )],
    })
}

/// The message one recipient reads: `{{nome}}` is the first name (empty when only the phone is
/// known), `{{telefone}}` the phone, any other variable the recipient's field (empty if absent).
pub fn render(body: &str, name: &str, phone: &str, fields: Option<&BTreeMap<String, String>>) -> String {
    let mut out = String::with_capacity(body.len() + 16);
    let mut rest = body;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        out.push_str(&rest[..start]);
        let variable = after[..end].trim().to_lowercase();
        match variable.as_str() {
            "nome" => {
                let known_name = name.trim() != phone && !name.trim().starts_with('+');
                out.push_str(if known_name { name.split_whitespace().next().unwrap_or_default() } else { "" });
            }
            "telefone" => out.push_str(phone),
            other => out.push_str(fields.and_then(|f| f.get(other)).map(String::as_str).unwrap_or_default()),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    // "Olá , tudo bem" when the name is unknown reads better as "Olá, tudo bem".
    out.replace(" ,", ",").replace(" !", "!").replace(" .", ".").replace(" ?", "?").trim().to_owned()
}

/// A file of contacts, read.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Import {
    pub contacts: Vec<ImportedContact>,
    /// The file's columns other than phone and name, lower-cased: the message's extra variables.
    pub columns: Vec<String>,
    pub errors: Vec<RowError>,
}

/// One good row.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportedContact {
    /// The row in the file (the header is row 1).
    pub row: usize,
    pub phone: String,
    pub name: Option<String>,
    pub fields: BTreeMap<String, String>,
}

/// One rejected row.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RowError {
    pub row: usize,
    pub message: String,
}

/// Reads an xlsx or CSV file of contacts: a header row with a phone column (`telefone`, `phone`,
/// `celular`, `whatsapp`, `numero`) and optionally a name column (`nome`, `name`); every other
/// column is a custom field. The file is read cell by cell under [`sheet_reader::IMPORTS`], on a
/// blocking thread, a few imports at a time (docs/campaigns.md#importing-contacts).
pub async fn import(bytes: bytes::Bytes, format: Format) -> Result<Import> {
    Ok(sheet_reader::read(bytes, format, sheet_reader::IMPORTS, Contacts::default()).await?.finish())
}

/// The same on the calling thread.
pub fn import_blocking(bytes: &[u8], format: Format) -> Result<Import> {
    let mut contacts = Contacts::default();
    sheet_reader::read_blocking(bytes, format, &sheet_reader::IMPORTS, &mut contacts)?;
    Ok(contacts.finish())
}

/// The header's columns: phone, name, and the others by lower-cased name.
struct Header {
    phone: usize,
    name: Option<usize>,
    extra: Vec<(usize, String)>,
}

impl Header {
    fn parse(row: &Row) -> Result<Self> {
        let header: Vec<String> = row.cells.iter().map(|h| fold(h)).collect();
        let phone = header
            .iter()
            .position(|h| matches!(h.as_str(), "telefone" | "phone" | "celular" | "whatsapp" | "numero" | "fone"))
            .ok_or_else(|| {
                Error::invalid(
                    "phone_column_missing",
                    "O arquivo precisa de uma coluna \"telefone\" na primeira linha (cabeçalho).",
                )
            })?;
        let name = header.iter().position(|h| matches!(h.as_str(), "nome" | "name" | "cliente"));
        let extra = header
            .iter()
            .enumerate()
            .filter(|(i, h)| *i != phone && Some(*i) != name && !h.is_empty())
            .map(|(i, h)| (i, h.clone()))
            .collect();
        Ok(Self { phone, name, extra })
    }
}

/// What one field of a contact costs beyond its text (its key and value strings and its map entry),
/// charged so that a wide header of empty columns is refused like long texts are: every contact
/// repeats every column of the header.
const ENTRY_COST: usize = 32;
/// What the contacts of one file may cost, text and [`ENTRY_COST`]s: 200 000 contacts with a dozen
/// columns fit; 200 000 with 49 empty ones (a 3 MB CSV, ~1 GB of maps) do not.
const MAX_CONTACTS_BYTES: usize = 128 * 1024 * 1024;

/// The rows of a contacts file as they are read.
#[derive(Default)]
struct Contacts {
    header: Option<Header>,
    out: Import,
    /// What the contacts cost so far (text and [`ENTRY_COST`]s): every contact repeats the header's
    /// names as its fields' keys, so a wide header multiplies by the rows.
    text: usize,
}

impl Contacts {
    fn finish(mut self) -> Import {
        if let Some(header) = self.header {
            self.out.columns = header.extra.into_iter().map(|(_, h)| h).collect();
        }
        self.out
    }
}

impl Sink for Contacts {
    fn row(&mut self, row: Row) -> Result<()> {
        let Some(header) = &self.header else {
            self.header = Some(Header::parse(&row)?);
            return Ok(());
        };
        let raw_phone = row.cell(header.phone);
        match normalize_phone(raw_phone) {
            Ok(phone) => {
                let contact = ImportedContact {
                    row: row.number,
                    name: header.name.map(|i| row.cell(i).to_owned()).filter(|n| !n.is_empty()),
                    fields: header.extra.iter().map(|(i, h)| (h.clone(), row.cell(*i).to_owned())).collect(),
                    phone,
                };
                self.text += ENTRY_COST
                    + contact.phone.len()
                    + contact.name.as_ref().map_or(0, String::len)
                    + contact.fields.iter().map(|(k, v)| ENTRY_COST + k.len() + v.len()).sum::<usize>();
                if self.text > MAX_CONTACTS_BYTES {
                    return Err(Error::invalid(
                        "sheet_text_limit",
                        format!(
                            "Os contatos do arquivo passam do limite de {} MB (linhas × colunas): use menos \
                             colunas ou divida o arquivo.",
                            MAX_CONTACTS_BYTES / (1024 * 1024)
                        ),
                    ));
                }
                self.out.contacts.push(contact);
            }
            Err(_) if raw_phone.is_empty() => {
                self.out.errors.push(RowError { row: row.number, message: "Telefone em branco.".into() })
            }
            Err(_) => self.out.errors.push(RowError {
                row: row.number,
                message: format!(
                    "Telefone inválido: \"{}\" (de 8 a 15 dígitos).",
                    raw_phone.chars().take(40).collect::<String>()
                ),
            }),
        }
        Ok(())
    }
}

/// A header cell as a variable name: lower case, trimmed, accents of the usual column names off.
fn fold(header: &str) -> String {
    header
        .trim()
        .to_lowercase()
        .replace(['ú', 'û'], "u")
        .replace(['é', 'ê'], "e")
        .replace(['á', 'ã', 'â'], "a")
        .replace(['í'], "i")
        .replace(['ó', 'õ', 'ô'], "o")
        .replace('ç', "c")
        .replace(' ', "_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_render_per_recipient_and_unknown_ones_are_refused() {
        let fields = BTreeMap::from([("cupom".to_owned(), "ANA10".to_owned())]);
        assert_eq!(
            render("Olá {{nome}}, seu cupom: {{ CUPOM }} ({{telefone}})", "Ana Souza", "+5511999990000", Some(&fields)),
            "Olá Ana, seu cupom: ANA10 (+5511999990000)"
        );
        assert_eq!(render("Olá {{nome}}, tudo bem?", "+5511999990000", "+5511999990000", None), "Olá, tudo bem?");
        let contacts = vec![Contact { phone: "1".into(), name: None, fields: Some(fields) }];
        assert!(check_variables("{{nome}} {{cupom}}", &contacts).is_ok());
        let err = check_variables("{{nome}} {{desconto}}", &contacts).unwrap_err();
        assert!(err.to_string().contains("{{desconto}}"), "{err}");
    }

    #[test]
    fn a_csv_in_excel_pt_br_form_reads_with_row_errors() {
        let csv = "Nome;Telefone;Cupom\r\nAna;(11) 99999-0000;ANA10\r\n\"Souza; Bia\";abc;BIA\r\n;;\r\nCarlos;5511988887777;\r\n";
        let read = import_blocking(csv.as_bytes(), Format::Csv).unwrap();
        assert_eq!(read.columns, vec!["cupom"]);
        assert_eq!(read.contacts.len(), 2);
        assert_eq!(read.contacts[0].phone, "+11999990000");
        assert_eq!(read.contacts[0].fields["cupom"], "ANA10");
        assert_eq!(read.errors.len(), 1);
        assert_eq!(read.errors[0].row, 3);
        assert!(read.errors[0].message.contains("abc"));
    }

    #[test]
    fn a_file_without_a_phone_column_is_refused() {
        let err = import_blocking(b"nome,email\nAna,a@b.c\n", Format::Csv).unwrap_err();
        assert!(err.to_string().contains("telefone"), "{err}");
    }
}
